import { useState } from 'react';
import { useParams } from 'react-router';
import { WIZARD_START_TIMES } from '@khedma/shared';
import type { SeriesDto, SeriesOccurrence } from '@khedma/shared/schemas/recurring';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDate, formatLocalDate, formatMoney, formatTime } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { usePayVisit, useRebook, useSeries, useSeriesAction, type SeriesAction } from '../api';
import { postToProvider } from '../../../lib/post-to-provider';
import { MoveVisitDialog } from '../components/move-visit-dialog';

const STATUS_TONE: Record<SeriesDto['status'], StatusTone> = { active: 'confirmed', paused: 'pending', cancelled: 'cancelled', declined: 'cancelled' };
const VISIT_TONE: Record<SeriesOccurrence['state'], StatusTone> = { planned: 'pending', booked: 'confirmed', skipped: 'cancelled', unavailable: 'cancelled', rebooked: 'completed' };

type Confirm = { title: string; body: string; action: SeriesAction; danger?: boolean } | null;

/** /recurring/{id}: a series and its visits, for its customer (every action) and its professional (read, decline). */
export function SeriesPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('recurring');
  const language = useLanguage();
  const series = useSeries(id);
  const action = useSeriesAction(id);
  const rebook = useRebook(id);
  const pay = usePayVisit();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [time, setTime] = useState('');
  const [moving, setMoving] = useState<SeriesOccurrence | null>(null);

  if (series.isPending) {
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('series.title')} noindex />
        <div role="status" className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (series.isError) {
    const missing = (series.error as { status?: number }).status === 404;
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('series.title')} noindex />
        {missing ? <h1 className="text-2xl font-bold text-ink">{t('series.notFound')}</h1> : <RetryAlert as="h1" message={t('series.loadFailed')} onRetry={() => void series.refetch()} />}
        <ButtonLink to={paths.dashboard()} variant="secondary" className="mt-4">
          {t('series.toDashboard')}
        </ButtonLink>
      </div>
    );
  }

  const s = series.data;
  const customer = s.viewerRole === 'customer';
  const live = s.status === 'active' || s.status === 'paused';
  const title = s.service ? pickLocalized(s.service, language) : s.title;
  const every = t(`every.${s.intervalWeeks}` as 'every.1');
  const run = (a: SeriesAction, done = t('series.done')) =>
    action.mutate(a, {
      onSuccess: () => {
        toast.success(done);
        setConfirm(null);
      },
      onError: () => toast.error(t('series.failed')),
    });

  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('series.title')} noindex />
      <p className="text-sm font-semibold text-primary-700">{t('series.title')}</p>
      <h1 className="mt-1 text-3xl font-bold text-ink">{title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <StatusBadge tone={STATUS_TONE[s.status]}>{t(`status.${s.status}`)}</StatusBadge>
        <span className="text-ink">{t('series.schedule', { every, time: s.startTime })}</span>
      </div>
      <ul className="mt-4 space-y-1 text-sm text-ink-muted">
        <li>{t('series.from', { date: formatLocalDate(s.firstDate, language, 'full') })}</li>
        <li>
          {s.end.kind === 'count' ? t('series.untilCount', { count: s.end.count }) : s.end.kind === 'date' ? t('series.untilDate', { date: formatLocalDate(s.end.date, language, 'long') }) : t('series.untilCancelled')}
        </li>
        <li>{customer ? t('series.pro', { name: s.professional.firstName }) : t('series.customer', { name: s.customer?.name ?? '' })}</li>
        <li>{s.location}</li>
        {s.price ? <li>{t('series.price', { total: formatMoney(s.price.total), discount: formatMoney(s.price.discount) })}</li> : null}
      </ul>

      {customer && live ? (
        <section className="mt-6 flex flex-wrap items-end gap-3 rounded-card border border-sand-200 bg-white p-4">
          <SelectField label={t('series.changeTime')} value={time || s.startTime} onChange={(e) => setTime(e.target.value)} fieldClassName="min-w-40">
            {WIZARD_START_TIMES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" disabled={action.isPending || !time || time === s.startTime} onClick={() => run({ kind: 'time', startTime: time }, t('series.timeChanged', { time }))}>
            {t('series.changeTimeSave')}
          </Button>
          {s.status === 'active' ? (
            <Button variant="secondary" disabled={action.isPending} onClick={() => run({ kind: 'pause' })}>
              {t('series.pause')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={action.isPending} onClick={() => run({ kind: 'resume' })}>
              {t('series.resume')}
            </Button>
          )}
          <Button variant="ghost" disabled={action.isPending} onClick={() => setConfirm({ title: t('series.cancel'), body: t('series.cancelConfirm'), action: { kind: 'cancel' }, danger: true })}>
            {t('series.cancel')}
          </Button>
        </section>
      ) : null}
      {s.canDecline ? (
        <Button className="mt-6" variant="danger" disabled={action.isPending} onClick={() => setConfirm({ title: t('series.decline'), body: t('series.declineConfirm'), action: { kind: 'decline' }, danger: true })}>
          {t('series.decline')}
        </Button>
      ) : null}

      <section aria-labelledby="visits" className="mt-8">
        <h2 id="visits" className="text-xl font-bold text-ink">
          {t('series.visits')}
        </h2>
        {s.occurrences.length === 0 ? <p className="mt-2 text-ink-muted">{t('series.noVisits')}</p> : null}
        <ul className="mt-3 space-y-3">
          {s.occurrences.map((o) => {
            const date = formatLocalDate(o.date, language, 'full');
            const b = o.booking;
            const cancelled = b?.status === 'cancelled' && o.state === 'booked';
            return (
              <li key={o.seq} className="rounded-card border border-sand-200 bg-white p-4" data-testid={`visit-${o.seq}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-ink">
                    {date} · {o.startTime}
                  </p>
                  <StatusBadge tone={cancelled ? 'cancelled' : VISIT_TONE[o.state]}>
                    {cancelled ? t('visit.cancelled') : o.state === 'booked' && b?.paymentStatus === 'paid' ? t('visit.paid') : t(`visit.${o.state}`)}
                  </StatusBadge>
                </div>
                {o.movedFrom ? <p className="mt-1 text-sm text-ink-muted">{t('move.movedFrom', { date: formatLocalDate(o.movedFrom, language, 'long') })}</p> : null}
                {o.state === 'unavailable' && o.reason ? <p className="mt-1 text-sm text-cancelled">{t(`visit.reason.${o.reason}`)}</p> : null}
                {b?.payBy ? <p className="mt-1 text-sm text-ink-muted">{t('visit.toPay', { total: formatMoney(b.total), date: `${formatDate(b.payBy, language, 'long')} ${formatTime(b.payBy, language)}` })}</p> : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  {b?.canPay ? (
                    <Button
                      variant="accent"
                      disabled={pay.isPending}
                      onClick={() =>
                        pay.mutate(b.id, {
                          onSuccess: (res) => (res.redirect ? postToProvider(res.redirect) : void series.refetch()),
                          onError: () => toast.error(t('series.failed')),
                        })
                      }
                    >
                      {t('visit.pay', { total: formatMoney(b.total) })}
                    </Button>
                  ) : null}
                  {o.canRebook ? (
                    <Button
                      variant="primary"
                      disabled={rebook.isPending}
                      onClick={() => rebook.mutate(o.seq, { onSuccess: () => toast.success(t('visit.rebooked_toast')), onError: () => toast.error(t('series.failed')) })}
                    >
                      {t('visit.rebook')}
                    </Button>
                  ) : null}
                  {o.canMove ? (
                    <Button variant="secondary" disabled={action.isPending} onClick={() => setMoving(o)}>
                      {t('move.open')}
                    </Button>
                  ) : null}
                  {o.canSkip ? (
                    <Button variant="secondary" disabled={action.isPending} onClick={() => setConfirm({ title: t('visit.skip'), body: t('visit.skipConfirm', { date }), action: { kind: 'skip', seq: o.seq } })}>
                      {t('visit.skip')}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <MoveVisitDialog seriesId={s.id} visit={moving} onClose={() => setMoving(null)} />
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={confirm?.title ?? ''}
        description={confirm?.body}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              {t('series.back')}
            </Button>
            <Button variant={confirm?.danger ? 'danger' : 'primary'} disabled={action.isPending} onClick={() => confirm && run(confirm.action)}>
              {confirm?.title}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
