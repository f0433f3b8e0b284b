import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ONBOARDING_STEPS, onboardingProgress } from '@khedma/shared/domain/applications';
import { Button } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { useTranslation } from '../../../lib/use-translation';

/** "Step n of 7", the percent, and the bar (docs/professionals.md). */
export function OnboardingProgress({ step }: { step: number }) {
  const { t } = useTranslation('onboarding');
  const p = onboardingProgress(step);
  const name = t(`wizard.steps.${ONBOARDING_STEPS[p.step - 1]!}`);
  const counter = t('wizard.stepOf', { step: p.step, total: p.total });
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span>
          <span className="font-semibold text-primary-700">{counter}</span>
          <span aria-hidden="true" className="mx-2 text-sand-400">
            ·
          </span>
          <span className="text-ink-muted">{name}</span>
        </span>
        <span className="text-ink-muted">{t('wizard.percent', { percent: p.percent })}</span>
      </p>
      <div
        role="progressbar"
        aria-label={t('wizard.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        aria-valuetext={`${counter}: ${name}`}
        className="h-2 overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-primary-600 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${p.percent}%` }} />
      </div>
    </div>
  );
}

/** Back and Next (or the step's own main action), sticky at the bottom on phones. */
export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  const { t } = useTranslation('onboarding');
  return (
    <div
      data-action-bar=""
      className="sticky bottom-0 z-10 -mx-4 mt-8 flex items-center justify-between gap-3 border-t border-sand-200 bg-white/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:px-0"
    >
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          <DirectionalIcon icon={ArrowLeft} className="size-4" />
          {t('wizard.back')}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-3">{children}</div>
    </div>
  );
}

/** A link to a legal page in a new tab, announced as such. */
export function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation('onboarding');
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary-700 underline">
      {children}
      <ExternalLink aria-hidden="true" className="ms-0.5 inline size-3.5 align-[-0.1em] rtl:-scale-x-100" />
      <span className="sr-only"> {t('final.newTab')}</span>
    </Link>
  );
}

export function StepHeading({ step, children }: { step: (typeof ONBOARDING_STEPS)[number]; children?: ReactNode }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="mb-6">
      <h2 className="text-xl font-bold text-ink" tabIndex={-1} data-step-heading="">
        {t(`wizard.steps.${step}`)}
      </h2>
      {children}
    </div>
  );
}
