import { useId, useState, type FormEvent } from 'react';
import { FileDown } from 'lucide-react';
import { Seo } from '../../../components/seo';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldError, FormAlert } from '../../../components/ui/field';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { DataTable } from '../../../components/ui/data-table';
import { RevealableValue } from '../../../components/ui/revealable-value';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminPayout, CreatePayoutBatchResponse, PayoutStatementResult } from '@khedma/shared/schemas/earnings';
import { PaymentIssues } from '../components/payment-issues';
import { batchFileHref, revealPayoutAccount, useAdminPayouts, useCreatePayoutBatch, useImportStatement, useMarkPayoutPaid, usePayoutBatches } from '../api';

type Filter = 'pending' | 'sent' | 'paid' | 'all';

const STATUS_TONE: Record<AdminPayout['status'], string> = {
  pending: 'bg-pending-soft text-pending',
  sent: 'bg-primary-50 text-primary-700',
  paid: 'bg-completed-soft text-completed',
};

/**
 * /admin/payouts (finance and super admins): pending payout requests, put into one bank transfer batch
 * (CSV for the bank's bulk transfer, PDF to print), then marked paid by the bank statement's lines or
 * one by one (docs/admin.md); below, the card refunds the provider refused (with Retry) and the daily
 * reconciliation's differences (docs/payments.md).
 */
export function AdminPayoutsPage() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const [filter, setFilter] = useState<Filter>('pending');
  const payouts = useAdminPayouts(filter === 'all' ? undefined : filter);
  const markPaid = useMarkPayoutPaid();
  const createBatch = useCreatePayoutBatch();
  const [confirming, setConfirming] = useState<AdminPayout | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batchError, setBatchError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatePayoutBatchResponse | null>(null);
  const batchErrorId = useId();

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function exportBatch() {
    // A second click while the first is on its way does nothing (and the server would make no second batch).
    if (createBatch.isPending) return;
    const ids = [...selected];
    if (ids.length === 0) return setBatchError(t('admin.batch.selectOne'));
    setBatchError(null);
    createBatch.mutate(ids, {
      onSuccess: (result) => {
        setCreated(result);
        setSelected(new Set());
        toast.success(t('admin.batch.created', { number: result.batch.number, count: result.batch.count, total: formatMoney(result.batch.total) }));
      },
      onError: (error) => setBatchError(isApiError(error, 'PAYOUT_BATCH_EMPTY') ? t('admin.batch.empty') : t('admin.batch.failed')),
    });
  }

  function confirm() {
    if (!confirming) return;
    markPaid.mutate(confirming.id, {
      onSuccess: () => toast.success(t('admin.paid')),
      onError: (error) => toast.error(isApiError(error, 'PAYOUT_ALREADY_PAID') ? t('admin.alreadyPaid') : t('admin.failed')),
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <div className="container-page py-8 md:py-12">
      <Seo title={t('admin.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('admin.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('admin.lead')}</p>
      {payouts.data ? (
        <dl className="mt-5 grid max-w-2xl grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t('admin.pendingTotal')}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{formatMoney(payouts.data.pendingTotal)}</dd>
          </div>
          <div className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t('admin.sentTotal')}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{formatMoney(payouts.data.sentTotal)}</dd>
          </div>
          <div className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t('admin.paidTotal')}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{formatMoney(payouts.data.paidTotal)}</dd>
          </div>
        </dl>
      ) : null}
      <div role="group" aria-label={t('admin.filter')} className="mt-5 flex flex-wrap gap-1.5">
        {(['pending', 'sent', 'paid', 'all'] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-medium',
              filter === f ? 'border-primary-600 bg-primary-600 text-white' : 'border-sand-300 bg-white text-ink hover:border-primary-400',
            )}
          >
            {t(`admin.filters.${f}`)}
          </button>
        ))}
      </div>
      <section aria-labelledby="batch-title" className="mt-5 rounded-card border border-sand-200 bg-white p-4">
        <h2 id="batch-title" className="text-lg font-semibold text-ink">
          {t('admin.batch.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('admin.batch.lead')}</p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button onClick={exportBatch} aria-busy={createBatch.isPending || undefined} aria-describedby={batchError ? batchErrorId : undefined} data-testid="export-batch">
            {createBatch.isPending ? t('admin.batch.exporting') : t('admin.batch.export', { count: selected.size })}
          </Button>
        </div>
        <FieldError id={batchErrorId} message={batchError} />
        {created ? <CreatedBatch result={created} items={payouts.data?.items ?? []} /> : null}
      </section>
      <div className="mt-4">
        <DataTable
          query={payouts}
          columns={[
            { label: t('admin.select', { name: '' }).trim(), srOnly: true },
            { label: t('admin.professional') },
            { label: t('admin.city') },
            { label: t('admin.bankDetails') },
            { label: t('payouts.amount') },
            { label: t('payouts.date') },
            { label: t('payouts.status') },
            { label: t('admin.reference') },
            { label: t('admin.markPaid'), srOnly: true },
          ]}
          isEmpty={(data) => data.items.length === 0}
          loadFailed={t('admin.loadFailed')}
          empty={t('admin.empty')}
          rows={(data) =>
            data.items.map((p) => (
              <tr key={p.id} data-testid={`payout-${p.id}`}>
                <td className="px-4 py-3 align-top">
                  {p.status === 'pending' && !p.batchExclusion ? (
                    <span className="grid min-h-11 min-w-11 place-items-center">
                      <input
                        type="checkbox"
                        className="size-5 cursor-pointer accent-primary-600"
                        checked={selected.has(p.id)}
                        onChange={() => toggle(p.id)}
                        aria-label={t('admin.select', { name: p.professional.fullName })}
                      />
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3 font-semibold text-ink">
                  {p.professional.fullName}
                  {p.status === 'pending' && p.batchExclusion ? (
                    <span className="mt-1 block max-w-56 text-xs font-normal text-cancelled" data-testid="batch-exclusion">
                      {t(`admin.exclusions.${p.batchExclusion}`)}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-ink">{p.professional.city ?? '–'}</td>
                <td className="px-4 py-3 text-ink">
                  {p.bank ? (
                    <span className="grid gap-1 text-xs">
                      <span>
                        {t('admin.bank')}: {p.bank.bankName ?? t('admin.none')}
                      </span>
                      <span>
                        {t('admin.holder')}: {p.bank.accountHolder ?? t('admin.none')}
                      </span>
                      <span>
                        {t('admin.account')}: <PayoutAccount payoutId={p.id} masked={p.bank.account} name={p.professional.fullName} />
                      </span>
                    </span>
                  ) : (
                    <span className="text-ink-muted">{t('admin.none')}</span>
                  )}
                </td>
                <td className="px-4 py-3 font-semibold text-ink tabular-nums">{formatMoney(p.amount)}</td>
                <td className="px-4 py-3 text-ink">{formatDate(p.createdAt, language, 'medium')}</td>
                <td className="px-4 py-3">
                  <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap', STATUS_TONE[p.status])}>{t(`payouts.statuses.${p.status}`)}</span>
                </td>
                <td className="px-4 py-3 text-xs text-ink">
                  {p.reference ? (
                    <span className="grid gap-0.5">
                      <span className="font-mono" dir="ltr">
                        {p.reference}
                      </span>
                      {p.batch ? (
                        <span className="font-mono text-ink-muted" dir="ltr">
                          {p.batch.number}
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <span className="text-ink-muted">{t('admin.none')}</span>
                  )}
                </td>
                <td className="px-4 py-3 text-end">
                  {p.status !== 'paid' ? (
                    <Button variant="secondary" onClick={() => setConfirming(p)}>
                      {t('admin.markPaid')}
                    </Button>
                  ) : p.paidAt ? (
                    <span className="text-ink-muted">{formatDate(p.paidAt, language, 'medium')}</span>
                  ) : null}
                </td>
              </tr>
            ))
          }
        />
      </div>
      <BatchesList />
      <StatementImport />
      <PaymentIssues />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('admin.confirmTitle')}
        description={confirming ? t('admin.confirmBody', { amount: formatMoney(confirming.amount), name: confirming.professional.fullName }) : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('admin.cancel')}
            </Button>
            <Button onClick={confirm} disabled={markPaid.isPending}>
              {markPaid.isPending ? t('admin.marking') : t('admin.confirm')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}

/** The payee's account number, masked by the server, with Reveal (finance access, checked and logged by the server). */
function PayoutAccount({ payoutId, masked, name }: { payoutId: string; masked: string | null; name: string }) {
  const { t } = useTranslation('earnings');
  return (
    <RevealableValue
      masked={masked}
      reveal={() => revealPayoutAccount(payoutId)}
      revealText={t('admin.reveal')}
      revealLabel={t('admin.revealLabel', { name })}
      noneText={t('admin.none')}
      failedText={t('admin.revealFailed')}
      testId={`payout-account-${payoutId}`}
    />
  );
}

/** The batch just made: its files, and the payouts left out with their reason. */
function CreatedBatch({ result, items }: { result: CreatePayoutBatchResponse; items: AdminPayout[] }) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const { batch, excluded } = result;
  const nameOf = (id: string) => items.find((i) => i.id === id)?.professional.fullName ?? id;
  return (
    <div className="mt-3 grid gap-3" data-testid="created-batch">
      <FormAlert tone="success">
        {t('admin.batch.created', { number: batch.number, count: batch.count, total: formatMoney(batch.total) })}
        <span className="mt-2 flex flex-wrap gap-2">
          <a href={batchFileHref(batch.id, 'csv')} download={`khedma-${batch.number}.csv`} className={buttonClass({ variant: 'secondary' })} aria-label={t('admin.batches.downloadCsv', { number: batch.number })}>
            <FileDown aria-hidden="true" className="size-4" />
            {t('admin.batches.csv')}
          </a>
          <a href={batchFileHref(batch.id, 'pdf', language)} download={`khedma-${batch.number}.pdf`} className={buttonClass({ variant: 'secondary' })} aria-label={t('admin.batches.downloadPdf', { number: batch.number })}>
            <FileDown aria-hidden="true" className="size-4" />
            {t('admin.batches.pdf')}
          </a>
        </span>
      </FormAlert>
      {excluded.length ? (
        <FormAlert tone="info" live={false}>
          {t('admin.batch.excludedTitle')}
          <ul className="mt-1 list-disc ps-5 font-normal">
            {excluded.map((x) => (
              <li key={x.payoutId}>
                {nameOf(x.payoutId)}: {t(`admin.exclusions.${x.reason}`)}
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
    </div>
  );
}

/** Every batch, newest first, with its files and how many of its transfers the bank has paid. */
function BatchesList() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const batches = usePayoutBatches();
  return (
    <section aria-labelledby="batches-title" className="mt-8">
      <h2 id="batches-title" className="text-xl font-bold text-ink">
        {t('admin.batches.title')}
      </h2>
      <div className="mt-3">
        <DataTable
          query={batches}
          columns={[
            { label: t('admin.batches.number') },
            { label: t('admin.batches.created') },
            { label: t('admin.batches.count') },
            { label: t('admin.batches.total') },
            { label: t('admin.batches.paid') },
            { label: t('admin.batches.files') },
          ]}
          isEmpty={(data) => data.items.length === 0}
          loadFailed={t('admin.loadFailed')}
          empty={t('admin.batches.empty')}
          rows={(data) =>
            data.items.map((b) => (
              // Whole values on a phone: the table scrolls sideways rather than break a number or an amount.
              <tr key={b.id} data-testid={`batch-${b.number}`} className="whitespace-nowrap">
                <td className="px-4 py-3 font-mono font-semibold text-ink" dir="ltr">
                  {b.number}
                </td>
                <td className="px-4 py-3 text-ink">{formatDate(b.createdAt, language, 'medium')}</td>
                <td className="px-4 py-3 text-ink tabular-nums">{b.count}</td>
                <td className="px-4 py-3 font-semibold text-ink tabular-nums">{formatMoney(b.total)}</td>
                <td className="px-4 py-3 text-ink">{t('admin.batches.paidOf', { paid: b.paidCount, count: b.count })}</td>
                <td className="px-4 py-3">
                  <span className="flex gap-2">
                    <a href={batchFileHref(b.id, 'csv')} download={`khedma-${b.number}.csv`} className="underline" aria-label={t('admin.batches.downloadCsv', { number: b.number })}>
                      {t('admin.batches.csv')}
                    </a>
                    <a href={batchFileHref(b.id, 'pdf', language)} download={`khedma-${b.number}.pdf`} className="underline" aria-label={t('admin.batches.downloadPdf', { number: b.number })}>
                      {t('admin.batches.pdf')}
                    </a>
                  </span>
                </td>
              </tr>
            ))
          }
        />
      </div>
    </section>
  );
}

/** The bank statement's CSV: lines that match a sent payout by reference and amount mark it paid. */
function StatementImport() {
  const { t } = useTranslation('earnings');
  const importStatement = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PayoutStatementResult | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (importStatement.isPending) return;
    if (!file) return setError(t('admin.statement.chooseFile'));
    setError(null);
    const csv = await file.text();
    importStatement.mutate(csv, {
      onSuccess: (r) => {
        setResult(r);
        toast.success(t('admin.statement.paid', { count: r.paid.length }));
      },
      onError: () => setError(t('admin.statement.failed')),
    });
  }

  return (
    <section aria-labelledby="statement-title" className="mt-8 rounded-card border border-sand-200 bg-white p-4">
      <h2 id="statement-title" className="text-xl font-bold text-ink">
        {t('admin.statement.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('admin.statement.lead')}</p>
      <form className="mt-3 grid gap-2" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('admin.statement.file')}
        </label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
          className="block w-full max-w-md text-sm file:me-3 file:min-h-11 file:rounded-full file:border file:border-sand-300 file:bg-white file:px-4"
        />
        <FieldError id={`${id}-error`} message={error} />
        <div>
          <Button type="submit" aria-busy={importStatement.isPending || undefined}>
            {importStatement.isPending ? t('admin.statement.importing') : t('admin.statement.import')}
          </Button>
        </div>
      </form>
      {result ? (
        <div className="mt-4 grid gap-3" data-testid="statement-result">
          <FormAlert tone="success">{t('admin.statement.paid', { count: result.paid.length })}</FormAlert>
          {result.unmatched.length ? (
            <div>
              <h3 id={`${id}-unmatched`} className="font-semibold text-ink">
                {t('admin.statement.unmatchedTitle')}
              </h3>
              {/* Scrolls sideways on a phone: reachable by keyboard, named by its heading. */}
              <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${id}-unmatched`}>
                <table className="w-full text-sm">
                  <thead className="bg-sand-50">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-start">
                        {t('admin.statement.line')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start">
                        {t('admin.statement.reference')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start">
                        {t('admin.statement.amount')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-start">
                        {t('admin.statement.issue')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-sand-100">
                    {result.unmatched.map((u) => (
                      <tr key={u.line}>
                        <td className="px-3 py-2 tabular-nums">{u.line}</td>
                        <td className="px-3 py-2 font-mono whitespace-nowrap" dir="ltr">
                          {u.reference}
                        </td>
                        <td className="px-3 py-2 tabular-nums whitespace-nowrap">{u.amount === null ? t('admin.none') : formatMoney(u.amount)}</td>
                        <td className="min-w-40 px-3 py-2">{t(`admin.statement.issues.${u.issue}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

