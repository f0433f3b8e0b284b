import { BadgeCheck, CalendarClock, CheckCircle2, Headset, ShieldCheck, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { paths } from '../../../config/paths';
import { useRequireLogin, useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useMyApplication } from '../api';
import { ApplicationStatusCard } from '../components/application-status-card';

const BENEFITS = [
  ['customers', Users],
  ['payment', ShieldCheck],
  ['schedule', CalendarClock],
  ['support', Headset],
] as const;
const PROCESS = ['apply', 'review', 'profile', 'earn'] as const;
const REQUIREMENTS = ['id', 'certificate', 'experience', 'bank'] as const;

export function Benefits() {
  const { t } = useTranslation('onboarding');
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="text-2xl font-bold text-ink">
        {t('becomePro.benefitsTitle')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map(([key, Icon]) => (
          <li key={key} className="rounded-2xl border border-sand-200 bg-white p-5">
            <Icon aria-hidden="true" className="size-8 text-primary-600" />
            <h3 className="mt-3 font-semibold text-ink">{t(`becomePro.benefits.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-ink-muted">{t(`becomePro.benefits.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /become-pro (docs/professionals.md): login required; hero, benefits, the four-step process, requirements, the status card, the start button. */
export function BecomeProPage() {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const requireLogin = useRequireLogin();
  const signedIn = session.status === 'signed-in';
  const mine = useMyApplication(signedIn);

  // docs/professionals.md: a destructive toast and the login page (which comes back here).
  useEffect(() => {
    if (session.status === 'signed-out') requireLogin(paths.becomePro());
  }, [session.status, requireLogin]);

  const application = mine.data ?? null;
  const canStart = signedIn && mine.isSuccess && (!application || application.status === 'rejected');

  return (
    <>
      <Seo title={t('becomePro.title')} />
      <PageIntro title={t('becomePro.heroTitle')} lead={t('becomePro.heroLead')}>
        {canStart ? (
          <ButtonLink to={paths.professionalOnboarding()} size="lg" className="mt-6">
            {t('becomePro.start')}
          </ButtonLink>
        ) : null}
      </PageIntro>
      <div className="container-page space-y-12 py-10 md:py-14">
        {signedIn ? (
          mine.isPending ? (
            <p role="status" className="text-ink-muted">
              {t('becomePro.loading')}
            </p>
          ) : mine.isError ? (
            <FormAlert>{t('becomePro.loadFailed')}</FormAlert>
          ) : application ? (
            <ApplicationStatusCard application={application} />
          ) : null
        ) : null}
        <Benefits />
        <section aria-labelledby="process-title">
          <h2 id="process-title" className="text-2xl font-bold text-ink">
            {t('becomePro.processTitle')}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PROCESS.map((key, i) => (
              <li key={key} className="rounded-2xl border border-sand-200 bg-white p-5">
                <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-primary-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold text-ink">{t(`becomePro.process.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-ink-muted">{t(`becomePro.process.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="requirements-title">
          <h2 id="requirements-title" className="text-2xl font-bold text-ink">
            {t('becomePro.requirementsTitle')}
          </h2>
          <ul className="mt-4 space-y-2">
            {REQUIREMENTS.map((key) => (
              <li key={key} className="flex items-center gap-3 text-ink">
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-completed" />
                {t(`becomePro.requirements.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        {canStart ? (
          <ButtonLink to={paths.professionalOnboarding()} size="lg">
            <BadgeCheck aria-hidden="true" className="size-5" />
            {t('becomePro.start')}
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
