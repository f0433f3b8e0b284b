import * as Checkbox from '@radix-ui/react-checkbox';
import { Check, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import type { ConsentChoice } from '../consent';

/**
 * The cookie settings dialog (docs/public-site.md): essential (always on, locked), analytics and marketing, with
 * Save Preferences and Cancel. Radix Dialog: focus trapped inside, Escape and Cancel close it without
 * changing anything.
 */
export function CookieSettingsDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: ConsentChoice;
  onSave: (choice: ConsentChoice) => void;
}) {
  const { t } = useTranslation('consent');
  // The parent remounts this dialog (key) on each opening, so it starts from the stored choice.
  const [choice, setChoice] = useState<ConsentChoice>(initial);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.title')}
      description={t('dialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => onSave(choice)}>{t('dialog.save')}</Button>
        </>
      }
    >
      <ul className="space-y-3">
        <Category title={t('dialog.essentialTitle')} body={t('dialog.essentialBody')} checked disabled badge={t('dialog.alwaysOn')} />
        <Category
          title={t('dialog.analyticsTitle')}
          body={t('dialog.analyticsBody')}
          checked={choice.analytics}
          onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
        />
        <Category
          title={t('dialog.marketingTitle')}
          body={t('dialog.marketingBody')}
          checked={choice.marketing}
          onChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
        />
      </ul>
    </Dialog>
  );
}

function Category({
  title,
  body,
  checked,
  disabled = false,
  badge,
  onChange,
}: {
  title: string;
  body: string;
  checked: boolean;
  disabled?: boolean;
  badge?: string;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 rounded-xl border border-sand-200 p-4">
      <Checkbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange?.(value === true)}
        aria-describedby={`${id}-body`}
        className={cn(
          'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-md border-2 transition-colors',
          checked ? 'border-primary-600 bg-primary-600 text-white' : 'border-sand-500 bg-white',
          disabled && 'cursor-not-allowed border-sand-500 bg-sand-500',
        )}
      >
        <Checkbox.Indicator>
          <Check aria-hidden="true" className="size-4" strokeWidth={3} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={cn('flex flex-wrap items-center gap-2 font-semibold', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
          {title}
          {badge ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-sand-800">
              <Lock aria-hidden="true" className="size-3" />
              {badge}
            </span>
          ) : null}
        </label>
        <p id={`${id}-body`} className="mt-1 text-sm text-ink-muted">
          {body}
        </p>
      </div>
    </li>
  );
}
