import { updateFailedMessage } from '../../../entities/booking/booking-text';
import { Check, ClipboardList, Phone, RefreshCw, X } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../config/paths';
import { BookingSummary } from '../../../entities/booking/components/booking-summary';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useAcceptBooking, useBookings, useDeclineBooking, type BookingDto } from '../../../entities/booking/api';
import { SignedIn } from '../components/signed-in';

/**
 * /pro-bookings (docs/bookings.md Pending bookings): the requests waiting for this professional's answer,
 * soonest first, with Accept ("Booking confirmed!") and Decline ("Booking declined."). Live: a new
 * paid request appears without reloading. Customers and visitors are sent to /login.
 */
export function ProBookingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.proBookings.title')} />
      <SignedIn>{(user) => (user.userType === 'pro' ? <PendingBookings /> : <ProsOnly />)}</SignedIn>
    </>
  );
}

function ProsOnly() {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-bold text-ink">{tc('pages.proBookings.title')}</h1>
      <p role="alert" className="mt-4 text-ink-muted">
        {t('pending.prosOnly')}
      </p>
      <ButtonLink to={paths.dashboard()} className="mt-4">
        {t('myBookings.backToDashboard')}
      </ButtonLink>
    </div>
  );
}

function PendingBookings() {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const bookings = useBookings({ role: 'professional', status: 'pending' });
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  // Unpaid requests are not shown to professionals by the server; paid ones wait for an answer.
  const list = bookings.data ?? [];

  const act = (kind: 'accept' | 'decline', booking: BookingDto) => {
    const mutation = kind === 'accept' ? accept : decline;
    mutation.mutate(booking.id, {
      onSuccess: () => (kind === 'accept' ? toast.success(t('toasts.confirmed')) : toast.success(t('toasts.declined'))),
      onError: (error) =>
        isApiError(error, 'INVALID_TRANSITION')
          ? toast.info(t('errors.changedMeanwhile'))
          : isApiError(error, 'BOOKING_REASSIGNED')
            ? toast.info(t('errors.reassignedMeanwhile'))
            : toast.error(updateFailedMessage(error, t)),
    });
  };
  const busyId = accept.isPending ? accept.variables : decline.isPending ? decline.variables : null;

  return (
    <div className="container-page py-6 md:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{tc('pages.proBookings.title')}</h1>
      <p className="mt-1 text-ink-muted">{t('pending.lead')}</p>
      <div className="mt-6" aria-live="polite" aria-busy={bookings.isFetching}>
        {bookings.isPending ? (
          <ul className="space-y-3" aria-label={tc('common.loading')}>
            {[0, 1].map((i) => (
              <li key={i} className="h-44 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
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
        ) : list.length === 0 ? (
          <div className="rounded-card border border-dashed border-sand-300 bg-white p-8 text-center">
            <ClipboardList aria-hidden="true" className="mx-auto size-12 text-sand-500" />
            <h2 className="mt-3 text-lg font-bold text-ink">{t('pending.emptyTitle')}</h2>
            <p className="mt-1 text-ink-muted">{t('pending.emptyBody')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.map((booking) => (
              <li key={booking.id}>
                <BookingSummary
                  booking={booking}
                  headingLevel={2}
                  actions={
                    <>
                      {booking.customer ? (
                        <p className="w-full text-sm text-ink">
                          <span className="text-ink-muted">{t('summary.customer')}: </span>
                          <span className="font-semibold">{booking.customer.name}</span>
                          {booking.contactPhone ? (
                            <a href={`tel:${booking.contactPhone}`} dir="ltr" className="ms-3 inline-flex items-center gap-1 text-primary-700 underline">
                              <Phone aria-hidden="true" className="size-3.5" />
                              {booking.contactPhone}
                            </a>
                          ) : null}
                        </p>
                      ) : null}
                      {booking.specialRequests ? (
                        <p className="w-full text-sm text-ink-muted">
                          {t('summary.specialRequests')}: {booking.specialRequests}
                        </p>
                      ) : null}
                      <Button disabled={!booking.canAccept || busyId === booking.id} onClick={() => act('accept', booking)}>
                        <Check aria-hidden="true" className="size-4" />
                        {t('pending.accept')}
                      </Button>
                      <Button variant="secondary" disabled={!booking.canDecline || busyId === booking.id} onClick={() => act('decline', booking)}>
                        <X aria-hidden="true" className="size-4" />
                        {t('pending.decline')}
                      </Button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
