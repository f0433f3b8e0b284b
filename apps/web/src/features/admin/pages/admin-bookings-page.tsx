import { CalendarCheck, Clock, ClipboardList, Hourglass, RotateCcw, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { BOOKING_STATUSES, type AdminBookingRow, type BookingStatus } from '@khedma/shared';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { SearchInput } from '../../../components/ui/search-input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCities } from '../../../entities/catalog/api';
import { isApiError } from '../../../lib/api';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/debounce';
import { formatLocalDate, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { EMPTY_FILTERS, ADMIN_PAGE_SIZE, useAdminBookings, useComplete, useReassign, useReassignCandidates, useRefund, type AdminBookingFilters } from '../api';
import { Pager, StatCard, useAccessRedirect } from '../components/admin-ui';
import { CandidateSummary } from '../components/candidate-summary';
import { DialogButtons, ReasonDialog } from '../components/reason-dialog';

type Action = { kind: 'reassign' | 'refund' | 'complete'; booking: AdminBookingRow };

/**
 * /admin/bookings (docs/admin.md): the four stat cards, the filters (search, status, city, dates, Clear)
 * applied by the server with paging, the table, and the row actions Reassign, Refund and Complete.
 */
export function AdminBookingsPage() {
  const { t } = useTranslation('admin');
  // ?search= (a booking reference): opened from another page, e.g. a suspended professional's bookings.
  const [initialSearch] = useState(() => new URLSearchParams(globalThis.location?.search ?? '').get('search')?.slice(0, 100) ?? '');
  const [filters, setFilters] = useState<AdminBookingFilters>({ ...EMPTY_FILTERS, search: initialSearch });
  const [searchText, setSearchText] = useState(initialSearch);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const query = useAdminBookings(filters, page);
  const redirecting = useAccessRedirect(query.error, Boolean(query.data));

  // The search box is debounced (300 ms); the other filters apply at once.
  useEffect(() => {
    const id = setTimeout(() => {
      setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText }));
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [searchText]);

  const update = (patch: Partial<AdminBookingFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const clear = () => {
    setSearchText('');
    setFilters(EMPTY_FILTERS);
    setPage(1);
  };

  // The figures of the last answer stay while a refused filter is corrected (they never spin for ever).
  const [lastStats, setLastStats] = useState(query.data?.stats);
  if (query.data && query.data.stats !== lastStats) setLastStats(query.data.stats);

  if (redirecting) return null;
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
  // A filter the server refuses (400: From after To) is said next to the dates, in the reader's language.
  const refused = isApiError(query.error) && query.error.status === 400 ? query.error : null;
  const dateError = refused && ('to' in refused.fields || 'from' in refused.fields) ? t('bookings.filters.dateOrder') : null;
  const stats = data?.stats ?? (query.isError ? lastStats : undefined);
  const statsLoading = !stats && !query.isError;
  const figure = (value: number | undefined, money = false) => (value === undefined ? '—' : money ? formatMoney(value) : String(value));
  return (
    <>
      <Seo title={t('bookings.title')} />
      <PageIntro title={t('bookings.title')} lead={t('bookings.lead')} />
      <div className="container-page py-6 md:py-8">
        <section aria-label={t('bookings.stats.label')} className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
          <StatCard icon={ClipboardList} label={t('bookings.stats.total')} value={figure(stats?.total)} loading={statsLoading} />
          <StatCard icon={Clock} label={t('bookings.stats.pending')} value={figure(stats?.pending)} loading={statsLoading} />
          <StatCard icon={CalendarCheck} label={t('bookings.stats.completed')} value={figure(stats?.completed)} loading={statsLoading} />
          <StatCard icon={Wallet} label={t('bookings.stats.revenue')} value={figure(stats?.revenue, true)} loading={statsLoading} />
        </section>

        <Filters filters={filters} searchText={searchText} onSearch={setSearchText} onChange={update} onClear={clear} dateError={dateError} />

        {refused ? (
          <p className="mt-6 rounded-card border border-sand-200 bg-white p-8 text-center text-ink-muted">{dateError ? t('bookings.filters.fixDates') : t('bookings.loadFailed')}</p>
        ) : query.isError && !data ? null : query.isError ? (
          <RetryAlert message={t('bookings.loadFailed')} onRetry={() => void query.refetch()} className="mt-6" />
        ) : !data ? (
          <p role="status" className="py-10 text-center text-ink-muted">
            {t('common.loading')}
          </p>
        ) : (
          <>
            <p className="mt-6 mb-3 text-sm text-ink-muted" aria-live="polite">
              {t('bookings.results', { count: data.total })}
            </p>
            {data.items.length === 0 ? (
              <p className="rounded-card border border-sand-200 bg-white p-8 text-center text-ink-muted">{t('bookings.empty')}</p>
            ) : (
              <BookingsTable rows={data.items} onAction={setAction} />
            )}
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </div>
      <ReassignDialog action={action?.kind === 'reassign' ? action.booking : null} onClose={() => setAction(null)} />
      <RefundDialog action={action?.kind === 'refund' ? action.booking : null} onClose={() => setAction(null)} />
      <CompleteDialog action={action?.kind === 'complete' ? action.booking : null} onClose={() => setAction(null)} />
    </>
  );
}

function Filters({
  filters,
  searchText,
  onSearch,
  onChange,
  onClear,
  dateError,
}: {
  dateError: string | null;
  filters: AdminBookingFilters;
  searchText: string;
  onSearch: (v: string) => void;
  onChange: (patch: Partial<AdminBookingFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation();
  const language = useLanguage();
  const cities = useCities();
  return (
    <section aria-label={t('bookings.filters.label')} className="mt-6 grid gap-3 rounded-card border border-sand-200 bg-white p-4 md:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <div className="md:col-span-2">
        <SearchInput
          id="admin-bookings-search"
          label={t('bookings.filters.search')}
          placeholder={t('bookings.filters.searchPlaceholder')}
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
          onClear={() => onSearch('')}
          clearLabel={t('bookings.filters.clear')}
        />
      </div>
      <SelectField label={t('bookings.filters.status')} value={filters.status} onChange={(e) => onChange({ status: e.target.value as BookingStatus | '' })}>
        <option value="">{t('bookings.filters.allStatuses')}</option>
        {BOOKING_STATUSES.map((s) => (
          <option key={s} value={s}>
            {tr(`status.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('bookings.filters.city')} value={filters.cityId} onChange={(e) => onChange({ cityId: e.target.value })}>
        <option value="">{t('bookings.filters.allCities')}</option>
        {(cities.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {pickLocalized(c.name, language)}
          </option>
        ))}
      </SelectField>
      <TextField
        type="date"
        label={t('bookings.filters.from')}
        value={filters.from}
        max={filters.to || undefined}
        aria-invalid={dateError ? true : undefined}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      {/* The server's refusal of From after To shows under To, where its rule puts it. */}
      <TextField type="date" label={t('bookings.filters.to')} value={filters.to} min={filters.from || undefined} error={dateError} onChange={(e) => onChange({ to: e.target.value })} />
      <div className="md:col-span-2 lg:col-span-6 lg:flex lg:justify-end">
        <Button variant="secondary" onClick={onClear}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('bookings.filters.clear')}
        </Button>
      </div>
    </section>
  );
}

function BookingsTable({ rows, onAction }: { rows: AdminBookingRow[]; onAction: (a: Action) => void }) {
  const { t } = useTranslation('admin');
  const columns = ['id', 'customer', 'professional', 'service', 'date', 'status', 'amount', 'city', 'actions'] as const;
  return (
    <>
      <div role="region" aria-label={t('bookings.title')} tabIndex={0} className="hidden overflow-x-auto rounded-card border border-sand-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-600 lg:block">
        <table className="w-full text-sm">
          <thead className="bg-sand-50 text-xs text-ink-muted uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-3 text-start font-semibold">
                  {t(`bookings.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {rows.map((b) => (
              <tr key={b.id} className="align-top" data-booking={b.id}>
                <Cells booking={b} onAction={onAction} as="td" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 lg:hidden">
        {rows.map((b) => (
          <li key={b.id} className="rounded-card border border-sand-200 bg-white p-4" data-booking={b.id}>
            <dl className="grid grid-cols-2 gap-3">
              <Cells booking={b} onAction={onAction} as="dl" />
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Cells({ booking: b, onAction, as }: { booking: AdminBookingRow; onAction: (a: Action) => void; as: 'td' | 'dl' }) {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation();
  const language = useLanguage();
  const cell = (key: string, content: React.ReactNode, wide = false) =>
    as === 'td' ? (
      <td key={key} className="px-3 py-3">
        {content}
      </td>
    ) : (
      <div key={key} className={wide ? 'col-span-2 grid gap-0.5' : 'grid gap-0.5'}>
        <dt className="text-xs font-semibold text-ink-muted">{t(`bookings.columns.${key as 'id'}`)}</dt>
        <dd className="min-w-0 text-sm text-ink">{content}</dd>
      </div>
    );
  return (
    <>
      {cell('id', <bdi className="font-mono font-semibold">{b.reference}</bdi>)}
      {cell(
        'customer',
        <>
          <span className="block font-medium">{b.customer.name}</span>
          <bdi dir="ltr" className="block text-xs break-all text-ink-muted">
            {b.customer.email}
          </bdi>
        </>,
      )}
      {cell('professional', b.professional ? b.professional.name : <span className="text-ink-muted">{t('bookings.notAssigned')}</span>)}
      {cell(
        'service',
        <>
          <span className="block font-medium">{b.service ? pickLocalized(b.service.name, language) : <bdi>{b.title}</bdi>}</span>
          {/* A service booking's title is the service's English name (docs/bookings.md): said above in the
              reader's language, so only a title of its own is shown under it. */}
          {b.service && b.title !== b.service.name.en ? <bdi className="block text-xs text-ink-muted">{b.title}</bdi> : null}
        </>,
      )}
      {cell(
        'date',
        <>
          <span className="block">{formatLocalDate(b.local.date, language)}</span>
          <bdi className="block text-xs text-ink-muted tabular-nums">
            {b.local.startTime}–{b.local.endTime}
          </bdi>
        </>,
      )}
      {cell(
        'status',
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge tone={b.status}>{tr(`status.${b.status}`)}</StatusBadge>
          {/* A hold whose payment was never taken says so: it is not a paid booking (issue 38). */}
          {b.paymentStatus === 'pending' || b.paymentStatus === 'failed' ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-dashed border-sand-300 px-2 py-0.5 text-xs font-semibold text-ink-muted">
              <Hourglass aria-hidden="true" className="size-3.5" />
              {b.paymentStatus === 'pending' ? t('bookings.awaitingPayment') : t('bookings.paymentFailed')}
            </span>
          ) : null}
        </span>,
      )}
      {cell(
        'amount',
        <bdi className={`font-semibold whitespace-nowrap tabular-nums${b.paymentStatus === 'pending' || b.paymentStatus === 'failed' ? ' text-ink-muted' : ''}`}>
          {formatMoney(b.totalAmount)}
        </bdi>,
      )}
      {cell('city', pickLocalized(b.city.name, language))}
      {cell('actions', <RowActions booking={b} onAction={onAction} />, true)}
    </>
  );
}

function RowActions({ booking: b, onAction }: { booking: AdminBookingRow; onAction: (a: Action) => void }) {
  const { t } = useTranslation('admin');
  const any = b.actions.reassign || b.actions.refund || b.actions.complete;
  if (!any) return <span className="text-ink-muted">—</span>;
  return (
    <div role="group" aria-label={t('bookings.actionsFor', { reference: b.reference })} className="flex flex-wrap gap-2">
      {b.actions.reassign ? (
        <Button variant="secondary" onClick={() => onAction({ kind: 'reassign', booking: b })}>
          {t('bookings.reassign')}
        </Button>
      ) : null}
      {b.actions.refund ? (
        <Button variant="danger" onClick={() => onAction({ kind: 'refund', booking: b })}>
          {t('bookings.refund')}
        </Button>
      ) : null}
      {b.actions.complete ? <Button onClick={() => onAction({ kind: 'complete', booking: b })}>{t('bookings.complete')}</Button> : null}
    </div>
  );
}

function ReassignDialog({ action: b, onClose }: { action: AdminBookingRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const candidates = useReassignCandidates(b?.id ?? null);
  const reassign = useReassign();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useMemo(() => candidates.data?.candidates ?? [], [candidates.data]);
  function close() {
    setChosen('');
    setError(null);
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!b) return;
    if (!chosen) {
      setError(t('bookings.selectProfessional'));
      return;
    }
    reassign.mutate(
      // The status shown: if the professional accepts meanwhile, the server refuses (BOOKING_CHANGED).
      { id: b.id, professionalId: chosen, expectedStatus: b.status === 'confirmed' ? 'confirmed' : 'pending' },
      {
        onSuccess: () => {
          toast.success(t('bookings.reassigned'));
          close();
        },
        onError: (err) => toast.error(isApiError(err, 'BOOKING_CHANGED') ? t('bookings.reassignChanged') : t('bookings.reassignFailed')),
      },
    );
  }
  return (
    <Dialog
      open={b !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('bookings.reassignTitle', { reference: b?.reference ?? '' })}
      description={b ? t('bookings.reassignDescription', { city: pickLocalized(b.city.name, language) }) : undefined}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 px-5 py-4">
        {candidates.isPending ? (
          <p role="status" className="text-ink-muted">
            {t('common.loading')}
          </p>
        ) : candidates.isError ? (
          <RetryAlert compact message={t('bookings.reassignFailed')} onRetry={() => void candidates.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-ink-muted">{t('bookings.noCandidates')}</p>
        ) : (
          <fieldset aria-describedby={error ? 'reassign-error' : undefined} aria-invalid={error ? true : undefined}>
            <legend className="mb-2 text-sm font-semibold text-ink">{t('bookings.columns.professional')}</legend>
            <div className="grid gap-2">
              {list.map((c) => (
                <label key={c.professionalId} className="flex cursor-pointer items-start gap-3 rounded-xl border border-sand-200 p-3 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50">
                  <input
                    type="radio"
                    name="professional"
                    value={c.professionalId}
                    checked={chosen === c.professionalId}
                    onChange={() => {
                      setChosen(c.professionalId);
                      setError(null);
                    }}
                    className="mt-1 size-4 accent-primary-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">{c.name}</span>
                    <CandidateSummary candidate={c} />
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="reassign" message={error} />
          </fieldset>
        )}
        <DialogButtons busy={reassign.isPending} label={t('bookings.confirmReassign')} onCancel={close} />
      </form>
    </Dialog>
  );
}

function RefundDialog({ action: b, onClose }: { action: AdminBookingRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const refund = useRefund();
  return (
    <ReasonDialog
      open={b !== null}
      title={t('bookings.refundTitle', { reference: b?.reference ?? '' })}
      description={b ? t('bookings.refundDescription', { amount: formatMoney(b.totalAmount) }) : undefined}
      label={t('bookings.refundReason')}
      requiredMessage={t('bookings.refundReasonRequired')}
      confirmLabel={t('bookings.confirmRefund')}
      busy={refund.isPending}
      onConfirm={(reason, done) => {
        if (!b) return;
        refund.mutate(
          { id: b.id, reason },
          {
            onSuccess: (res) => {
              if (res.emailSent) toast.success(t('bookings.refundedSent'));
              else toast.warning(t('bookings.refundedNoEmail'));
              done();
            },
            onError: (err) => toast.error(isApiError(err, 'BOOKING_NOT_PAID') ? t('bookings.refundNotPaid') : t('bookings.refundFailed')),
          },
        );
      }}
      onClose={onClose}
    />
  );
}

function CompleteDialog({ action: b, onClose }: { action: AdminBookingRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const complete = useComplete();
  const [notes, setNotes] = useState('');
  function close() {
    setNotes('');
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!b) return;
    complete.mutate(
      { id: b.id, notes },
      {
        onSuccess: (res) => {
          if (res.emailSent) toast.success(t('bookings.completedSent'));
          else toast.warning(t('bookings.completedNoEmail'));
          close();
        },
        onError: (err) => toast.error(isApiError(err, 'BOOKING_NOT_STARTED') ? t('bookings.completeNotStarted') : t('bookings.completeFailed')),
      },
    );
  }
  return (
    <Dialog
      open={b !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('bookings.completeTitle', { reference: b?.reference ?? '' })}
      description={t('bookings.completeDescription')}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 px-5 py-4">
        <TextAreaField label={t('bookings.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={1000} rows={3} />
        <DialogButtons busy={complete.isPending} label={t('bookings.confirmComplete')} onCancel={close} />
      </form>
    </Dialog>
  );
}
