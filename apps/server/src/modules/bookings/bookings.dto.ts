/**
 * A booking as the API shows it to one caller: names in three languages, the price lines, and
 * what this caller may do now (cancel and at what fee, reschedule, accept, decline, book again).
 */
import { toLocal } from '@khedma/shared/domain/time';
import {
  bookingReference,
  canTransition,
  cancellationOutcome,
  CURRENCY,
  holdExpiresAt,
  isUnpaidHold,
  reschedulePolicy,
  type BookingDto,
  type PriceLineKind,
} from '@khedma/shared';
import { attendanceActions } from '@khedma/shared/domain/lateness';
import { repeatRefusal } from '@khedma/shared/domain/recurring';
import type { BookingAttendance } from '@khedma/shared/schemas/lateness';
import type { BookingView } from './bookings.repository';
import { addressFor } from './travel';

export type ViewerRole = BookingDto['viewerRole'];

export interface LineRow {
  bookingId: string;
  kind: PriceLineKind;
  label: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

export function toBookingDto(v: BookingView, lines: readonly LineRow[], viewer: ViewerRole, now: Date): BookingDto {
  const subtotal = v.servicePrice + v.addonsTotal;
  const paid = v.paymentStatus === 'paid' ? v.totalAmount : 0;
  const outcomeFor = (actor: 'customer' | 'professional') =>
    cancellationOutcome({ actor, status: v.status, now, scheduledStart: v.scheduledStart, bookedAt: v.createdAt, serviceValue: subtotal, amountPaid: paid, expectedArrival: v.expectedArrival, arrivedAt: v.arrivedAt });

  let canCancel = false;
  let cancellationFeePreview: number | null = null;
  let canReschedule = false;
  let canAccept = false;
  let canDecline = false;
  if (viewer === 'customer') {
    const outcome = outcomeFor('customer');
    canCancel = canTransition(v.status, 'cancelled', { role: 'customer', isOwner: true }) && outcome.allowed;
    cancellationFeePreview = canCancel ? outcome.fee : null;
    const movable = v.status === 'pending' || canTransition(v.status, 'pending', { role: 'customer', isOwner: true });
    canReschedule = movable && reschedulePolicy({ status: v.status, now, scheduledStart: v.scheduledStart, bookedAt: v.createdAt }).allowed;
  } else if (viewer === 'professional') {
    const actor = { role: 'professional' as const, isAssigned: true };
    const isPaid = v.paymentStatus === 'paid';
    canAccept = isPaid && canTransition(v.status, 'confirmed', actor);
    canDecline = v.status === 'pending' && canTransition(v.status, 'cancelled', actor);
    canCancel = v.status === 'confirmed' && canTransition(v.status, 'cancelled', actor) && outcomeFor('professional').allowed;
  }

  // An unpaid hold ends at holdExpiresAt (the expiry job then cancels it); until then its customer may pay.
  const hold = isUnpaidHold(v) ? holdExpiresAt(v.createdAt) : null;
  const holdOpen = hold !== null && hold.getTime() > now.getTime();

  const start = toLocal(v.scheduledStart);
  return {
    id: v.id,
    reference: bookingReference(v.id),
    kind: v.kind,
    status: v.status,
    paymentStatus: v.paymentStatus,
    title: v.title,
    description: v.description,
    service:
      v.serviceTypeId && v.serviceName
        ? { id: v.serviceTypeId, name: { en: v.serviceName, fr: v.serviceNameFr ?? v.serviceName, ar: v.serviceNameAr ?? v.serviceName } }
        : null,
    scheduledStart: v.scheduledStart.toISOString(),
    scheduledEnd: v.scheduledEnd.toISOString(),
    local: { date: start.date, startTime: start.time, endTime: toLocal(v.scheduledEnd).time },
    durationMinutes: v.durationMinutes,
    location: v.location,
    address: addressFor(v, viewer),
    city: { id: v.cityId, name: { en: v.cityName, fr: v.cityNameFr, ar: v.cityNameAr } },
    amounts: {
      servicePrice: v.servicePrice,
      addOnsTotal: v.addonsTotal,
      subtotal,
      serviceFee: v.serviceFee,
      total: v.totalAmount,
      ...(v.discountAmount > 0 ? { discount: v.discountAmount } : {}),
      cancellationFee: v.cancellationFee,
      currency: CURRENCY,
    },
    lines: lines
      .filter((l) => l.bookingId === v.id)
      .map((l) => ({ kind: l.kind, label: l.label, quantity: Number(l.quantity), unitAmount: l.unitAmount, amount: l.amount })),
    addOns: v.addonServices ?? [],
    professional: { id: v.professionalId, firstName: v.proFirstName, rating: v.proReviews > 0 ? v.proRating : null, reviewsCount: v.proReviews },
    customer: viewer === 'customer' ? null : { name: v.customerName ?? '' },
    contactPhone: v.contactPhone,
    specialRequests: v.specialRequests,
    completedAt: v.completedAt ? v.completedAt.toISOString() : null,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    viewerRole: viewer,
    refund:
      viewer === 'customer' && (v.refundedToCard > 0 || v.refundPending > 0)
        ? { toCard: v.refundedToCard, at: v.refundedToCardAt ? v.refundedToCardAt.toISOString() : null, pending: v.refundPending }
        : null,
    canCancel,
    cancellationFeePreview,
    canReschedule,
    canAccept,
    canDecline,
    holdExpiresAt: holdOpen ? hold.toISOString() : null,
    canPay: viewer === 'customer' && holdOpen,
    rebook: v.status === 'completed' ? { professionalId: v.professionalId, serviceTypeId: v.serviceTypeId } : null,
    // Recurring bookings: the series only for its two parties (an admin reads no series); what the customer may do.
    series: viewer === 'admin' ? null : v.series,
    canRepeat: viewer === 'customer' && repeatRefusal(v) === null,
    ...(viewer === 'admin' ? {} : { attendance: attendanceDto(v, viewer, now) }),
  };
}

/** Issue 41: the delay notice, the arrival, a no-show, and what this party may do about them now. */
function attendanceDto(v: BookingView, viewer: 'customer' | 'professional', now: Date): BookingAttendance {
  const actions = attendanceActions(v, now, viewer);
  return {
    expectedArrival: v.expectedArrival?.toISOString() ?? null,
    expectedArrivalLocalTime: v.expectedArrival ? toLocal(v.expectedArrival).time : null,
    arrivedAt: v.arrivedAt?.toISOString() ?? null,
    noShow: v.noShow,
    ...actions,
    noShowOpensAt: actions.noShowOpensAt?.toISOString() ?? null,
  };
}
