import { useEffect, useRef, useState } from 'react';
import { Clock } from 'lucide-react';
import { ONBOARDING_STEPS, type OnboardingStep } from '@khedma/shared/domain/applications';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useDraft, useMyApplication, useSubmitApplication } from '../api';
import { AreaStep } from '../components/area-step';
import { AvailabilityStep } from '../components/availability-step';
import { DocumentsStep } from '../components/documents-step';
import { FinalStep, type FinalValues } from '../components/final-step';
import { PersonalStep } from '../components/personal-step';
import { PhoneStep } from '../components/phone-step';
import { ServicesStep } from '../components/services-step';
import { OnboardingProgress } from '../components/wizard-parts';

/**
 * /professional-onboarding (docs/professionals.md): seven steps, the draft saved on the server as the applicant goes
 * (a reload or another device resumes at the first step not complete), then the submission.
 */
export function ProfessionalOnboardingPage() {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const mine = useMyApplication();
  const draft = useDraft();
  const submit = useSubmitApplication();
  const [chosenStep, setStep] = useState<number | null>(null);
  // Until the applicant moves, the wizard resumes where they stopped (the draft's first incomplete step).
  const step = chosenStep ?? draft.data?.resumeStep ?? null;
  const [done, setDone] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const top = useRef<HTMLDivElement>(null);

  const go = (n: number) => {
    setStep(Math.min(Math.max(n, 1), ONBOARDING_STEPS.length));
    setServerErrors({});
  };
  // A new step: its heading takes the focus (screen readers hear where they are) and the page scrolls up.
  useEffect(() => {
    if (chosenStep === null) return;
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.parentElement?.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [chosenStep]);

  const onSubmit = (values: FinalValues) => {
    submit.mutate(values, {
      onSuccess: () => {
        setDone(true);
        toast.success(t('submit.toast'));
      },
      onError: (err) => {
        if (isApiError(err, 'APPLICATION_EXISTS')) return toast.error(t('submit.exists'));
        if (isApiError(err, 'APPLICATION_INCOMPLETE')) {
          const first = ONBOARDING_STEPS.findIndex((s) => s in err.fields);
          toast.error(t('submit.incomplete'));
          if (first >= 0) go(first + 1);
          return;
        }
        if (isApiError(err) && err.status === 400) setServerErrors(err.fields);
        toast.error(t('submit.failed'));
      },
    });
  };

  const email = session.status === 'signed-in' ? session.user.email : '';
  const pending = !done && mine.data?.status === 'pending';
  const approved = !done && mine.data?.status === 'approved';

  let body;
  if (done) {
    // Submitted: the dialog says so; under it, the same words rather than an empty wizard starting again.
    body = (
      <FormAlert tone="success" className="mt-2">
        <p className="font-semibold">{t('submit.successTitle')}</p>
        <p className="mt-1 font-normal">{t('submit.successText')}</p>
      </FormAlert>
    );
  } else if (pending || approved) {
    body = (
      <FormAlert tone="info" className="mt-2">
        <p className="font-semibold">{pending ? t('wizard.pendingTitle') : t('becomePro.statusText.approved')}</p>
        {pending ? <p className="mt-1 font-normal">{t('wizard.pendingText')}</p> : null}
        <ButtonLink to={pending ? paths.becomePro() : paths.proProfile()} variant="secondary" className="mt-3">
          {pending ? t('becomePro.title') : t('becomePro.completeProfile')}
        </ButtonLink>
      </FormAlert>
    );
  } else if (draft.isError || mine.isError) {
    body = (
      <FormAlert>
        <p>{t('wizard.loadFailed')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void Promise.all([draft.refetch(), mine.refetch()])}>
          {t('wizard.retry')}
        </Button>
      </FormAlert>
    );
  } else if (!draft.data || step === null || mine.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-ink-muted">
        <Clock aria-hidden="true" className="size-5 animate-pulse" />
        {t('wizard.loading')}
      </p>
    );
  } else {
    const d = draft.data;
    const name: OnboardingStep = ONBOARDING_STEPS[step - 1]!;
    const back = () => go(step - 1);
    const next = () => go(step + 1);
    body = (
      <>
        <OnboardingProgress step={step} />
        <div className="mt-8" data-onboarding-step={name}>
          {name === 'phone' ? <PhoneStep verified={d.phone?.verified ? d.phone : null} onDone={next} /> : null}
          {name === 'personal' ? <PersonalStep draft={d} email={email} onBack={back} onDone={next} /> : null}
          {name === 'area' ? <AreaStep draft={d} onBack={back} onDone={next} /> : null}
          {name === 'services' ? <ServicesStep draft={d} onBack={back} onDone={next} /> : null}
          {name === 'availability' ? <AvailabilityStep draft={d} onBack={back} onDone={next} /> : null}
          {name === 'documents' ? <DocumentsStep draft={d} onBack={back} onDone={next} /> : null}
          {name === 'final' ? <FinalStep draft={d} onBack={back} onSubmit={onSubmit} submitting={submit.isPending} serverErrors={serverErrors} /> : null}
        </div>
      </>
    );
  }

  return (
    <>
      <Seo title={t('wizard.title')} />
      <PageIntro title={t('wizard.title')} />
      <div className="container-page max-w-3xl py-8 md:py-12">
        <div ref={top} className="scroll-mt-24" />
        {body}
      </div>
      <Dialog
        open={done}
        onOpenChange={() => {}}
        title={t('submit.successTitle')}
        description={t('submit.successText')}
        footer={<ButtonLink to={paths.home()}>{t('submit.home')}</ButtonLink>}
      >
        <span />
      </Dialog>
    </>
  );
}
