/**
 * The admin bookings page (docs/admin.md): the list (filters and paging by the server), the stat
 * cards, and the row actions, which are the bookings module's own use cases (bookings.lifecycle:
 * reassign, refund through the payments ledger, complete with the escrow release scheduled).
 * Answers carry the customer's email masked and no phone: every admin may read this list.
 */
import {
  bookingReference,
  can,
  completionAllowed,
  maskEmail,
  refundable,
  toLocal,
  type AdminBookingActionResponse,
  type AdminBookingListQuery,
  type AdminBookingListResponse,
  type AdminBookingRow,
  type ReassignCandidate,
  type SessionUser,
} from '@khedma/shared';
import { forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BookingUseCases, Notified } from '../bookings';
import type { AdminBookingRecord, AdminBookingsRepository } from './bookings.repository';

export class AdminBookingsService {
  constructor(
    private readonly repo: AdminBookingsRepository,
    private readonly bookings: BookingUseCases,
    private readonly clock: Clock,
  ) {}

  private require(user: SessionUser, permission: Parameters<typeof can>[1]) {
    if (!can(user, permission)) throw forbidden('Access denied. Admin privileges required.');
  }

  async list(user: SessionUser, q: AdminBookingListQuery): Promise<AdminBookingListResponse> {
    this.require(user, 'booking:read:any');
    const [{ items, total }, stats] = await Promise.all([this.repo.list(q), this.repo.stats()]);
    return { items: items.map((r) => toRow(r, user, this.clock.now())), total, page: q.page, pageSize: q.pageSize, stats };
  }

  async stats(user: SessionUser) {
    this.require(user, 'booking:read:any');
    return this.repo.stats();
  }

  async candidates(user: SessionUser, id: string): Promise<ReassignCandidate[]> {
    const pool = await this.bookings.lifecycle.reassignCandidates(user, id);
    return pool.map((p) => ({
      professionalId: p.professionalId,
      name: p.firstName,
      rating: p.reviewCount > 0 ? p.rating : null,
      reviewsCount: p.reviewCount,
      jobsLast30Days: p.jobsLast30Days,
      jobsDone: p.jobsDone,
      distanceKm: p.distanceKm === null ? null : Math.round(p.distanceKm * 10) / 10,
    }));
  }

  async reassign(user: SessionUser, id: string, professionalId: string, expectedStatus: 'pending' | 'confirmed') {
    return this.answer(user, id, await this.bookings.lifecycle.reassign(user, id, professionalId, expectedStatus));
  }

  async refund(user: SessionUser, id: string, reason: string) {
    return this.answer(user, id, await this.bookings.lifecycle.refundWithNotice(user, id, reason));
  }

  async complete(user: SessionUser, id: string, notes?: string) {
    return this.answer(user, id, await this.bookings.lifecycle.completeWithNotice(user, id, notes));
  }

  private async answer(user: SessionUser, id: string, done: Notified): Promise<AdminBookingActionResponse> {
    const row = await this.repo.one(id);
    if (!row) throw notFound('Booking not found');
    return { booking: toRow(row, user, this.clock.now()), emailSent: done.emailSent };
  }
}

const open = (status: string) => status === 'pending' || status === 'confirmed';

export function toRow(r: AdminBookingRecord, user: SessionUser, now: Date): AdminBookingRow {
  const local = toLocal(r.scheduledStart);
  const end = toLocal(r.scheduledEnd);
  return {
    id: r.id,
    reference: bookingReference(r.id),
    title: r.title,
    service: r.serviceTypeId && r.serviceName ? { id: r.serviceTypeId, name: { en: r.serviceName, fr: r.serviceNameFr ?? r.serviceName, ar: r.serviceNameAr ?? r.serviceName } } : null,
    customer: { name: r.customerName, email: maskEmail(r.customerEmail) ?? '' },
    professional: { id: r.professionalId, name: r.professionalName },
    scheduledStart: r.scheduledStart.toISOString(),
    local: { date: local.date, startTime: local.time, endTime: end.time },
    status: r.status,
    paymentStatus: r.paymentStatus,
    totalAmount: r.totalAmount,
    city: { id: r.cityId, name: { en: r.cityName, fr: r.cityNameFr, ar: r.cityNameAr } },
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    completionNotes: r.completionNotes,
    cancellationReason: r.status === 'cancelled' ? r.cancellationReason : null,
    actions: {
      reassign: open(r.status) && can(user, 'booking:reassign'),
      // Only money taken is refunded: an unpaid hold is shown as one and offers no refund (issue 38).
      refund: open(r.status) && refundable(r.paymentStatus) && can(user, 'booking:refund'),
      // Offered from the scheduled start (completionAllowed); the server refuses it before.
      complete: r.status === 'confirmed' && completionAllowed(now, r.scheduledStart) && can(user, 'booking:complete'),
    },
  };
}
