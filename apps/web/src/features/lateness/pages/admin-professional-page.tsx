import { ArrowLeft, ArrowRight, Ban, RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, TextAreaField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { formatDate, formatLocalDate, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminProfessional, useReinstate, useSuspend } from '../api';
import { SuspensionBadge } from '../components/suspension-badge';

/**
 * /admin/professionals/:id (issue 41): the admin's view of a professional: status, late arrivals and
 * no-shows, the suspension and its reason; a super_admin suspends (a reason is required) or
 * reinstates; their bookings still to come, each a link to reassign it on the bookings page.
 */
export function AdminProfessionalPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('lateness');
  const language = useLanguage();
  const query = useAdminProfessional(id);
  const mayAct = useCan('professional:suspend');
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | null>(null);
  const p = query.data;
  const Back = language === 'ar' ? ArrowRight : ArrowLeft;

  return (
    <div className="container-page space-y-6 py-8 md:py-12">
      <Seo title={p?.fullName ?? t('admin.listTitle')} noindex />
      <Link to={paths.adminProfessionals()} className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 underline">
        <Back aria-hidden="true" className="size-4" />
        {t('admin.back')}
      </Link>
      {query.isError ? (
        isApiError(query.error, 'NOT_FOUND') || isApiError(query.error, 'VALIDATION_FAILED') ? (
          <FormAlert tone="error">{t('admin.notFound')}</FormAlert>
        ) : (
          <RetryAlert message={t('admin.loadFailed')} onRetry={() => void query.refetch()} />
        )
      ) : null}
      {p ? (
        <>
          <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="space-y-2">
              <h1 className="text-3xl font-bold text-ink">
                <bdi>{p.fullName}</bdi>
              </h1>
              <div className="flex flex-wrap items-center gap-2 text-ink-muted">
                <SuspensionBadge status={p.status} />
                {p.city ? <span>{p.city}</span> : null}
              </div>
            </div>
            {mayAct ? (
              p.status === 'suspended' ? (
                <Button variant="secondary" onClick={() => setDialog('reinstate')}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {t('admin.reinstate')}
                </Button>
              ) : (
                <Button variant="danger" onClick={() => setDialog('suspend')}>
                  <Ban aria-hidden="true" className="size-4" />
                  {t('admin.suspend')}
                </Button>
              )
            ) : null}
          </header>

          {p.status === 'suspended' ? (
            <FormAlert tone="info" live={false}>
              <span className="block font-semibold">{p.suspendedAt ? t('admin.suspendedSince', { date: formatDate(p.suspendedAt, language, 'long') }) : null}</span>
              {p.suspensionReason ? (
                <span className="block">
                  {t('admin.reason')}: <bdi>{p.suspensionReason}</bdi>
                </span>
              ) : null}
            </FormAlert>
          ) : null}

          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-lg border border-sand-200 bg-white p-4">
              <dt className="text-sm text-ink-muted">{t('admin.lateness')}</dt>
              <dd className="text-2xl font-bold tabular-nums text-ink" data-testid="lateness-count">
                {formatNumber(p.counts.lateness, language)}
              </dd>
            </div>
            <div className="rounded-lg border border-sand-200 bg-white p-4">
              <dt className="text-sm text-ink-muted">{t('admin.noShows')}</dt>
              <dd className="text-2xl font-bold tabular-nums text-ink" data-testid="no-show-count">
                {formatNumber(p.counts.noShows, language)}
              </dd>
            </div>
          </dl>

          <section className="space-y-3">
            <h2 className="text-xl font-bold text-ink">{t('admin.upcomingTitle')}</h2>
            <p className="text-ink-muted">{t('admin.upcomingLead')}</p>
            {p.upcoming.length === 0 ? (
              <p className="text-ink-muted">{t('admin.upcomingEmpty')}</p>
            ) : (
              <ul className="divide-y divide-sand-100 rounded-lg border border-sand-200 bg-white">
                {p.upcoming.map((b) => (
                  <li key={b.bookingId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-semibold text-ink">
                        <bdi>{b.title}</bdi>{' '}
                        <span className="font-mono text-sm tracking-wider text-ink-muted" dir="ltr">
                          {b.reference}
                        </span>
                      </p>
                      <p className="text-sm text-ink-muted">
                        {formatLocalDate(b.localDate, language, 'long')} · <bdi dir="ltr">{b.localTime}</bdi>
                      </p>
                    </div>
                    <Link to={paths.adminBookings({ search: b.reference })} className="font-semibold text-primary-700 underline">
                      {t('admin.reassign')}
                      <span className="sr-only"> {b.reference}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <SuspendDialog open={dialog === 'suspend'} id={p.professionalId} name={p.fullName} onClose={() => setDialog(null)} />
          <ReinstateDialog open={dialog === 'reinstate'} id={p.professionalId} name={p.fullName} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </div>
  );
}

function SuspendDialog({ open, id, name, onClose }: { open: boolean; id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('lateness');
  const suspend = useSuspend();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function close() {
    setReason('');
    setError(null);
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('admin.reasonRequired'));
      return;
    }
    suspend.mutate(
      { id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('admin.suspended', { name }));
          close();
        },
        onError: (err) => {
          if (isApiError(err, 'VALIDATION_FAILED')) setError(t('admin.reasonRequired'));
          else {
            toast.error(isApiError(err, 'CONFLICT') ? t('admin.changedMeanwhile') : t('errors.failed'));
            close();
          }
        },
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())} title={t('admin.suspendTitle', { name })} description={t('admin.suspendDescription')}>
      <form onSubmit={submit} noValidate className="grid gap-4 px-5 py-4">
        <TextAreaField
          label={t('admin.reasonLabel')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={error}
          required
          maxLength={500}
          rows={3}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('panel.keep')}
          </Button>
          <Button type="submit" variant="danger" disabled={suspend.isPending}>
            {t('admin.suspend')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReinstateDialog({ open, id, name, onClose }: { open: boolean; id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('lateness');
  const reinstate = useReinstate();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('admin.reinstateTitle', { name })} description={t('admin.reinstateDescription')}>
      <div className="flex flex-col-reverse gap-2 px-5 py-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('panel.keep')}
        </Button>
        <Button
          disabled={reinstate.isPending}
          onClick={() =>
            reinstate.mutate(
              { id },
              {
                onSuccess: () => {
                  toast.success(t('admin.reinstated', { name }));
                  onClose();
                },
                onError: (err) => {
                  toast.error(isApiError(err, 'CONFLICT') ? t('admin.changedMeanwhile') : t('errors.failed'));
                  onClose();
                },
              },
            )
          }
        >
          {t('admin.reinstate')}
        </Button>
      </div>
    </Dialog>
  );
}
