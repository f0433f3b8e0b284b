import { CalendarCheck, CalendarDays, CalendarPlus, ClipboardList, Inbox, RefreshCw, UserCog, Wallet, type LucideIcon } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { Permission } from '@khedma/shared/domain/permissions';
import { useTranslation } from '../../../lib/use-translation';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { BookingCardList } from '../../../entities/booking/components/booking-card-list';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useBookings, useBookingStats } from '../../../entities/booking/api';
import { formatMoney } from '../../../lib/format';
import { loginPathWithNext } from '../../../lib/safe-next';
import { useSession, type SessionUser } from '../../../lib/session';
import { useDashboardTabs, type DashboardTab } from '../../../lib/dashboard-tabs';
import { loadNamespaces } from '../../../lib/i18n';

/** docs/public-site.md: the dashboard shows the first 3 bookings. */
const DASHBOARD_BOOKINGS = 3;

/**
 * /dashboard (docs/public-site.md Dashboard): welcome, stat cards from real data, and the Bookings and Profile
 * settings tabs, and the tabs other features register (messages, services, earnings, admin: lib/dashboard-tabs.tsx).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  return (
    <>
      <Seo title={t('pages.dashboard.title')} />
      {session.status === 'loading' ? (
        <div className="container-page py-10" role="status">
          <div className="h-10 w-64 animate-pulse rounded-xl bg-sand-200 motion-reduce:animate-none" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : session.status === 'signed-out' ? (
        <Navigate replace to={loginPathWithNext(`${location.pathname}${location.search}`)} />
      ) : (
        <Dashboard user={session.user} permissions={session.permissions} name={session.profile?.full_name ?? session.profile?.name ?? session.user.name} />
      )}
    </>
  );
}

/**
 * Book a Service shows only to those who may book (admins may not: the server refuses their bookings).
 * The professional's dashboard (jobs, Pending requests) is for an approved professional: a pro account whose
 * application is not approved yet holds a customer's permissions (GET /api/me) and sees the customer's.
 */
const worksAsPro = (user: SessionUser, permissions: readonly Permission[]) => user.userType === 'pro' && permissions.includes('booking:accept:own');

/** The dashboard's own tabs; the others are registered by their features (lib/dashboard-tabs.tsx). */
const BUILT_IN_TABS: readonly DashboardTab[] = [
  {
    id: 'bookings',
    order: 10,
    icon: CalendarDays,
    namespaces: ['dashboard'],
    useLabel: () => useTranslation('dashboard').t('tabs.bookings'),
    visible: () => true,
    Panel: ({ user, permissions }) => <BookingsTab isPro={worksAsPro(user, permissions)} canBook={permissions.includes('booking:create')} />,
  },
  {
    id: 'profile',
    order: 90,
    icon: UserCog,
    namespaces: ['dashboard'],
    useLabel: () => useTranslation('dashboard').t('tabs.profile'),
    visible: () => true,
    Panel: ({ user, permissions }) => <ProfileTab isPro={worksAsPro(user, permissions)} />,
  },
];

/** The label once its namespace is loaded (the dashboard loads every tab's, see below). */
function TabLabel({ tab }: { tab: DashboardTab }) {
  const { ready } = useTranslation(tab.namespaces[0] as 'dashboard');
  const label = tab.useLabel();
  return ready ? <>{label}</> : <span className="inline-block h-4 w-16 animate-pulse rounded bg-sand-200 motion-reduce:animate-none" />;
}

function Dashboard({ user, name, permissions }: { user: SessionUser; name: string; permissions: readonly Permission[] }) {
  const { t } = useTranslation('dashboard');
  const isPro = worksAsPro(user, permissions);
  const registered = useDashboardTabs();
  const viewer = { user, permissions };
  const isAdmin = user.userType === 'admin';
  // An admin's dashboard opens on the Admin tab (their own work), and has no customer's figures (issue 38).
  const order = (tab: DashboardTab) => (isAdmin && tab.id === 'admin' ? 0 : tab.order);
  const tabs = [...BUILT_IN_TABS, ...registered].filter((tab) => tab.visible(viewer)).sort((a, b) => order(a) - order(b));
  // The open tab is in the address (?tab=earnings), so a link, a reload and Back keep it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const current = tabs.find((tab) => tab.id === asked) ?? tabs[0]!;
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const namespaces = [...new Set(tabs.flatMap((tab) => tab.namespaces))].join(' ');
  useEffect(() => void loadNamespaces(namespaces.split(' ')).catch(() => {}), [namespaces]);
  const baseId = useId();

  function select(id: string) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === tabs[0]!.id) next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === 'rtl';
    const i = tabs.indexOf(current);
    const forward = event.key === 'ArrowRight' ? !rtl : event.key === 'ArrowLeft' ? rtl : false;
    const next =
      event.key === 'Home' ? tabs[0]! : event.key === 'End' ? tabs[tabs.length - 1]! : tabs[(i + (forward ? 1 : tabs.length - 1)) % tabs.length]!;
    select(next.id);
    tabRefs.current[next.id]?.focus();
  }

  return (
    <div className="container-page py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('welcome', { name: name.split(' ')[0] || name })}</h1>
          <p className="mt-1 text-ink-muted">{isPro ? t('subtitle.pro') : isAdmin ? t('subtitle.admin') : t('subtitle.customer')}</p>
        </div>
        {isPro ? (
          <ButtonLink to={paths.proBookings()} variant="accent">
            <Inbox aria-hidden="true" className="size-4" />
            {t('links.pendingRequests')}
          </ButtonLink>
        ) : !permissions.includes('booking:create') ? null : (
          <ButtonLink to={paths.bookService()} variant="accent" data-keep-clear="">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('links.bookService')}
          </ButtonLink>
        )}
      </div>

      {isAdmin ? null : <StatCards isPro={isPro} />}

      <div className="mt-8">
        {/* The tabs wrap onto a second line rather than run off the screen's edge (issue 38: clipped in Arabic at 390 px). */}
        <div role="tablist" aria-label={t('tabs.label')} onKeyDown={onTabKey} className="flex flex-wrap gap-x-1 border-b border-sand-200">
          {tabs.map((tab) => {
            const selected = tab === current;
            const Icon = tab.icon;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  tabRefs.current[tab.id] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.id}`}
                aria-controls={`${baseId}-panel-${tab.id}`}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.id)}
                className={cn(
                  '-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold whitespace-nowrap',
                  selected ? 'border-primary-600 text-primary-700' : 'border-transparent text-ink-muted hover:text-ink',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                <TabLabel tab={tab} />
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          tabIndex={0}
          className="pt-6 outline-none"
        >
          <Suspense fallback={<div role="status" className="h-36 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />}>
            <current.Panel user={user} permissions={permissions} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

function StatCard({ icon: Icon, label, value, loading }: { icon: LucideIcon; label: string; value: string; loading: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-card border border-sand-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-4 md:p-5">
      <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 sm:size-12">
        <Icon className="size-5 sm:size-6" />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-ink-muted sm:text-sm">{label}</p>
        {loading ? (
          <span className="mt-1 block h-7 w-16 animate-pulse rounded bg-sand-200 motion-reduce:animate-none" />
        ) : (
          <p className="text-base font-bold whitespace-nowrap text-ink tabular-nums sm:text-2xl">{value}</p>
        )}
      </div>
    </div>
  );
}

/** Total bookings, this month, and completed jobs (professionals) or total spent (customers), from GET /api/bookings/stats. */
function StatCards({ isPro }: { isPro: boolean }) {
  const { t } = useTranslation('dashboard');
  const stats = useBookingStats();
  const s = stats.data;
  const loading = stats.isPending;
  if (stats.isError) {
    return (
      <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-cancelled">
        <p className="font-semibold">{t('errors.stats')}</p>
        <Button variant="secondary" onClick={() => void stats.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  const proView = s ? s.role === 'professional' : isPro;
  return (
    <>
    <section aria-label={t('stats.label')} className="mt-6 grid grid-cols-3 gap-2 sm:gap-3">
      <StatCard icon={ClipboardList} label={t('stats.total')} value={String(s?.total ?? 0)} loading={loading} />
      <StatCard icon={CalendarDays} label={t('stats.thisMonth')} value={String(s?.thisMonth ?? 0)} loading={loading} />
      {proView ? (
        <StatCard icon={CalendarCheck} label={t('stats.completed')} value={String(s?.completed ?? 0)} loading={loading} />
      ) : (
        <StatCard icon={Wallet} label={t('stats.totalSpent')} value={formatMoney(s?.totalSpent ?? 0)} loading={loading} />
      )}
    </section>
    {/* Unpaid holds are not bookings yet: counted apart, with the way to pay them (docs/bookings.md Unpaid holds). */}
    {!proView && s && s.awaitingPayment > 0 ? (
      <p className="mt-3 text-sm">
        <Link to={paths.dashboardBookings()} className="font-semibold text-pending underline underline-offset-4">
          {t('stats.awaitingPayment', { count: s.awaitingPayment })}
        </Link>
      </p>
    ) : null}
    </>
  );
}

/** The first 3 bookings with View Details, and a link to all of them. */
function BookingsTab({ isPro, canBook }: { isPro: boolean; canBook: boolean }) {
  const { t } = useTranslation('dashboard');
  const { t: tb } = useTranslation('booking');
  const bookings = useBookings();
  const list = (bookings.data ?? []).slice(0, DASHBOARD_BOOKINGS);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-ink">{isPro ? t('bookings.titlePro') : t('bookings.title')}</h2>
        <ButtonLink to={paths.dashboardBookings()} variant="ghost">
          {t('bookings.viewAll')}
        </ButtonLink>
      </div>
      <div aria-live="polite" aria-busy={bookings.isFetching}>
        {bookings.isPending ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-36 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
            ))}
          </div>
        ) : bookings.isError ? (
          <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-5 text-cancelled">
            <p className="font-semibold">{tb('errors.loadBookingsRetry')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void bookings.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('actions.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-card border border-dashed border-sand-300 bg-white p-8 text-center">
            <ClipboardList aria-hidden="true" className="mx-auto size-12 text-sand-500" />
            <p className="mt-3 font-semibold text-ink">{isPro ? t('bookings.emptyPro') : t('bookings.empty')}</p>
            {isPro || !canBook ? null : (
              <ButtonLink to={paths.bookService()} className="mt-4" data-keep-clear="">
                {t('links.bookService')}
              </ButtonLink>
            )}
          </div>
        ) : (
          <BookingCardList bookings={list} viewLabel={tb('details.view')} className="grid gap-4 lg:grid-cols-3" />
        )}
      </div>
    </div>
  );
}

function ProfileTab({ isPro }: { isPro: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="max-w-xl rounded-card border border-sand-200 bg-white p-5">
      <h2 className="text-lg font-bold text-ink">{t('profile.title')}</h2>
      <p className="mt-1 text-ink-muted">{isPro ? t('profile.bodyPro') : t('profile.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to={paths.profile()}>{t('profile.link')}</ButtonLink>
        {isPro ? (
          <ButtonLink to={paths.proProfile()} variant="secondary">
            {t('profile.proLink')}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
