import { ArrowLeft, CalendarPlus, CheckCircle2, ClipboardList, Inbox, RefreshCw } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { BookingCardList } from '../../../entities/booking/components/booking-card-list';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { useBookings } from '../../../entities/booking/api';
import { PlannedSeriesVisits } from '../../../entities/series/components/planned-series-visits';
import { SignedIn } from '../components/signed-in';

/**
 * /dashboard/bookings and /bookings (docs/bookings.md My Bookings): every booking of the user, newest first,
 * updated live (the realtime client re-fetches on every booking event). ?success=true (after a
 * booking) shows "Booking created successfully". A professional also sees the planned visits of their
 * recurring series (not bookings yet) above their bookings.
 */
export function MyBookingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.myBookings.title')} />
      <SignedIn>{(user) => <MyBookings pro={user.userType === 'pro'} />}</SignedIn>
    </>
  );
}

function MyBookings({ pro }: { pro: boolean }) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const bookings = useBookings();

  return (
    <div className="container-page py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <ButtonLink to={paths.dashboard()} variant="ghost" className="-ms-3 mb-2">
            <DirectionalIcon icon={ArrowLeft} className="size-4" />
            {t('myBookings.backToDashboard')}
          </ButtonLink>
          <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{tc('pages.myBookings.title')}</h1>
          <p className="mt-1 text-ink-muted">{t(pro ? 'myBookings.proLead' : 'myBookings.lead')}</p>
        </div>
        {/* A professional does not book here: their next step is the requests waiting for an answer. */}
        {pro ? (
          <ButtonLink to={paths.proBookings()} variant="accent">
            <Inbox aria-hidden="true" className="size-4" />
            {tc('pages.proBookings.title')}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.bookService()} variant="accent">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('myBookings.bookNew')}
          </ButtonLink>
        )}
      </div>

      {params.get('success') === 'true' ? (
        <p role="status" className="mt-6 flex items-center gap-2 rounded-card border border-completed/30 bg-completed-soft p-4 font-semibold text-completed">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t('toasts.created')}
        </p>
      ) : null}

      <div className="mt-6" aria-live="polite" aria-busy={bookings.isFetching}>
        {/* A professional's schedule also shows the visits of their series not booked yet (docs/recurring.md). */}
        {pro ? <PlannedSeriesVisits /> : null}
        {bookings.isPending ? (
          <ul className="space-y-3" aria-label={tc('common.loading')}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-40 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
            ))}
          </ul>
        ) : bookings.isError ? (
          <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-5 text-cancelled">
            <p className="font-semibold">{t('errors.loadBookings')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void bookings.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {tc('common.retry')}
            </Button>
          </div>
        ) : bookings.data.length === 0 ? (
          <div className="rounded-card border border-dashed border-sand-300 bg-white p-8 text-center">
            <ClipboardList aria-hidden="true" className="mx-auto size-12 text-sand-500" />
            <h2 className="mt-3 text-lg font-bold text-ink">{t(pro ? 'myBookings.proEmptyTitle' : 'myBookings.emptyTitle')}</h2>
            <p className="mt-1 text-ink-muted">{t(pro ? 'myBookings.proEmptyBody' : 'myBookings.emptyBody')}</p>
            {pro ? null : (
              <ButtonLink to={paths.bookService()} className="mt-4">
                {t('myBookings.bookNew')}
              </ButtonLink>
            )}
          </div>
        ) : (
          <BookingCardList bookings={bookings.data} viewLabel={t('details.view')} className="grid gap-4 lg:grid-cols-2" headingLevel={2} />
        )}
      </div>
    </div>
  );
}
