import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RECURRING_MAX_COUNT, RECURRING_MESSAGES, type RecurringInterval } from '@khedma/shared/domain/recurring';
import type { CreateSeriesRequest } from '@khedma/shared/schemas/recurring';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useBooking } from '../../../entities/booking/api';
import { SeriesLink } from '../../../entities/booking/components/series-link';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateSeries } from '../api';
import { ChoiceGroup } from '../../../components/ui/choice-group';

type EndKind = 'never' | 'count' | 'date';

/**
 * /recurring/new?booking={id}: repeat one of my bookings with the same professional (the wizard's
 * "Repeat" and a booking's "Book again every ..."). The server checks everything again.
 */
export function NewSeriesPage() {
  const { t } = useTranslation('recurring');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const booking = useBooking(bookingId, { enabled: Boolean(bookingId) });
  const create = useCreateSeries();
  // One key per attempt: a retry after a lost answer gets the same series.
  const key = useMemo(() => crypto.randomUUID(), []);
  const [interval, setInterval] = useState<'1' | '2' | '4' | null>(null);
  const [endKind, setEndKind] = useState<EndKind>('never');
  const [count, setCount] = useState('4');
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<{ often?: string; count?: string; date?: string; form?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    const next = {
      often: interval ? undefined : t('new.errors.often'),
      count: endKind === 'count' && !(Number.isInteger(n) && n >= 1 && n <= RECURRING_MAX_COUNT) ? t('new.errors.count') : undefined,
      date: endKind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(endDate) ? t('new.errors.date') : undefined,
    };
    setErrors(next);
    if (next.often || next.count || next.date || !interval) return;
    const end: CreateSeriesRequest['end'] = endKind === 'count' ? { kind: 'count', count: n } : endKind === 'date' ? { kind: 'date', date: endDate } : { kind: 'never' };
    create.mutate(
      { body: { bookingId, intervalWeeks: Number(interval) as RecurringInterval, end }, key },
      {
        onSuccess: (series) => {
          toast.success(t('new.created'));
          void navigate(paths.recurringSeries(series.id));
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          if (fields['end.count']) return setErrors({ count: t('new.errors.count') });
          if (fields['end.date']) return setErrors({ date: t('new.errors.date') });
          // The server's English message names the refusal (errors are codes; these two share CONFLICT).
          const message = isApiError(error) ? error.message : '';
          const refusals: Record<string, string> = {
            [RECURRING_MESSAGES.alreadyRepeating]: t('new.already'),
            [RECURRING_MESSAGES.isVisit]: t('new.isVisit'),
            [RECURRING_MESSAGES.notRepeatable]: t('new.notRepeatable'),
          };
          setErrors({ form: refusals[message] ?? t('new.failed') });
        },
      },
    );
  }

  return (
    <div className="container-page max-w-2xl py-8 md:py-12">
      <Seo title={t('new.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('new.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('new.lead')}</p>
      {booking.isPending && bookingId ? (
        <div role="status" className="mt-6 h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      ) : booking.isError || !bookingId || !booking.data ? (
        <div className="mt-6">
          <RetryAlert message={t('new.loadFailed')} onRetry={() => void booking.refetch()} />
          <ButtonLink to={paths.dashboardBookings()} variant="secondary" className="mt-4">
            {t('series.toDashboard')}
          </ButtonLink>
        </div>
      ) : booking.data.series ? (
        // It repeats already (the server's link): its series, not a second one.
        <div className="mt-6">
          <SeriesLink series={booking.data.series} />
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-5 rounded-card border border-sand-200 bg-white p-5 md:p-6">
          <p className="text-sm text-ink-muted">
            {booking.data.service ? pickLocalized(booking.data.service.name, language) : booking.data.title} ·{' '}
            {t('new.booking', { reference: booking.data.reference, date: `${formatDate(booking.data.scheduledStart, language, 'full')} ${booking.data.local.startTime}` })}
          </p>
          <ChoiceGroup
            legend={t('new.often')}
            name="interval"
            value={interval}
            error={errors.often}
            onChange={(v) => {
              setInterval(v);
              setErrors((e) => ({ ...e, often: undefined }));
            }}
            options={(['1', '2', '4'] as const).map((v) => ({ value: v, label: t(`every.${v}`) }))}
          />
          <ChoiceGroup
            legend={t('new.end')}
            name="end"
            value={endKind}
            onChange={(v) => setEndKind(v)}
            options={[
              { value: 'never' as const, label: t('new.endNever') },
              { value: 'count' as const, label: t('new.endCount') },
              { value: 'date' as const, label: t('new.endDate') },
            ]}
          />
          {endKind === 'count' ? (
            <TextField label={t('new.count')} type="number" inputMode="numeric" min={1} max={RECURRING_MAX_COUNT} value={count} error={errors.count ?? null} onChange={(e) => setCount(e.target.value)} />
          ) : null}
          {endKind === 'date' ? <TextField label={t('new.date')} type="date" value={endDate} error={errors.date ?? null} onChange={(e) => setEndDate(e.target.value)} /> : null}
          <FormAlert tone="info" live={false}>
            {t('new.howItWorks')}
          </FormAlert>
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
            {create.isPending ? t('new.submitting') : t('new.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
