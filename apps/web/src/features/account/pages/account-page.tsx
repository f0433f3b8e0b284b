import { Download, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RETENTION_YEARS } from '@khedma/shared/domain/retention';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { accountApiPaths, useCloseAccount, useClosureStatus } from '../api';

/**
 * /profile/account (issue 41, docs/retention.md): download one's data (a JSON file), and close the
 * account: what is kept and why, what is deleted, why it cannot be closed now (next to the button),
 * the email typed again as a confirmation. The server decides every rule.
 */
export function AccountPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <>
      <Seo title={t('title')} />
      <PageIntro title={t('title')} lead={t('lead')}>
        <ButtonLink to={paths.profile()} variant="secondary" className="mt-4">
          {t('back')}
        </ButtonLink>
      </PageIntro>
      <div className="container-page flex max-w-3xl flex-col gap-6 py-6 md:py-10">
        <Card title={t('export.title')} id="export">
          <p className="mb-4 text-ink-muted">{t('export.body')}</p>
          <a href={accountApiPaths.export} download className={buttonClass({ variant: 'secondary' })}>
            <Download aria-hidden="true" className="size-5" />
            {t('export.button')}
          </a>
        </Card>
        <Card title={t('close.title')} id="close">
          <CloseAccount email={session.user.email} />
        </Card>
      </div>
    </>
  );
}

function CloseAccount({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const status = useClosureStatus();
  const close = useCloseAccount();
  const [confirmEmail, setConfirmEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const blockers = status.data?.blockers ?? [];
  const blocked = blockers.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending || blocked || !status.data) return;
    setFailure(null);
    if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
      setFieldError(t('close.mismatch'));
      return;
    }
    setFieldError(null);
    close.mutate(confirmEmail.trim(), {
      onSuccess: () => {
        toast.success(t('close.done'));
        void navigate(paths.home(), { replace: true });
      },
      onError: (error) => {
        if (isApiError(error, 'VALIDATION_FAILED')) setFieldError(t('close.mismatch'));
        else if (!isApiError(error, 'CONFLICT') && !isApiError(error, 'FORBIDDEN')) setFailure(t('close.failed'));
      },
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-muted">{t('close.body')}</p>
      <Section title={t('close.keptTitle')}>
        <ul className="list-disc space-y-1 ps-5">
          <li>{t('close.keptFinancial', { years: RETENTION_YEARS.financialRecords })}</li>
          <li>{t('close.keptComplaints', { years: RETENTION_YEARS.complaintRecords })}</li>
          <li>{t('close.keptBookings', { years: RETENTION_YEARS.bookingHistory })}</li>
        </ul>
      </Section>
      <Section title={t('close.deletedTitle')}>
        <p>{t('close.deleted', { years: RETENTION_YEARS.closedAccount })}</p>
      </Section>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={close.isPending}>
        <TextField
          label={t('close.confirmLabel')}
          type="email"
          autoComplete="off"
          value={confirmEmail}
          onChange={(e) => {
            setConfirmEmail(e.target.value);
            setFieldError(null);
          }}
          error={fieldError}
          disabled={blocked}
          required
        />
        <div className="flex flex-col items-start gap-3">
          <Button type="submit" variant="danger" disabled={close.isPending || blocked || !status.data} aria-describedby={blocked ? 'closure-blockers' : undefined}>
            {close.isPending ? t('close.closing') : t('close.button')}
          </Button>
          {status.isPending ? <p className="text-sm text-ink-muted">{t('close.loading')}</p> : null}
          {blocked ? (
            <div id="closure-blockers" role="status" className="flex w-full items-start gap-3 rounded-card border border-saffron-300 bg-saffron-100 p-4 text-sm">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
              <div>
                <p className="font-semibold">{t('close.blockedTitle')}</p>
                <ul className="mt-1 list-disc space-y-1 ps-5">
                  {blockers.map((b) => (
                    <li key={b}>{t(`close.blocked.${b}`)}</li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1 font-bold">{title}</h3>
      <div className="text-ink-muted">{children}</div>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-card border border-sand-200 bg-white p-5 shadow-sm md:p-6">
      <h2 id={`${id}-title`} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
