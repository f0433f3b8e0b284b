import { useTranslation } from '../../../lib/use-translation';
import { clampStep, progressPercent, WIZARD_STEP_COUNT, WIZARD_STEPS } from './wizard-state';

/** "Step 3 of 6 · Date and time" and the bar (docs/bookings.md: the counter is clamped to 1..6). */
export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation('booking');
  const current = clampStep(step);
  const name = t(`wizard.steps.${WIZARD_STEPS[current - 1]!}`);
  const counter = t('wizard.stepOf', { step: current, total: WIZARD_STEP_COUNT });
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-primary-700">{counter}</span>
        <span aria-hidden="true" className="text-sand-400">
          ·
        </span>
        <span className="text-ink-muted">{name}</span>
      </p>
      <div
        role="progressbar"
        aria-label={t('wizard.progress')}
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEP_COUNT}
        aria-valuenow={current}
        aria-valuetext={`${counter}: ${name}`}
        className="h-2 overflow-hidden rounded-full bg-sand-200"
      >
        <div
          className="h-full rounded-full bg-primary-600 transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${progressPercent(current)}%` }}
        />
      </div>
    </div>
  );
}
