import { FileDown, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { earningsApiPaths, invoicePdfHref, useInvoice, useReceipt } from '../api';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-end font-medium text-ink">{children}</dd>
    </div>
  );
}

/** While a receipt is shown, printing leaves out the site's header, footer and floating buttons. */
const PRINT_CSS = '@media print { body header:not([data-receipt] header), body footer, body [data-sonner-toaster], body [data-become-pro-fab], body aside { display: none !important; } }';

/**
 * /receipts/:bookingId: a paid booking's receipt, printable (the print stylesheet drops the site's
 * header and footer), in the reader's language, with the same receipt as a PDF.
 */
export function ReceiptPage() {
  const { bookingId } = useParams();
  const { t } = useTranslation('earnings');
  const { t: tp } = useTranslation('promos');
  const language = useLanguage();
  const receipt = useReceipt(bookingId, language);
  const invoice = useInvoice(bookingId);

  if (receipt.isPending) {
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('receipt.title')} noindex />
        <div className="h-96 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (receipt.isError) {
    const missing = (receipt.error as { status?: number }).status === 404;
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('receipt.title')} noindex />
        {missing ? (
          <>
            <h1 className="text-2xl font-bold text-ink">{t('receipt.notFound')}</h1>
            <ButtonLink to={paths.dashboard()} variant="secondary" className="mt-4">
              {t('receipt.back')}
            </ButtonLink>
          </>
        ) : (
          <RetryAlert as="h1" message={t('receipt.loadFailed')} onRetry={() => void receipt.refetch()} />
        )}
      </div>
    );
  }
  const r = receipt.data;
  const pdfHref = earningsApiPaths.receiptPdf(r.bookingId, language);
  return (
    <div className="container-page max-w-3xl py-8 md:py-12 print:max-w-none print:p-0">
      <Seo title={`${t('receipt.title')} ${r.reference}`} noindex />
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap justify-end gap-2 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          {t('receipt.print')}
        </Button>
        <a href={pdfHref} className={buttonClass({ variant: 'primary' })} download={`khedma-receipt-${r.reference}.pdf`}>
          <FileDown aria-hidden="true" className="size-4" />
          {t('receipt.pdf')}
        </a>
      </div>
      {invoice.data ? (
        // The invoice and its credit notes (docs/payments.md "Invoices"), each a PDF in the reader's language.
        <nav aria-label={t('receipt.invoices')} className="mb-4 flex flex-wrap justify-end gap-2 print:hidden" data-testid="invoice-links">
          {[invoice.data.invoice, ...invoice.data.creditNotes].map((d) => (
            <a key={d.id} href={invoicePdfHref(r.bookingId, language, d.kind === 'invoice' ? undefined : d.id)} className={buttonClass({ variant: 'secondary' })} download={`khedma-${d.number}.pdf`}>
              <FileDown aria-hidden="true" className="size-4" />
              {t(d.kind === 'invoice' ? 'receipt.invoiceLink' : 'receipt.creditNoteLink', { number: d.number })}
            </a>
          ))}
        </nav>
      ) : null}
      <article className="rounded-card border border-sand-200 bg-white p-6 md:p-10 print:border-0" data-testid="receipt" data-receipt="">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-primary-700 pb-5">
          <div>
            <p className="text-2xl font-bold text-primary-700">{r.company.name}</p>
            <p className="text-sm text-ink-muted">{r.company.address}</p>
            <p className="text-sm text-ink-muted" dir="ltr">
              {r.company.email} · {r.company.website}
            </p>
          </div>
          <div className="text-end">
            <h1 className="text-2xl font-bold text-ink">{t('receipt.title')}</h1>
            <p className="text-sm text-ink">
              {t('receipt.reference')}:{' '}
              <span className="font-mono font-semibold tracking-wider" dir="ltr">
                {r.reference}
              </span>
            </p>
          </div>
        </header>
        <dl className="mt-5 text-sm">
          <Line label={t('receipt.customer')}>{r.customerName}</Line>
          <Line label={t('receipt.professional')}>{r.professionalName}</Line>
          <Line label={t('receipt.service')}>{r.title}</Line>
          <Line label={t('receipt.city')}>{r.city}</Line>
          <Line label={t('receipt.bookedOn')}>{formatDateTime(r.bookedAt, language)}</Line>
          <Line label={t('receipt.scheduledFor')}>{formatDateTime(r.scheduledStart, language)}</Line>
          {r.paidAt ? <Line label={t('receipt.paidOn')}>{formatDateTime(r.paidAt, language)}</Line> : null}
          {r.completedAt ? <Line label={t('receipt.completedOn')}>{formatDateTime(r.completedAt, language)}</Line> : null}
          {r.paymentMethod ? <Line label={t('receipt.paymentMethod')}>{t(`receipt.methods.${r.paymentMethod}`)}</Line> : null}
        </dl>
        <table className="mt-6 w-full text-sm">
          <thead>
            <tr className="bg-sand-50">
              <th scope="col" className="px-3 py-2 text-start font-semibold text-ink">{t('receipt.description')}</th>
              <th scope="col" className="px-3 py-2 text-end font-semibold text-ink">{t('receipt.amount')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-100">
            {r.lines.map((l, i) => (
              <tr key={i}>
                <td className="px-3 py-2 text-ink">{l.label}</td>
                <td className="px-3 py-2 text-end tabular-nums text-ink">{formatMoney(l.amount)}</td>
              </tr>
            ))}
            <tr>
              <td className="px-3 py-2 text-ink">{t('receipt.serviceFee')}</td>
              <td className="px-3 py-2 text-end tabular-nums text-ink">{formatMoney(r.serviceFee)}</td>
            </tr>
            {(r.discounts ?? []).map((d) => (
              <tr key={d.source} data-testid="receipt-discount">
                <td className="px-3 py-2 text-completed">{d.source === 'promo' ? tp('line.promo', { code: d.code }) : tp('line.credit')}</td>
                <td className="px-3 py-2 text-end tabular-nums text-completed">−{formatMoney(d.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-ink">
              <th scope="row" className="px-3 py-3 text-start text-base font-bold text-ink">{t('receipt.total')}</th>
              <td className="px-3 py-3 text-end text-base font-bold tabular-nums text-ink" data-testid="receipt-total">
                {formatMoney(r.total)}
              </td>
            </tr>
          </tfoot>
        </table>
        {r.refunds.length ? (
          <section className="mt-6">
            <h2 className="font-semibold text-ink">{t('receipt.refunds')}</h2>
            <dl className="mt-2 text-sm">
              {r.refunds.map((refund, i) => (
                <Line key={i} label={`${t('receipt.refunded')} · ${formatDateTime(refund.at, language)}`}>
                  {formatMoney(refund.amount)}
                </Line>
              ))}
            </dl>
          </section>
        ) : null}
        <p className="mt-8 border-t border-sand-200 pt-4 text-xs text-ink-muted">{t('receipt.footer')}</p>
      </article>
    </div>
  );
}
