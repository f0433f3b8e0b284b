/**
 * Reading bookings: one booking, a list, the dashboard figures. A customer sees the bookings they
 * made; a professional sees the bookings assigned to them once paid (an unpaid request is not theirs
 * to act on yet); admins see all. Anything else is 404, so a booking id reveals nothing.
 */
import {
  can,
  CURRENCY,
  localDateOf,
  startOfLocalDay,
  type BookingDto,
  type BookingListQuery,
  type BookingStatsResponse,
  type SessionUser,
} from '@khedma/shared';
import { forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { toBookingDto, type ViewerRole } from './bookings.dto';
import { BOOKING_NOT_FOUND } from './bookings.errors';
import { PRO_VISIBLE_PAYMENT, type BookingsRepository, type BookingView } from './bookings.repository';

export class BookingReads {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly clock: Clock,
  ) {}

  /** How `user` relates to the booking, or null (then: 404). */
  viewerOf(user: SessionUser, b: Pick<BookingView, 'userId' | 'proUserId' | 'paymentStatus'>): ViewerRole | null {
    if (b.userId === user.id) return 'customer';
    if (b.proUserId === user.id && (PRO_VISIBLE_PAYMENT as readonly string[]).includes(b.paymentStatus)) return 'professional';
    if (can(user, 'booking:read:any')) return 'admin';
    return null;
  }

  async dto(user: SessionUser, id: string): Promise<BookingDto> {
    const view = await this.repo.view(id);
    const viewer = view && this.viewerOf(user, view);
    if (!view || !viewer) throw notFound(BOOKING_NOT_FOUND);
    return toBookingDto(view, await this.repo.lines([id]), viewer, this.clock.now());
  }

  async get(user: SessionUser, id: string): Promise<BookingDto> {
    return this.dto(user, id);
  }

  private async listScope(user: SessionUser, role: 'customer' | 'professional' | undefined) {
    const wanted = role ?? (user.userType === 'pro' ? 'professional' : 'customer');
    if (wanted === 'professional') {
      const professionalId = await this.repo.professionalIdOfUser(user.id);
      if (!professionalId) {
        if (role === 'professional') throw forbidden('Only professionals have assigned bookings.');
        return { role: 'customer' as const, who: { customerId: user.id } };
      }
      return { role: 'professional' as const, who: { professionalId } };
    }
    return { role: 'customer' as const, who: { customerId: user.id } };
  }

  /** Own bookings are always readable (an admin with a narrow role simply has none). */
  async list(user: SessionUser, query: BookingListQuery): Promise<BookingDto[]> {
    const scope = await this.listScope(user, query.role);
    const views = await this.repo.list(scope.who, query);
    const lines = await this.repo.lines(views.map((v) => v.id));
    const now = this.clock.now();
    return views.map((v) => toBookingDto(v, lines, scope.role, now));
  }

  async stats(user: SessionUser, role?: 'customer' | 'professional'): Promise<BookingStatsResponse> {
    const scope = await this.listScope(user, role);
    const monthStart = startOfLocalDay(`${localDateOf(this.clock.now()).slice(0, 8)}01`);
    const s = await this.repo.stats(scope.who, monthStart);
    return { role: scope.role, ...s, totalSpent: scope.role === 'customer' ? s.totalSpent : 0, currency: CURRENCY };
  }
}
