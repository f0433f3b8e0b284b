import { CalendarClock, FileDown, FileText, MessageCircle, Repeat, RotateCcw, Star, XCircle } from 'lucide-react';
import { CHAT_OPEN_PAYMENT_STATUSES } from '@khedma/shared/domain/chat';
import { useNavigate } from 'react-router';
import { paths, withQuery } from '../../../../config/paths';
import { Button, ButtonLink, buttonClass } from '../../../../components/ui/button';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDate, formatDuration, formatLocalDate, formatMoney } from '../../../../lib/format';
import { useLanguage } from '../../../../lib/localized';
import { isApiError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { useTranslation } from '../../../../lib/use-translation';
import { useOpenConversation } from '../../../conversation/api';
import { bookingApiPaths, useAcceptBooking, useDeclineBooking, type BookingDto } from '../../api';
import { bookingDescription, bookingLocation, updateFailedMessage } from '../../booking-text';
import { ClaimSection } from '../../../claim/components/claim-section';
import { AttendancePanel } from '../attendance-panel';
import { HoldNotice } from '../hold-notice';
import { SeriesLink } from '../series-link';
import { Row } from './row';
import { SupportEntry } from './support-entry';

const CHAT_PAYMENT_STATUSES = new Set<string>(CHAT_OPEN_PAYMENT_STATUSES);

/** The details (docs/bookings.md Dashboard) and what the viewer may do now, as the server says. */
export function DetailsView({ booking, onCancel, onReschedule, onDone }: { booking: BookingDto; onCancel: () => void; onReschedule: () => void; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  // Recurring bookings (docs/recurring.md): the customer repeats this booking with the same professional, unless the
  // server says it repeats already (a visit of a series, or repeated by one: then `booking.series` links to it).
  const { t: tr } = useTranslation('recurring');
  const canRepeat = booking.canRepeat;
  const language = useLanguage();
  const navigate = useNavigate();
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  const openConversation = useOpenConversation();
  const busy = accept.isPending || decline.isPending;
  // Issue 27: the customer reviews a completed booking; every paid booking has a receipt.
  const canReview = booking.viewerRole === 'customer' && booking.status === 'completed';
  const hasReceipt = booking.viewerRole !== 'professional' && ['paid', 'refunded', 'partially_refunded'].includes(booking.paymentStatus);
  // docs/chat.md: the customer and the professional talk once the professional has the (paid) booking.
  const canMessage = booking.viewerRole !== 'admin' && CHAT_PAYMENT_STATUSES.has(booking.paymentStatus);

  function message() {
    openConversation.mutate(booking.id, {
      onSuccess: ({ conversation, created }) => {
        if (created) toast.success(t('toasts.conversationCreated'));
        onDone();
        void navigate(paths.chat({ conversation: conversation.id }));
      },
      onError: () => toast.error(t('errors.createConversation')),
    });
  }

  function bookAgain() {
    if (!booking.rebook) return;
    onDone();
    void navigate(
      booking.rebook.serviceTypeId
        ? withQuery(paths.bookService(), { pro: booking.rebook.professionalId, service: booking.rebook.serviceTypeId })
        : paths.pro(booking.rebook.professionalId),
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={booking.status}>{tc(`status.${booking.status}`)}</StatusBadge>
        <span className="text-sm text-ink-muted">{t(`paymentStatus.${booking.paymentStatus}`)}</span>
      </div>
      <HoldNotice booking={booking} />
      <AttendancePanel booking={booking} onDone={onDone} />
      <dl className="divide-y divide-sand-100">
        <Row label={t('summary.reference')}>
          <span className="font-mono tracking-wider" dir="ltr">
            {booking.reference}
          </span>
        </Row>
        {/* What people typed (an address, a note) in their own script: isolated, so a French address keeps its
            order in Arabic ("12 Rue ..." read "Rue ... 12" unisolated). */}
        <Row label={t('summary.description')}>
          <bdi>{bookingDescription(booking, language, t)}</bdi>
        </Row>
        <Row label={t('summary.date')}>{formatLocalDate(booking.local.date, language, 'full')}</Row>
        <Row label={t('summary.time')}>
          <span dir="ltr">
            <bdi>{booking.local.startTime}</bdi> – <bdi>{booking.local.endTime}</bdi>
          </span>{' '}
          <span className="text-ink-muted">({formatDuration(booking.durationMinutes, language)})</span>
        </Row>
        <Row label={t('summary.location')}>
          <bdi>{bookingLocation(booking, language)}</bdi>
        </Row>
        {/* Issue 42: how to find the door; the pin and maps links reach only the customer and the assigned professional. */}
        {booking.address.landmark ? (
          <Row label={t('address.landmark')}>
            <bdi>{booking.address.landmark}</bdi>
          </Row>
        ) : null}
        {booking.address.floor ? (
          <Row label={t('address.floor')}>
            <bdi>{booking.address.floor}</bdi>
          </Row>
        ) : null}
        {booking.address.door ? (
          <Row label={t('address.door')}>
            <bdi>{booking.address.door}</bdi>
          </Row>
        ) : null}
        {booking.address.links ? (
          <Row label={t('address.pin')}>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <a href={booking.address.links.web} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
                {t('address.openInMaps')}
              </a>
              <a href={booking.address.links.geo} className="text-primary-700 underline">
                {t('address.openInMapsApp')}
              </a>
            </span>
          </Row>
        ) : null}
        <Row label={t('summary.professional')}>{booking.professional.firstName}</Row>
        {booking.customer ? <Row label={t('summary.customer')}>{booking.customer.name}</Row> : null}
        {booking.contactPhone ? (
          <Row label={t('summary.phone')}>
            <a href={`tel:${booking.contactPhone}`} dir="ltr" className="text-primary-700 underline">
              {booking.contactPhone}
            </a>
          </Row>
        ) : null}
        {booking.specialRequests ? (
          <Row label={t('summary.specialRequests')}>
            <bdi>{booking.specialRequests}</bdi>
          </Row>
        ) : null}
        <Row label={t('summary.amount')}>{formatMoney(booking.amounts.total)}</Row>
        {booking.amounts.cancellationFee ? <Row label={t('details.feeKept')}>{formatMoney(booking.amounts.cancellationFee)}</Row> : null}
        {booking.refund ? (
          <Row label={t('details.refund')}>
            <span data-testid="refund-to-card" className="block">
              {booking.refund.toCard > 0 && booking.refund.at
                ? t('details.refundedToCard', { date: formatDate(booking.refund.at, language, 'long'), amount: formatMoney(booking.refund.toCard) })
                : null}
              {booking.refund.pending > 0 ? <span className="block">{t('details.refundPending', { amount: formatMoney(booking.refund.pending) })}</span> : null}
            </span>
          </Row>
        ) : null}
        <Row label={t('summary.bookedOn')}>{formatDate(booking.createdAt, language, 'long')}</Row>
      </dl>
      {booking.series ? <SeriesLink series={booking.series} onNavigate={onDone} /> : null}
      <ClaimSection booking={booking} />
      {canMessage || booking.canAccept || booking.canDecline || booking.canReschedule || booking.canCancel || booking.rebook || canReview || hasReceipt || canRepeat ? (
        <div className="flex flex-col gap-2 border-t border-sand-200 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
          {canMessage ? (
            <Button variant="secondary" onClick={message} disabled={openConversation.isPending}>
              <MessageCircle aria-hidden="true" className="size-4" />
              {booking.viewerRole === 'professional' ? t('details.messageCustomer') : t('details.messagePro')}
            </Button>
          ) : null}
          {canReview ? (
            <ButtonLink to={paths.review(booking.id)} variant="primary" onClick={onDone}>
              <Star aria-hidden="true" className="size-4" />
              {t('details.leaveReview')}
            </ButtonLink>
          ) : null}
          {hasReceipt ? (
            <ButtonLink to={paths.receipt(booking.id)} variant="secondary" onClick={onDone}>
              <FileText aria-hidden="true" className="size-4" />
              {t('details.receipt')}
            </ButtonLink>
          ) : null}
          {hasReceipt && booking.viewerRole === 'customer' ? (
            // The invoice (docs/payments.md "Invoices"): a PDF in the reader's language.
            <a href={bookingApiPaths.invoicePdf(booking.id, language)} download className={buttonClass({ variant: 'secondary' })} data-testid="invoice-pdf">
              <FileDown aria-hidden="true" className="size-4" />
              {t('details.invoice')}
            </a>
          ) : null}
          {booking.rebook ? (
            <Button variant="accent" onClick={bookAgain}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('details.bookAgain')}
            </Button>
          ) : null}
          {canRepeat ? (
            <ButtonLink to={paths.recurringNew(booking.id)} variant="secondary" onClick={onDone}>
              <Repeat aria-hidden="true" className="size-4" />
              {tr('entry.repeat')}
            </ButtonLink>
          ) : null}
          {booking.canReschedule ? (
            <Button variant="secondary" onClick={onReschedule}>
              <CalendarClock aria-hidden="true" className="size-4" />
              {t('details.reschedule')}
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('details.cancel')}
            </Button>
          ) : null}
          {booking.canDecline ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                decline.mutate(booking.id, {
                  onSuccess: () => {
                    toast.success(t('toasts.declined'));
                    onDone();
                  },
                  onError: (error) => (isApiError(error, 'INVALID_TRANSITION') ? toast.info(t('errors.changedMeanwhile')) : toast.error(updateFailedMessage(error, t))),
                })
              }
            >
              {t('pending.decline')}
            </Button>
          ) : null}
          {booking.canAccept ? (
            <Button
              disabled={busy}
              onClick={() =>
                accept.mutate(booking.id, {
                  onSuccess: () => {
                    toast.success(t('toasts.confirmed'));
                    onDone();
                  },
                  onError: (error) => (isApiError(error, 'INVALID_TRANSITION') ? toast.info(t('errors.changedMeanwhile')) : toast.error(updateFailedMessage(error, t))),
                })
              }
            >
              {t('pending.accept')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <SupportEntry booking={booking} onDone={onDone} />
    </div>
  );
}
