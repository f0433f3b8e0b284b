import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers with the title; visible under it. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (end-aligned; stacked full width on phones). */
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal dialog (Radix): focus trapped and returned, Escape and the close button close it, the title
 * names it for assistive technology. On phones it rises from the bottom edge; from 640 px it is centred.
 *
 * Our dialogs are opened from code (a row's button, the footer's Cookie Preferences through a window
 * event), not from a Radix Trigger, so Radix would drop focus on <body> when they close. The element
 * that had focus when the dialog opened gets it back; if it has gone (the cookie banner, once a choice
 * is saved), the main content does, so the next Tab continues from the page, not from its top.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, className }: DialogProps) {
  const { t } = useTranslation();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 motion-safe:animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-card bg-white shadow-xl outline-none motion-safe:animate-fade-in',
            'sm:inset-x-auto sm:bottom-auto sm:start-1/2 sm:top-1/2 sm:w-[min(36rem,calc(100vw-2rem))] sm:-translate-y-1/2 sm:rounded-card',
            'sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // Runs before Radix moves focus into the dialog.
            const active = document.activeElement;
            returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : document.getElementById('main');
            returnFocusTo.current = null;
            if (!target) return;
            event.preventDefault();
            target.focus({ preventScroll: true });
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-sand-200 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="mt-1 text-sm text-ink-muted">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close
              className="-me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-muted hover:bg-sand-100"
              aria-label={t('common.close')}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-sand-200 px-5 py-4 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
