import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import { SERVICE_FEE_RATE, WIZARD_START_TIMES } from '@khedma/shared';
import { JOB_QUOTE_RULES, latestValidity } from '@khedma/shared/domain/job-quotes';
import { addDays, localDateOf } from '@khedma/shared/domain/time';
import type { JobRequestDto } from '@khedma/shared/schemas/job-quotes';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useJobRequest, useSubmitQuote, useWithdrawQuote } from '../api';
import { QuoteCard, RequestSummary } from '../components/request-parts';

/** Half hours from 08:30 to 20:00: a visit's end (the server checks 30 minutes to 8 hours). */
const END_TIMES = Array.from({ length: 24 }, (_, i) => {
  const minutes = 8 * 60 + 30 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

type Line = { label: string; amount: string };
type Errors = Record<string, string | undefined>;

function QuoteForm({ request }: { request: JobRequestDto }) {
  const { t } = useTranslation('quotes');
  const submit = useSubmitQuote(request.id);
  const today = localDateOf(new Date());
  const firstDate = request.preferredDates.find((d) => d > today) ?? addDays(today, 2);
  const [lines, setLines] = useState<Line[]>([{ label: '', amount: '' }]);
  const [date, setDate] = useState(firstDate);
  const [startTime, setStartTime] = useState('09:00');
  const [endTime, setEndTime] = useState('13:00');
  const [validUntil, setValidUntil] = useState(latestValidity(today, firstDate));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const subtotal = lines.reduce((sum, l) => sum + (Number.parseInt(l.amount, 10) || 0), 0);
  const total = subtotal + Math.round(subtotal * SERVICE_FEE_RATE);

  function send(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    lines.forEach((l, i) => {
      if (l.label.trim().length < 2) next[`label${i}`] = t('errors.lineLabel');
      const amount = Number(l.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > JOB_QUOTE_RULES.lineAmountMax) next[`amount${i}`] = t('errors.lineAmount');
    });
    if (!date) next.date = t('errors.date');
    if (!validUntil) next.validUntil = t('errors.validUntil');
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    submit.mutate(
      { lines: lines.map((l) => ({ label: l.label.trim(), amount: Number(l.amount) })), date, startTime, endTime, validUntil, message: message.trim() || undefined },
      {
        onSuccess: () => toast.success(t('pro.sent')),
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          setErrors({
            date: fields.date,
            startTime: fields.startTime,
            endTime: fields.endTime,
            validUntil: fields.validUntil,
            form: isApiError(error) && error.status < 500 ? error.message : t('pro.failed'),
          });
        },
      },
    );
  }

  return (
    <form onSubmit={send} noValidate className="space-y-4 rounded-card border border-sand-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-semibold text-ink">{t('pro.yourQuote')}</h2>
      {lines.map((line, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
          <TextField
            label={t('pro.lineLabel', { n: i + 1 })}
            value={line.label}
            maxLength={JOB_QUOTE_RULES.lineLabelMax}
            required
            error={errors[`label${i}`] ?? null}
            onChange={(e) => setLines((all) => all.map((l, j) => (j === i ? { ...l, label: e.target.value } : l)))}
          />
          <TextField
            label={t('pro.lineAmount', { n: i + 1 })}
            inputMode="numeric"
            value={line.amount}
            required
            error={errors[`amount${i}`] ?? null}
            onChange={(e) => setLines((all) => all.map((l, j) => (j === i ? { ...l, amount: e.target.value.replace(/[^\d]/g, '') } : l)))}
          />
          {lines.length > 1 ? (
            <Button variant="ghost" className="sm:mt-7" aria-label={t('pro.removeLine', { n: i + 1 })} onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </div>
      ))}
      {lines.length < JOB_QUOTE_RULES.linesMax ? (
        <Button variant="secondary" onClick={() => setLines((all) => [...all, { label: '', amount: '' }])}>
          <Plus aria-hidden="true" className="size-4" />
          {t('pro.addLine')}
        </Button>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField type="date" label={t('pro.visitDate')} required min={addDays(today, 1)} max={addDays(today, 30)} value={date} error={errors.date ?? null} onChange={(e) => setDate(e.target.value)} />
        <SelectField label={t('pro.start')} value={startTime} error={errors.startTime ?? null} onChange={(e) => setStartTime(e.target.value)}>
          {WIZARD_START_TIMES.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('pro.end')} value={endTime} error={errors.endTime ?? null} onChange={(e) => setEndTime(e.target.value)}>
          {END_TIMES.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        type="date"
        label={t('pro.validUntil')}
        required
        min={today}
        max={date ? latestValidity(today, date) : undefined}
        value={validUntil}
        error={errors.validUntil ?? null}
        onChange={(e) => setValidUntil(e.target.value)}
      />
      <TextAreaField label={t('pro.message')} hint={t('pro.messageHint')} rows={3} maxLength={JOB_QUOTE_RULES.messageMax} value={message} onChange={(e) => setMessage(e.target.value)} />
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('pro.youGet', { total: formatMoney(total), subtotal: formatMoney(subtotal) })}
      </p>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? t('pro.sending') : t('pro.send')}
      </Button>
    </form>
  );
}

/** /dashboard/job-requests/:requestId: a request to quote (no street address until chosen), and the professional's quote. */
export function ProJobRequestPage() {
  const { requestId } = useParams();
  const { t } = useTranslation('quotes');
  const request = useJobRequest(requestId);
  const withdraw = useWithdrawQuote(requestId ?? '');

  if (request.isPending) return <div className="container-page max-w-3xl py-10"><div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" /></div>;
  if (request.isError) {
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('pro.title')} noindex />
        {(request.error as { status?: number }).status === 404 ? <h1 className="text-2xl font-bold text-ink">{t('request.notFound')}</h1> : <RetryAlert as="h1" message={t('request.loadFailed')} onRetry={() => void request.refetch()} />}
      </div>
    );
  }
  const r = request.data;
  const mine = r.quotes[0];
  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('pro.title')} noindex />
      <Link to={paths.proJobRequests()} className="text-sm font-semibold text-primary-700 underline">
        {t('pro.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-ink">{t('request.customer', { name: r.customerFirstName })}</h1>
      <div className="mt-6 space-y-6">
        <RequestSummary request={r}>{r.address ? null : <p className="text-sm text-ink-muted">{t('pro.addressHidden')}</p>}</RequestSummary>
        {mine ? (
          <QuoteCard quote={mine}>
            {mine.status === 'submitted' ? (
              <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(mine.id, { onSuccess: () => toast.success(t('pro.withdrawn')) })}>
                {t('pro.withdraw')}
              </Button>
            ) : null}
          </QuoteCard>
        ) : r.status === 'open' ? (
          <QuoteForm request={r} />
        ) : null}
      </div>
    </div>
  );
}
