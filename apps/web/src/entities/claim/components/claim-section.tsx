import { AlertTriangle, CalendarClock, Check, ShieldCheck, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CLAIM_REQUESTS, CLAIM_RULES, type ClaimRequest } from '@khedma/shared/domain/claims';
import { WIZARD_START_TIMES } from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { FieldShell, TextAreaField, TextField, SelectField } from '../../../components/ui/field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api';
import { formatDate, formatLocalDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useAnswerClaim, useClaimContext, useOpenClaim, useReplyClaim, type Claim, type ClaimContext } from '../api';

interface BookingLike {
  id: string;
  status: string;
  viewerRole?: string;
}

/** The error of a claim action in the reader's language (the server's codes), with the deadline when it is the window's. */
export function useClaimErrorText() {
  const { t } = useTranslation('claims');
  const language = useLanguage();
  return (error: unknown, untilDate?: string | null) => {
    if (!isApiError(error)) return t('errors.generic');
    if (error.code === 'CLAIM_WINDOW_CLOSED') return t('errors.CLAIM_WINDOW_CLOSED', { date: untilDate ? formatLocalDate(untilDate, language, 'long') : '' });
    const known = ['CLAIM_NOT_ALLOWED', 'CLAIM_ALREADY_OPEN', 'NO_PROFESSIONAL_AVAILABLE', 'INVALID_TRANSITION', 'FORBIDDEN'] as const;
    const code = known.find((c) => c === error.code);
    return code ? t(`errors.${code}`) : error.message || t('errors.generic');
  };
}

/**
 * The satisfaction guarantee of a completed booking (docs/claims.md), in its details: the deadline, the
 * customer's "Report a problem" form, the report's thread and what each side may answer now.
 */
export function ClaimSection({ booking }: { booking: BookingLike }) {
  const { t } = useTranslation('claims');
  const language = useLanguage();
  const completed = booking.status === 'completed';
  const context = useClaimContext(booking.id, completed);
  const [reporting, setReporting] = useState(false);
  if (!completed) return null;
  const c = context.data;
  if (context.isError) return <p className="text-sm text-ink-muted">{t('section.loadFailed')}</p>;
  if (!c) return null;
  const untilText = c.window.untilDate ? formatLocalDate(c.window.untilDate, language, 'long') : null;
  return (
    <section aria-labelledby={`claim-${booking.id}`} className="space-y-3 rounded-lg border border-sand-200 p-3" data-testid="claim-section">
      <h3 id={`claim-${booking.id}`} className="flex items-center gap-2 font-semibold text-ink">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary-700" />
        {t('section.title')}
      </h3>
      {untilText ? <p className="text-sm text-ink-muted">{c.window.open ? t('section.until', { date: untilText }) : t('section.closed', { date: untilText })}</p> : null}
      {c.claims.map((claim) => (
        <ClaimThread key={claim.id} claim={claim} context={c} />
      ))}
      {c.canOpen && !reporting ? (
        <Button variant="secondary" onClick={() => setReporting(true)}>
          <AlertTriangle aria-hidden="true" className="size-4" />
          {t('section.report')}
        </Button>
      ) : null}
      {c.canOpen && reporting ? <ReportForm bookingId={booking.id} context={c} onClose={() => setReporting(false)} /> : null}
    </section>
  );
}

function ReportForm({ bookingId, context, onClose }: { bookingId: string; context: ClaimContext; onClose: () => void }) {
  const { t } = useTranslation('claims');
  const errorText = useClaimErrorText();
  const open = useOpenClaim(bookingId);
  const id = useId();
  const [description, setDescription] = useState('');
  const [request, setRequest] = useState<ClaimRequest>('return_visit');
  const [amount, setAmount] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (description.trim().length < CLAIM_RULES.descriptionMin) next.description = t('form.descriptionHint');
    const value = Number(amount);
    if (request === 'partial_refund' && (!Number.isInteger(value) || value <= 0 || value > context.refundable)) next.amount = t('form.amountHint', { amount: formatMoney(context.refundable) });
    if (photos.length > CLAIM_RULES.maxPhotos) next.photos = t('form.photosHint', { max: CLAIM_RULES.maxPhotos });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    open.mutate(
      { request: { description: description.trim(), request, ...(request === 'partial_refund' ? { amount: value } : {}) }, photos },
      {
        onSuccess: ({ photoError }) => {
          if (photoError) toast.error(t('form.photoFailed', { message: errorText(photoError) }));
          else toast.success(t('form.sent'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else toast.error(errorText(error, context.window.untilDate));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('section.report')}>
      <TextAreaField label={t('form.description')} hint={t('form.descriptionHint')} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} required maxLength={CLAIM_RULES.descriptionMax} rows={3} />
      <FieldShell id={`${id}-photos`} label={t('form.photos')} hint={t('form.photosHint', { max: CLAIM_RULES.maxPhotos })} error={errors.photos ?? errors.file}>
        <input
          id={`${id}-photos`}
          type="file"
          accept={CLAIM_RULES.photoAccept}
          multiple
          className="block w-full text-sm"
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, CLAIM_RULES.maxPhotos))}
        />
      </FieldShell>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-ink">{t('form.request')}</legend>
        {CLAIM_REQUESTS.map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-request`} value={r} checked={request === r} onChange={() => setRequest(r)} />
            {t(`form.requests.${r}`)}
          </label>
        ))}
      </fieldset>
      {request === 'partial_refund' ? (
        <TextField label={t('form.amount')} hint={t('form.amountHint', { amount: formatMoney(context.refundable) })} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ''))} error={errors.amount} required />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={open.isPending}>
          {open.isPending ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}

const TONE: Record<Claim['status'], 'pending' | 'confirmed' | 'completed' | 'cancelled'> = {
  open: 'pending',
  visit_offered: 'confirmed',
  needs_decision: 'pending',
  resolved: 'completed',
};

/** One report: what was asked, the photos, the answers, the decision and the refund. */
export function ClaimThread({ claim, context }: { claim: Claim; context: Pick<ClaimContext, 'viewer' | 'bookingId'> }) {
  const { t } = useTranslation('claims');
  const language = useLanguage();
  const request = t(`form.requests.${claim.request}`);
  return (
    <div className="space-y-2 border-t border-sand-100 pt-3 text-sm" data-testid="claim-thread">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink">{t('thread.title')}</span>
        <StatusBadge tone={TONE[claim.status]}>{claim.outcome ? t(`outcome.${claim.outcome}`) : t(`status.${claim.status}`)}</StatusBadge>
      </div>
      <p className="text-ink-muted">{t('thread.reported', { date: formatDate(claim.createdAt, language, 'long') })}</p>
      <p>
        <bdi>{claim.description}</bdi>
      </p>
      <p>{claim.requestedAmount ? t('thread.askedAmount', { request, amount: formatMoney(claim.requestedAmount) }) : t('thread.asked', { request })}</p>
      {claim.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {claim.photos.map((p, i) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={t('thread.photoAlt', { n: i + 1 })} className="size-16 rounded object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {claim.visit ? (
        <p className="flex items-center gap-1">
          <CalendarClock aria-hidden="true" className="size-4" />
          {t('thread.visit', { date: formatLocalDate(claim.visit.date, language, 'full'), start: claim.visit.startTime, end: claim.visit.endTime })}
        </p>
      ) : null}
      {claim.disputeReason ? (
        <p>
          {t('thread.disputed', { reason: '' })}
          <bdi>{claim.disputeReason}</bdi>
        </p>
      ) : null}
      {claim.customerReason ? (
        <p>
          {t('thread.rejectedVisit', { reason: '' })}
          <bdi>{claim.customerReason}</bdi>
        </p>
      ) : null}
      {claim.outcome && claim.decisionReason ? (
        <p>
          {t('thread.decision', { outcome: t(`outcome.${claim.outcome}`) })}. {t('thread.decisionReason', { reason: '' })}
          <bdi>{claim.decisionReason}</bdi>
        </p>
      ) : null}
      {claim.refundAmount ? (
        <p data-testid="claim-refund">
          {claim.refundedAt
            ? context.viewer === 'customer'
              ? t('thread.refundedOn', { date: formatDate(claim.refundedAt, language, 'long'), amount: formatMoney(claim.refundAmount) })
              : t('thread.refund', { amount: formatMoney(claim.refundAmount) })
            : t('thread.refundPending', { amount: formatMoney(claim.refundAmount) })}
        </p>
      ) : null}
      {context.viewer === 'professional' && claim.status === 'open' ? <ProAnswer bookingId={context.bookingId} /> : null}
      {context.viewer === 'customer' && claim.status === 'visit_offered' ? <CustomerReply bookingId={context.bookingId} /> : null}
    </div>
  );
}

function ProAnswer({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('claims');
  const errorText = useClaimErrorText();
  const answer = useAnswerClaim(bookingId);
  const [mode, setMode] = useState<'visit' | 'dispute' | null>(null);
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('10:00');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function send(event: FormEvent) {
    event.preventDefault();
    const body = mode === 'visit' ? { kind: 'return_visit' as const, date, startTime } : { kind: 'dispute' as const, reason: reason.trim() };
    answer.mutate(body, {
      onSuccess: () => toast.success(mode === 'visit' ? t('pro.offered') : t('pro.disputedDone')),
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else toast.error(errorText(error));
      },
    });
  }

  return (
    <div className="space-y-2 rounded-md bg-sand-50 p-2">
      <p className="font-medium">{t('pro.answerTitle')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant={mode === 'visit' ? 'primary' : 'secondary'} onClick={() => setMode('visit')}>
          {t('pro.offerVisit')}
        </Button>
        <Button variant={mode === 'dispute' ? 'primary' : 'secondary'} onClick={() => setMode('dispute')}>
          {t('pro.dispute')}
        </Button>
      </div>
      {mode ? (
        <form onSubmit={send} noValidate className="space-y-2">
          {mode === 'visit' ? (
            <>
              <TextField type="date" label={t('pro.date')} value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} required />
              <SelectField label={t('pro.time')} value={startTime} onChange={(e) => setStartTime(e.target.value)} error={errors.startTime}>
                {WIZARD_START_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </SelectField>
            </>
          ) : (
            <TextAreaField label={t('pro.disputeReason')} value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} required rows={2} />
          )}
          <Button type="submit" disabled={answer.isPending}>
            {mode === 'visit' ? t('pro.sendOffer') : t('pro.sendDispute')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function CustomerReply({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('claims');
  const errorText = useClaimErrorText();
  const reply = useReplyClaim(bookingId);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = (accept: boolean) =>
    reply.mutate(
      { accept, ...(!accept && reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => toast.success(accept ? t('customer.accepted') : t('customer.rejected')),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else toast.error(errorText(error));
        },
      },
    );
  return (
    <div className="space-y-2 rounded-md bg-sand-50 p-2">
      <TextAreaField label={t('customer.rejectReason')} value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} rows={2} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => send(true)} disabled={reply.isPending}>
          <Check aria-hidden="true" className="size-4" />
          {t('customer.acceptVisit')}
        </Button>
        <Button variant="secondary" onClick={() => send(false)} disabled={reply.isPending}>
          <X aria-hidden="true" className="size-4" />
          {t('customer.rejectVisit')}
        </Button>
      </div>
    </div>
  );
}
