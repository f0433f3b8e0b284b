/** Pieces the quote pages share: a status badge, a quote's card, the request's summary (docs/job-quotes.md). */
import type { ReactNode } from 'react';
import { SERVICE_FEE_RATE } from '@khedma/shared';
import type { JobQuoteDto, JobRequestDto } from '@khedma/shared/schemas/job-quotes';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatLocalDate, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

const TONES: Record<string, StatusTone> = {
  open: 'pending',
  submitted: 'pending',
  accepted: 'completed',
  expired: 'cancelled',
  cancelled: 'cancelled',
  declined: 'cancelled',
  withdrawn: 'cancelled',
};

export function QuoteStatus({ status }: { status: string }) {
  const { t } = useTranslation('quotes');
  return <StatusBadge tone={TONES[status] ?? 'pending'}>{t(`status.${status}` as 'status.open')}</StatusBadge>;
}

/** One quote as the customer compares it (price lines, fee, total, visit, validity) or as its professional reads it. */
export function QuoteCard({ quote, highlight, children }: { quote: JobQuoteDto; highlight?: string; children?: ReactNode }) {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const { professional: p } = quote;
  return (
    <article className="flex flex-col gap-3 rounded-card border border-sand-200 bg-white p-5 shadow-sm" data-quote={quote.id}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-ink">{t('quote.by', { name: p.firstName })}</h3>
          <p className="text-sm text-ink-muted">{p.rating === null ? t('quote.noReviews') : t('quote.rating', { rating: p.rating.toFixed(1), count: p.reviewCount })}</p>
        </div>
        <QuoteStatus status={quote.status} />
      </header>
      {highlight ? <p className="w-fit rounded-full bg-primary-50 px-2.5 py-1 text-xs font-semibold text-primary-800">{highlight}</p> : null}
      <dl className="space-y-1.5 text-sm" aria-label={t('quote.lines')}>
        {quote.lines.map((line, i) => (
          <div key={i} className="flex justify-between gap-4">
            <dt className="text-ink">{line.label}</dt>
            <dd className="font-medium whitespace-nowrap">{formatMoney(line.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 text-ink-muted">
          <dt>{t('quote.fee', { rate: Math.round(SERVICE_FEE_RATE * 100) })}</dt>
          <dd className="whitespace-nowrap">{formatMoney(quote.serviceFee)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-sand-200 pt-2 text-base">
          <dt className="font-semibold">{t('quote.total')}</dt>
          <dd className="text-xl font-bold" data-testid="quote-total">
            {formatMoney(quote.total)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-ink">
        {/* The times read left to right in every language (an isolated run inside Arabic text). */}
        {t('quote.visit', { date: formatLocalDate(quote.date, language, 'long'), start: '\u2066' + quote.startTime, end: quote.endTime + '\u2069' })}
      </p>
      <p className="text-sm text-ink-muted">{t('quote.validUntil', { date: formatLocalDate(quote.validUntil, language, 'long') })}</p>
      {quote.message ? (
        <p dir="auto" className="rounded-xl bg-sand-50 p-3 text-sm whitespace-pre-line text-ink">
          <span className="sr-only">{t('quote.message')}: </span>
          {quote.message}
        </p>
      ) : null}
      {children}
    </article>
  );
}

/** The request as both sides read it: job, city, description, dates, photos. */
export function RequestSummary({ request, children }: { request: JobRequestDto; children?: ReactNode }) {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  return (
    <section className="space-y-3 rounded-card border border-sand-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-ink">
          {pickLocalized(request.service.name, language)} · {pickLocalized(request.city.name, language)}
        </h2>
        <QuoteStatus status={request.status} />
      </div>
      {/* What people typed keeps its own direction inside a page of the other (a French address in Arabic). */}
      <p dir="auto" className="whitespace-pre-line text-ink">
        {request.description}
      </p>
      {request.address ? <p className="text-sm text-ink">{t('request.address', { address: `\u2068${request.address}\u2069` })}</p> : null}
      <p className="text-sm text-ink-muted">
        {request.preferredDates.length
          ? t('request.preferred', { dates: request.preferredDates.map((d) => formatLocalDate(d, language, 'long')).join(' · ') })
          : t('request.noDates')}
      </p>
      {request.status === 'open' ? <p className="text-sm text-ink-muted">{t('request.closes', { date: formatLocalDate(request.closesOn, language, 'long') })}</p> : null}
      {request.photos.length ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">{t('request.photos')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {request.photos.map((p, i) => (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-3 focus-visible:outline-primary-600">
                  <img src={p.url} alt={t('request.photo', { n: i + 1 })} width={96} height={96} loading="lazy" className="size-24 rounded-lg object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
    </section>
  );
}
