import { ArrowLeft, CircleCheck, Loader2 } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PAYMENT_METHODS, type BookingDto, type PaymentMethod } from '@khedma/shared';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useBooking } from '../../../entities/booking/api';
import { BookingSummary } from '../../../entities/booking/components/booking-summary';
import { HoldNotice } from '../../../entities/booking/components/hold-notice';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../components/ui/cn';
import { ACTION_BAR_SPACE } from '../components/action-bar';
import { PaymentScreen } from '../components/payment-screen';
import { RepeatAfterPayment } from '../components/repeat-after-payment';
import { SignedIn } from '../components/signed-in';

/**
 * /bookings/{id}/pay (docs/bookings.md Unpaid holds): the payment screen for an unpaid hold of the
 * customer's own, reached from Pay now on its card or details. The server decides whether it can still
 * be paid (canPay); a failed payment cancels the booking, as in the wizard.
 *
 * Also where the provider's page sends the customer back (docs/payments.md): `?payment=confirming`
 * shows "Confirming your payment…" until the provider's callback lands (the booking is re-fetched on
 * its booking.updated event, over the socket), then "Payment confirmed"; `?payment=failed` shows the
 * method's failure message. The return itself proves nothing: only the booking's state counts.
 */
export function PayBookingPage() {
  const { t } = useTranslation('booking');
  return (
    <>
      <Seo title={t('hold.title')} />
      <SignedIn>{() => <PayBooking />}</SignedIn>
    </>
  );
}

function PayBooking() {
  const { t } = useTranslation('booking');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const booking = useBooking(id);
  const [params] = useSearchParams();
  const returned = params.get('payment');
  const method = (PAYMENT_METHODS as readonly string[]).includes(params.get('method') ?? '') ? (params.get('method') as PaymentMethod) : 'card';

  return (
    <div className={cn('container-page max-w-2xl py-6 md:py-10', ACTION_BAR_SPACE)}>
      <ButtonLink to={paths.dashboardBookings()} variant="ghost" className="-ms-3 mb-2">
        <DirectionalIcon icon={ArrowLeft} className="size-4" />
        {t('hold.back')}
      </ButtonLink>
      <h1 className="text-2xl font-bold text-ink md:text-3xl">{t('hold.title')}</h1>
      <div className="mt-6 space-y-4">
        {booking.isPending ? (
          <div role="status" className="h-40 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
        ) : booking.isError ? (
          <RetryAlert message={t('hold.loadFailed')} onRetry={() => void booking.refetch()} />
        ) : (
          <>
            <BookingSummary booking={booking.data} headingLevel={2} hold={false} />
            {returned === 'confirming' || returned === 'failed' ? (
              <PaymentReturn booking={booking.data} returned={returned} method={method} />
            ) : booking.data.canPay ? (
              <>
                <HoldNotice booking={booking.data} pay={false} />
                <PaymentScreen
                  amount={booking.data.amounts.total}
                  prepare={() => Promise.resolve(booking.data.id)}
                  onPaid={() => {
                    toast.success(t('hold.paid'));
                    void navigate(paths.dashboardBookings());
                  }}
                  onFailed={() => void booking.refetch()}
                  onBack={() => void navigate(paths.dashboardBookings())}
                />
              </>
            ) : (
              <p role="status" className="rounded-card border border-sand-200 bg-white p-4 text-ink">
                {t('hold.ended')}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Back from the provider's page: what the booking says, live. */
function PaymentReturn({ booking, returned, method }: { booking: BookingDto; returned: 'confirming' | 'failed'; method: PaymentMethod }) {
  const { t } = useTranslation('booking');
  const { t: tr } = useTranslation('recurring');
  // The server says whether it may be repeated: not when the wizard's Repeat made its series with the payment, nor
  // for a visit of a series (both shown below, linked), so no "Book again every …" then.
  const repeatChosen = !booking.canRepeat;
  const paid = booking.paymentStatus !== 'pending' && booking.paymentStatus !== 'failed';
  const failed = booking.paymentStatus === 'failed' || (returned === 'failed' && !paid);
  if (paid) {
    return (
      <div role="status" data-testid="payment-confirmed" className="flex items-start gap-3 rounded-card border border-confirmed/30 bg-confirmed-soft p-4 text-ink">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-confirmed" />
        <div className="space-y-3">
          {/* A visit of a recurring series is confirmed by its payment (docs/recurring.md): nothing left to wait for. */}
          <p className="font-semibold">{booking.status === 'confirmed' ? t('payment.return.confirmedBooking') : t('payment.return.confirmed')}</p>
          <RepeatAfterPayment booking={booking} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={paths.dashboardBookings()}>{t('payment.return.toBookings')}</ButtonLink>
            {/* Not repeating already (docs/recurring.md): the same professional weekly, every 2 or 4 weeks. */}
            {repeatChosen ? null : (
              <ButtonLink to={paths.recurringNew(booking.id)} variant="secondary">
                {tr('entry.repeat')}
              </ButtonLink>
            )}
          </div>
          {repeatChosen ? null : <p className="text-sm text-ink-muted">{tr('entry.repeatHint')}</p>}
        </div>
      </div>
    );
  }
  if (failed) {
    return (
      <div role="alert" data-testid="payment-failed" className="space-y-3 rounded-card border border-cancelled/30 bg-cancelled-soft p-4">
        <p className="font-semibold text-cancelled">{t('payment.return.failedTitle')}</p>
        <p className="text-ink">{t(`payment.failed.${method}`)}</p>
        <ButtonLink to={paths.services()}>{t('payment.return.bookAgain')}</ButtonLink>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" data-testid="payment-confirming" className="flex items-start gap-3 rounded-card border border-sand-200 bg-white p-4 text-ink">
      <Loader2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin text-primary-700 motion-reduce:animate-none" />
      <div>
        <p className="font-semibold">{t('payment.return.confirming')}</p>
        <p className="mt-1 text-sm text-ink-muted">{t('payment.return.confirmingHint')}</p>
      </div>
    </div>
  );
}
