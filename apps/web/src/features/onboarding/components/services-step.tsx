import { useState } from 'react';
import type { ApplicationDraft } from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { useServices } from '../../../entities/catalog/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { StepActions, StepHeading } from './wizard-parts';

const KEYS = { serviceIds: 'services.error' } as const;

/** Step 4: the services offered, at least one. */
export function ServicesStep({ draft, onBack, onDone }: { draft: ApplicationDraft; onBack: () => void; onDone: () => void }) {
  const { errors, setErrors, fromServer, t } = useStepErrors(KEYS);
  const language = useLanguage();
  const services = useServices();
  const save = useSaveStep('services');
  const [ids, setIds] = useState<string[]>(draft.services?.serviceIds ?? []);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!ids.length) return setErrors({ serviceIds: t(KEYS.serviceIds) });
        setErrors({});
        save.mutate({ serviceIds: ids }, { onSuccess: onDone, onError: fromServer });
      }}
    >
      <StepHeading step="services" />
      <fieldset aria-describedby="services-hint services-error">
        <legend className="text-sm font-semibold text-ink">
          {t('services.legend')}
          <span aria-hidden="true" className="ms-0.5 text-cancelled">
            *
          </span>
        </legend>
        <p id="services-hint" className="mt-1 text-sm text-ink-muted">
          {t('services.hint')}
        </p>
        {services.isError ? <p className="mt-3 text-sm text-cancelled">{t('services.failed')}</p> : null}
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {services.data?.map((s) => {
            const checked = ids.includes(s.id);
            return (
              <label key={s.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-300 bg-white px-3 py-2 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50">
                <input
                  type="checkbox"
                  className="size-5 accent-primary-600"
                  checked={checked}
                  onChange={() => setIds((x) => (checked ? x.filter((i) => i !== s.id) : [...x, s.id]))}
                />
                <span className="text-sm">{pickLocalized(s.name, language)}</span>
              </label>
            );
          })}
        </div>
        <FieldError id="services-error" message={errors.serviceIds} />
      </fieldset>
      <StepActions onBack={onBack}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('wizard.saving') : t('wizard.next')}
        </Button>
      </StepActions>
    </form>
  );
}
