import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
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
import { SignedIn } from '../components/signed-in';

/**
 * /bookings/{id}/pay (docs/bookings.md Unpaid holds): the payment screen for an unpaid hold of the
 * customer's own, reached from Pay now on its card or details. The server decides whether it can still
 * be paid (canPay); a failed payment cancels the booking, as in the wizard.
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
            {booking.data.canPay ? (
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
