import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { MyApplication } from '@khedma/shared';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../components/ui/cn';

const TONES = {
  pending: { box: 'border-pending/40 bg-pending-soft', text: 'text-pending', Icon: Clock },
  approved: { box: 'border-completed/40 bg-completed-soft', text: 'text-completed', Icon: CheckCircle2 },
  rejected: { box: 'border-cancelled/40 bg-cancelled-soft', text: 'text-cancelled', Icon: XCircle },
} as const;

/** The status of the latest application (docs/professionals.md): pending yellow, approved green, rejected red with the reason. */
export function ApplicationStatusCard({ application }: { application: MyApplication }) {
  const { t } = useTranslation('onboarding');
  const language = useLanguage();
  const tone = TONES[application.status];
  return (
    <section aria-labelledby="application-status" data-application-status={application.status} className={cn('rounded-2xl border p-5', tone.box)}>
      <h2 id="application-status" className="text-lg font-bold text-ink">
        {t('becomePro.statusTitle')}
      </h2>
      <p className={cn('mt-2 flex items-center gap-2 font-semibold', tone.text)}>
        <tone.Icon aria-hidden="true" className="size-5" />
        {t(`becomePro.status.${application.status}`)}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{t('becomePro.submittedOn', { date: formatDate(application.submittedAt, language) })}</p>
      <p className="mt-3 text-ink">{t(`becomePro.statusText.${application.status}`)}</p>
      {application.status === 'rejected' && application.rejectionReason ? (
        <p className="mt-1 text-ink" dir="auto">
          {t('becomePro.reason', { reason: application.rejectionReason })}
        </p>
      ) : null}
      {application.status === 'approved' ? (
        <ButtonLink to={paths.proProfile()} className="mt-4">
          {t('becomePro.completeProfile')}
        </ButtonLink>
      ) : null}
      {application.status === 'rejected' ? (
        <ButtonLink to={paths.professionalOnboarding()} className="mt-4">
          {t('becomePro.applyAgain')}
        </ButtonLink>
      ) : null}
    </section>
  );
}
