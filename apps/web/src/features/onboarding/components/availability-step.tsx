import { useState } from 'react';
import type { ApplicationDraft } from '@khedma/shared';
import { hasAnySlot, toggleSlot, type WeeklyAvailabilityPlan } from '@khedma/shared/domain/applications';
import { AVAILABILITY_SLOTS } from '@khedma/shared/domain/schedule';
import { WEEKDAYS } from '@khedma/shared/domain/time';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { StepActions, StepHeading } from './wizard-parts';

const KEYS = { availability: 'availability.error' } as const;

/** Step 5: slots per weekday; allDay clears the other slots of the day and the reverse (shared rule). */
export function AvailabilityStep({ draft, onBack, onDone }: { draft: ApplicationDraft; onBack: () => void; onDone: () => void }) {
  const { errors, setErrors, fromServer, t } = useStepErrors(KEYS);
  const save = useSaveStep('availability');
  const [plan, setPlan] = useState<WeeklyAvailabilityPlan>(draft.availability ?? {});

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!hasAnySlot(plan)) return setErrors({ availability: t(KEYS.availability) });
        setErrors({});
        save.mutate({ availability: plan }, { onSuccess: onDone, onError: fromServer });
      }}
    >
      <StepHeading step="availability">
        <p className="mt-1 text-sm text-ink-muted">{t('availability.hint')}</p>
      </StepHeading>
      <div className="space-y-3" aria-describedby="availability-error">
        {WEEKDAYS.map((day) => (
          <fieldset key={day} className="rounded-xl border border-sand-200 bg-white p-3">
            <legend className="px-1 text-sm font-semibold text-ink">{t(`availability.days.${day}`)}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {AVAILABILITY_SLOTS.map((slot) => (
                <label key={slot} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand-300 px-2 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary-600"
                    checked={plan[day]?.[slot] === true}
                    onChange={() => setPlan((p) => ({ ...p, [day]: toggleSlot(p[day], slot) }))}
                  />
                  <span className="text-sm leading-tight">
                    {t(`availability.slots.${slot}`)}
                    <span className="block text-xs text-ink-muted" dir="ltr">
                      {t(`availability.slotHours.${slot}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <FieldError id="availability-error" message={errors.availability} />
      <StepActions onBack={onBack}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('wizard.saving') : t('wizard.next')}
        </Button>
      </StepActions>
    </form>
  );
}
