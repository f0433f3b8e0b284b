import { BellRing, CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { dismissPush, enablePush, shouldOfferPush } from '../../../lib/web-push';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useBooking } from '../../../entities/booking/api';
import { RepeatAfterPayment } from '../components/repeat-after-payment';

/**
 * Step 6: Booking Confirmed, with the 8-character reference and what happens next; and, when this
 * browser was never asked, the offer of push notifications (the customer now waits for the
 * professional's answer: a moment that makes sense, docs/chat.md).
 */
export function DoneStep({
  bookingId,
  reference,
  professionalName,
  onBookAnother,
}: {
  bookingId: string;
  reference: string;
  professionalName: string | null;
  onBookAnother: () => void;
}) {
  const { t } = useTranslation('booking');
  // The paid booking as the server says now: the series its Repeat made with the payment (booking.series).
  const booking = useBooking(bookingId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="wizard-done-heading" className="mx-auto max-w-xl space-y-6 rounded-card border border-sand-200 bg-white p-6 text-center md:p-10">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-completed" />
      <div>
        <h2 id="wizard-done-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
          {t('wizard.done.title')}
        </h2>
        <p className="mt-3 text-ink-muted">{t('wizard.done.referenceLabel')}</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-primary-700" dir="ltr" data-testid="booking-reference">
          {reference}
        </p>
      </div>
      <p className="flex items-start justify-center gap-2 text-start text-ink">
        <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary-600" />
        <span>{professionalName ? t('wizard.done.nextNamed', { name: professionalName }) : t('wizard.done.next')}</span>
      </p>
      {/* The "Repeat" chosen at the confirm step, set up now that the booking is paid. */}
      {booking.data ? <RepeatAfterPayment booking={booking.data} /> : null}
      <PushOffer />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to={paths.dashboardBookings()} size="lg">
          {t('wizard.done.viewBookings')}
        </ButtonLink>
        <Button variant="secondary" size="lg" onClick={onBookAnother}>
          {t('wizard.done.bookAnother')}
        </Button>
      </div>
    </section>
  );
}

function PushOffer() {
  const { t } = useTranslation('booking');
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    let live = true;
    void shouldOfferPush().then((yes) => live && setOffer(yes));
    return () => {
      live = false;
    };
  }, []);
  if (!offer) return null;
  return (
    <div role="region" aria-labelledby="wizard-push-title" className="rounded-xl bg-primary-50 p-4 text-start">
      <p id="wizard-push-title" className="flex items-center gap-2 font-semibold text-ink">
        <BellRing aria-hidden="true" className="size-5 shrink-0 text-primary-700" />
        {t('wizard.done.push.title')}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{t('wizard.done.push.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setOffer(false);
            void enablePush()
              .then((r) => (r === 'enabled' ? toast.success(t('wizard.done.push.enabled')) : r === 'denied' ? toast.info(t('wizard.done.push.denied')) : undefined))
              .catch(() => undefined);
          }}
        >
          {t('wizard.done.push.enable')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            dismissPush();
            setOffer(false);
          }}
        >
          {t('wizard.done.push.later')}
        </Button>
      </div>
    </div>
  );
}
