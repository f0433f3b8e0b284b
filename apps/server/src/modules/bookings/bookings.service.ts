/**
 * Booking use cases (SPEC.md §2 wizard, /booking page, dashboards; §4 booking status; PRODUCT.md §1
 * assignment, payments and escrow, §2 fees and cancellation). Rules come from the pure domain
 * (packages/shared/src/domain); this file says who may do what, in which transaction, and what is
 * announced afterwards.
 *
 * Visibility: a customer sees the bookings they made; a professional sees the bookings assigned to
 * them once paid (an unpaid request is not theirs to act on yet); admins see all. Anything else is
 * 404, so a booking id reveals nothing.
 */
import {
  addDays,
  assertMoney,
  can,
  cancellationOutcome,
  checkTransition,
  CURRENCY,
  hourlyQuote,
  isReleaseDue,
  isWithinAvailability,
  startsOnDayOff,
  localDateOf,
  minutesToTime,
  NO_PROFESSIONAL_MESSAGE,
  paymentStatusAfterRefund,
  percentOf,
  pickProfessional,
  publicFirstName,
  PRO_COMMISSION_RATE,
  quote as priceQuote,
  rankCandidates,
  refundEntries,
  releaseAt,
  releaseEntries,
  RESCHEDULE_MIN_LEAD_MINUTES,
  reschedulePolicy,
  startOfLocalDay,
  timeToMinutes,
  validateBookingWindow,
  validateProPageBooking,
  WIZARD_START_TIMES,
  type AssignmentPreviewRequest,
  type AssignmentPreviewResponse,
  type BookingDto,
  type BookingListQuery,
  type BookingStatsResponse,
  type BookingWindow,
  type BookingWindowResult,
  type CancellationPreviewResponse,
  type CreateBookingRequest,
  type CreateHourlyBookingRequest,
  type HourlyQuoteRequest,
  type Permission,
  type Quote,
  type QuoteRequest,
  type QuoteResponse,
  type RescheduleBookingRequest,
  type SessionUser,
  type TransitionErrorCode,
} from '@khedma/shared';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { BookingAddon } from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import type { PaymentProvider } from '../../platform/payments';
import type { CatalogRepository } from '../catalog/catalog.repository';
import { servicePriceFrom } from '../catalog/price';
import type { LedgerRepository } from '../payments/ledger.repository';
import { toBookingDto, type ViewerRole } from './booking-dto';
import type { BookingEvents, EmailToSend } from './booking-events';
import { PRO_VISIBLE_PAYMENT, type BookingRecord, type BookingsRepository, type BookingView, type NewBookingRow, type NewBookingWrite, type PoolFilter, type PoolMember, type Recipient } from './bookings.repository';
import { requestHash, type IdempotencyStore } from './idempotency';
import type { ReferenceCache } from './reference-cache';

export const SLOT_TAKEN_MESSAGE = 'This time slot was just taken. Please choose another time.';
export const BOOKING_NOT_FOUND = 'Booking not found';
/** An unpaid booking holds the professional's slot this long, then the system cancels it. */
export const UNPAID_BOOKING_TTL_MINUTES = 30;
export const JOB_ESCROW_RELEASE = 'escrow.release';
export const JOB_EXPIRE_UNPAID = 'booking.expire_unpaid';

const MINUTE = 60_000;
const MAX_ALTERNATIVES = 6;

export interface BookingServiceDeps {
  db: Db;
  repo: BookingsRepository;
  ledger: LedgerRepository;
  catalog: CatalogRepository;
  idempotency: IdempotencyStore;
  events: BookingEvents;
  cache: ReferenceCache;
  clock: Clock;
  jobs: JobRunner;
  provider: Pick<PaymentProvider, 'name'>;
  log: FastifyBaseLogger;
}

/** An answer of a create route (replayed answers keep their first status). */
export interface CreateAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** Everything a new booking needs; both create routes build one and share `place`. */
interface BookingPlan {
  customerId: string;
  filter: PoolFilter;
  /** A professional chosen by the customer: no other may be assigned. */
  strict: boolean;
  window: BookingWindow;
  quote: Quote;
  addOns: BookingAddon[];
  row: {
    kind: 'service' | 'hourly';
    serviceTypeId: string | null;
    title: string;
    description: string;
    location: string;
    cityId: string;
    boroughId: string | null;
    contactPhone: string | null;
    specialRequests: string | null;
    fixedPrice: boolean;
  };
  /** Message when nobody matching works at that time. */
  unavailableMessage: string;
  /** Names shown in the answer (known already, so the new booking is not read back). */
  names: { city: LocalizedName; service: LocalizedName | null };
  /** The customer, for the creation email. */
  customer: Recipient;
}

interface LocalizedName {
  name: string;
  nameFr: string;
  nameAr: string;
}

/** The answer to store with a new booking for the request's Idempotency-Key (none without a key). */
type Answer = (dto: BookingDto) => NewBookingWrite['answer'];

const windowError = (result: Extract<BookingWindowResult, { ok: false }>) => {
  const fields: Record<string, string> = {};
  for (const i of result.issues) fields[i.field] ??= i.message;
  return badRequest(result.issues[0]!.message, fields);
};

const overlaps = (busy: PoolMember['busy'], start: Date, end: Date, ignore?: string) =>
  busy.some((b) => b.bookingId !== ignore && b.start.getTime() < end.getTime() && b.end.getTime() > start.getTime());

/**
 * SQLSTATEs of a concurrent booking for the same professional and time, through any driver wrapping:
 * - 23P01, the bookings_no_overlap exclusion constraint refusing the row;
 * - 40P01, a deadlock between two such inserts. An exclusion constraint is checked after the row is
 *   in the index, so two inserts of overlapping rows can each find the other's row and wait for it;
 *   PostgreSQL then aborts one. For that one it is the same news: someone else is taking the slot.
 */
const SLOT_CONFLICT_CODES = new Set(['23P01', '40P01']);

export function isSlotConflict(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code && SLOT_CONFLICT_CODES.has(e.code)) return true;
  }
  return false;
}

const slotTaken = () => new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE);

function transitionError(code: TransitionErrorCode, from: string, to: string) {
  return code === 'FORBIDDEN'
    ? forbidden('You are not allowed to change this booking.')
    : new AppError('INVALID_TRANSITION', `A ${from} booking cannot become ${to}.`);
}

const CANCEL_REFUSALS: Record<string, string> = {
  FINAL_STATUS: 'This booking is already completed or cancelled.',
  ALREADY_STARTED: 'This booking has already started and can no longer be cancelled.',
  PROFESSIONAL_TOO_LATE: 'Professionals cannot cancel within 2 hours of the start.',
};

export class BookingService {
  constructor(private readonly d: BookingServiceDeps) {}

  private get db() {
    return this.d.db;
  }
  private now() {
    return this.d.clock.now();
  }

  private require(user: SessionUser, permission: Permission) {
    if (!can(user, permission)) throw forbidden();
  }

  // ------------------------------------------------------------------------------------------
  // Prices
  // ------------------------------------------------------------------------------------------

  /** A cached catalogue fact; misses are not kept. */
  private async ref<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const value = await this.d.cache.get(key, load);
    if (value === undefined) this.d.cache.delete(key);
    return value;
  }

  private city(by: { id?: string; slug?: string }) {
    const key = by.id ? `city:${by.id}` : `city-slug:${(by.slug ?? '').toLowerCase()}`;
    return this.ref(key, () => this.d.repo.city(this.db, by));
  }

  /** Service, city, borough and add-ons of a wizard choice, checked, and the price computed here. */
  private async priceWizard(input: { serviceTypeId: string; cityId?: string; citySlug?: string; boroughId?: string | null; addOnIds?: string[] }) {
    const { repo } = this.d;
    const [service, city] = await Promise.all([
      this.ref(`service:${input.serviceTypeId}`, () => repo.service(this.db, input.serviceTypeId)),
      this.city(input.cityId ? { id: input.cityId } : { slug: input.citySlug }),
    ]);
    if (!service) throw badRequest('Service not found', { serviceTypeId: 'Service not found' });
    if (!city) throw badRequest('City not found', { cityId: 'City not found' });
    let boroughId: string | null = null;
    if (input.boroughId) {
      const wantedBorough = input.boroughId;
      const borough = await this.ref(`borough:${wantedBorough}`, () => repo.borough(this.db, wantedBorough));
      if (!borough || borough.cityId !== city.id) throw badRequest('Borough not found in this city', { boroughId: 'Borough not found in this city' });
      boroughId = borough.id;
    }
    const wanted = input.addOnIds ?? [];
    const offered = wanted.length ? ((await this.ref(`addons:${service.id}`, () => repo.addOns(this.db, service.id))) ?? []) : [];
    const addOns = wanted.map((id) => offered.find((a) => a.id === id));
    if (addOns.some((a) => a === undefined)) {
      throw badRequest('This add-on is not available for this service', { addOnIds: 'This add-on is not available for this service' });
    }
    const price = (await this.ref(`price:${service.id}:${city.slug}:${boroughId ?? ''}`, () =>
      servicePriceFrom(this.d.catalog, service, city.slug, boroughId ?? undefined),
    ))!;
    const quote = priceQuote({ servicePrice: price.price, serviceLabel: service.name, addOns: addOns as BookingAddon[] });
    return { service, city, boroughId, addOns: addOns as BookingAddon[], quote };
  }

  async quote(input: QuoteRequest): Promise<QuoteResponse> {
    const { quote } = await this.priceWizard(input);
    return toQuoteResponse(quote);
  }

  async hourlyQuote(input: HourlyQuoteRequest): Promise<QuoteResponse> {
    const pro = await this.professional(input.professionalId);
    return toQuoteResponse(hourlyQuote({ hourlyRate: pro.hourlyRate, hours: input.durationHours }));
  }

  private async professional(id: string, db: Db = this.db): Promise<PoolMember> {
    const now = this.now();
    const [pro] = await this.d.repo.pool(db, { professionalId: id }, { from: now, to: now }, now);
    if (!pro) throw badRequest('Professional not found', { professionalId: 'Professional not found' });
    return pro;
  }

  // ------------------------------------------------------------------------------------------
  // Assignment (wizard step 3)
  // ------------------------------------------------------------------------------------------

  async previewAssignment(input: AssignmentPreviewRequest, customerId?: string): Promise<AssignmentPreviewResponse> {
    const now = this.now();
    const checked = validateBookingWindow(input, { now });
    if (!checked.ok) throw windowError(checked);
    const { service, city, boroughId } = await this.priceWizard({ ...input, addOnIds: [] });
    const window = checked.value;
    const filter: PoolFilter = { serviceTypeId: service.id, cityId: city.id, boroughId };
    // One load covers the asked day and the next week, for the alternatives.
    const horizonEnd = startOfLocalDay(addDays(window.date, 8));
    const pool = (await this.d.repo.pool(this.db, filter, { from: startOfLocalDay(window.date), to: horizonEnd }, now)).filter(
      (p) => p.userId !== customerId,
    );
    const best = pickProfessional(freeFor(pool, window.start, window.end));
    if (best) {
      return {
        available: true,
        professional: { id: best.professionalId, firstName: best.firstName, rating: best.reviewCount > 0 ? best.rating : null, reviewsCount: best.reviewCount, jobsDone: best.jobsDone },
      };
    }
    return { available: false, code: 'NO_PROFESSIONAL_AVAILABLE', message: NO_PROFESSIONAL_MESSAGE, alternatives: alternatives(pool, window, now) };
  }

  // ------------------------------------------------------------------------------------------
  // Create
  // ------------------------------------------------------------------------------------------

  /** POST /api/bookings: a wizard booking. */
  async create(user: SessionUser, input: CreateBookingRequest, key?: string): Promise<CreateAnswer> {
    this.require(user, 'booking:create');
    return this.idempotent(user, key, 'POST /api/bookings', input, async () => {
      const now = this.now();
      const checked = validateBookingWindow(input, { now });
      if (!checked.ok) throw windowError(checked);
      const { service, city, boroughId, addOns, quote } = await this.priceWizard(input);
      return {
        customerId: user.id,
        filter: { serviceTypeId: service.id, cityId: city.id, boroughId, professionalId: input.professionalId },
        strict: input.professionalId !== undefined,
        window: checked.value,
        quote,
        addOns,
        row: {
          kind: 'service',
          serviceTypeId: service.id,
          title: service.name,
          description: input.description ?? `${service.name} service booking`,
          location: input.location ?? city.name,
          cityId: city.id,
          boroughId,
          contactPhone: null,
          specialRequests: null,
          fixedPrice: true,
        },
        unavailableMessage: input.professionalId
          ? 'This professional is not available at this time. Please choose another time.'
          : NO_PROFESSIONAL_MESSAGE,
        names: { city, service },
        customer: recipientOf(user),
      };
    });
  }

  /** POST /api/bookings/hourly: from a professional's page (hourly rate x hours + fee). */
  async createHourly(user: SessionUser, input: CreateHourlyBookingRequest, key?: string): Promise<CreateAnswer> {
    this.require(user, 'booking:create');
    return this.idempotent(user, key, 'POST /api/bookings/hourly', input, async () => {
      const now = this.now();
      const checked = validateProPageBooking(input, { now });
      if (!checked.ok) throw windowError(checked);
      const pro = await this.professional(input.professionalId);
      const city = await this.city({ id: pro.cityId });
      if (!city) throw badRequest('City not found', { professionalId: 'Professional not found' });
      const title = `${input.durationHours} ${input.durationHours === 1 ? 'hour' : 'hours'} with ${pro.firstName}`;
      return {
        customerId: user.id,
        filter: { professionalId: pro.professionalId },
        strict: true,
        window: checked.value,
        quote: hourlyQuote({ hourlyRate: pro.hourlyRate, hours: input.durationHours }),
        addOns: [],
        row: {
          kind: 'hourly',
          serviceTypeId: null,
          title,
          description: input.description ?? `Booking with ${pro.firstName}`,
          location: input.location,
          cityId: pro.cityId,
          boroughId: null,
          contactPhone: input.contactPhone,
          specialRequests: input.specialRequests ?? null,
          fixedPrice: false,
        },
        unavailableMessage: 'This professional is not available at this time. Please choose another time.',
        names: { city, service: null },
        customer: recipientOf(user),
      };
    });
  }

  /**
   * The Idempotency-Key protocol around a create (idempotency.ts). The plan (validation, prices from
   * the cached catalogue) is made first, so that the key is claimed by the statement that reads the
   * assignment pool: one round trip for both, committed before the booking is written. A request
   * refused by its plan, or whose key was there already, takes the store's own path, so its answer
   * under the key is what it always was (a stored answer first, then the refusal, stored).
   */
  private async idempotent(user: SessionUser, key: string | undefined, route: string, body: unknown, plan: () => Promise<BookingPlan>): Promise<CreateAnswer> {
    if (!key) return { status: 201, body: await this.place(await plan(), () => undefined), replayed: false };
    const store = this.d.idempotency;
    const hash = requestHash(route, body);
    let planned: BookingPlan | undefined;
    let refusal: unknown;
    try {
      planned = await plan();
    } catch (err) {
      refusal = err;
    }
    let first: PoolMember[] | undefined;
    if (planned) {
      const { start, end } = planned.window;
      const read = await this.d.repo.claimAndPool(this.db, { userId: user.id, key, hash }, planned.filter, { from: start, to: end }, this.now());
      if (read.claimed) first = read.pool;
    }
    if (!first) {
      const stored = planned ? await store.existing(user.id, key, hash) : await store.begin(user.id, key, hash);
      if (stored) return { ...stored, replayed: true };
    }
    try {
      if (!planned) throw refusal;
      const dto = await this.place(planned, (answer) => ({ userId: user.id, key, answer: { status: 201, body: answer } }), first);
      return { status: 201, body: dto, replayed: false };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        const error = { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
        await store.complete(this.db, user.id, key, { status: err.status, body: { error } }).catch(() => {});
      } else {
        await store.abandon(user.id, key).catch(() => {});
      }
      throw err;
    }
  }

  /**
   * The one insertion path: re-run the assignment, then ONE statement inserts the booking (pending,
   * payment pending), its price lines and add-ons, the payment row, the job that releases the slot
   * if it is never paid, the answer for the Idempotency-Key and the creation email's outbox row, and
   * sends the realtime event at its commit (BookingsRepository.insert). The exclusion constraint
   * refuses an overlap that a concurrent request committed first (23P01): the assignment is retried
   * once with the next candidate, then 409. The pool is read outside any transaction on purpose: the
   * constraint, not a lock, settles races, and the answer is built before the insert so that the
   * insert stores it.
   */
  private async place(plan: BookingPlan, answer: Answer, firstPool?: PoolMember[]): Promise<BookingDto> {
    const { repo, events } = this.d;
    const { start, end, durationMinutes } = plan.window;
    const excluded = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      let chosen: PoolMember | null = null;
      try {
        const now = this.now();
        // The first read may have come with the Idempotency-Key's claim (idempotent).
        const read = attempt === 0 && firstPool ? firstPool : await repo.pool(this.db, plan.filter, { from: start, to: end }, now);
        const pool = read.filter((p) => p.userId !== plan.customerId && !excluded.has(p.professionalId));
        const working = pool.filter((p) => worksAt(p, start, end));
        chosen = pickProfessional(working.filter((p) => !overlaps(p.busy, start, end)));
        if (!chosen) {
          if (working.length > 0 || attempt > 0) throw slotTaken();
          throw new AppError('NO_PROFESSIONAL_AVAILABLE', plan.unavailableMessage);
        }
        const pro: PoolMember = chosen;
        const q = plan.quote;
        const booking: NewBookingRow = {
          id: randomUUID(),
          userId: plan.customerId,
          professionalId: pro.professionalId,
          ...plan.row,
          status: 'pending',
          paymentStatus: 'pending',
          scheduledStart: start,
          scheduledEnd: end,
          durationMinutes,
          servicePrice: q.servicePrice,
          addonsTotal: q.addOnsTotal,
          serviceFee: q.serviceFee,
          totalAmount: q.total,
          addonServices: plan.addOns.map((a) => ({ id: a.id, name: a.name, price: a.price })),
        };
        // Stamped with the database's clock of the pool read, as the transaction used to stamp it.
        const row = repo.record(booking, pro.readAt);
        const { city, service } = plan.names;
        const view: BookingView = {
          ...row,
          proUserId: pro.userId,
          proFirstName: pro.firstName,
          proRating: pro.rating,
          proReviews: pro.reviewCount,
          cityName: city.name,
          cityNameFr: city.nameFr,
          cityNameAr: city.nameAr,
          serviceName: service?.name ?? null,
          serviceNameFr: service?.nameFr ?? null,
          serviceNameAr: service?.nameAr ?? null,
          customerName: null,
        };
        const lines = q.lines.map((l) => ({ kind: l.kind, label: l.label, quantity: l.quantity, unitAmount: l.unitAmount, amount: l.amount }));
        const dto = toBookingDto(view, lines.map((l) => ({ ...l, bookingId: row.id })), 'customer', now);
        // The creation email is rendered now so that its outbox row is written with the booking.
        const email = events.createdEmail(view, plan.customer);
        await repo.insert(this.db, {
          booking,
          at: pro.readAt,
          lines,
          // The method is the customer's choice at payment time; card until then.
          payment: { method: 'card', provider: this.d.provider.name, amount: q.total },
          // Releases the slot if the booking is never paid.
          job: { kind: JOB_EXPIRE_UNPAID, dedupeKey: row.id, runAt: new Date(now.getTime() + UNPAID_BOOKING_TTL_MINUTES * MINUTE), payload: { bookingId: row.id } },
          answer: answer(dto),
          notify: events.createdNotification(view),
          outbox: email?.outbox,
        });
        if (email) await events.deliver(view, email);
        else await events.created(view, [{ to: 'customer', kind: 'created' }], [plan.customer]);
        return dto;
      } catch (err) {
        if (!isSlotConflict(err)) throw err;
        const lost = chosen as PoolMember | null;
        if (plan.strict || attempt > 0 || !lost) throw slotTaken();
        excluded.add(lost.professionalId);
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------

  /** How `user` relates to the booking, or null (then: 404). */
  private viewerOf(user: SessionUser, b: Pick<BookingView, 'userId' | 'proUserId' | 'paymentStatus'>): ViewerRole | null {
    if (b.userId === user.id) return 'customer';
    if (b.proUserId === user.id && (PRO_VISIBLE_PAYMENT as readonly string[]).includes(b.paymentStatus)) return 'professional';
    if (can(user, 'booking:read:any')) return 'admin';
    return null;
  }

  async dto(user: SessionUser, id: string, db: Db = this.db): Promise<BookingDto> {
    const view = await this.d.repo.view(db, id);
    const viewer = view && this.viewerOf(user, view);
    if (!view || !viewer) throw notFound(BOOKING_NOT_FOUND);
    return toBookingDto(view, await this.d.repo.lines(db, [id]), viewer, this.now());
  }

  async get(user: SessionUser, id: string): Promise<BookingDto> {
    return this.dto(user, id);
  }

  private async listScope(user: SessionUser, role: 'customer' | 'professional' | undefined) {
    const wanted = role ?? (user.userType === 'pro' ? 'professional' : 'customer');
    if (wanted === 'professional') {
      const professionalId = await this.d.repo.professionalIdOfUser(this.db, user.id);
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
    const views = await this.d.repo.list(this.db, scope.who, query);
    const lines = await this.d.repo.lines(
      this.db,
      views.map((v) => v.id),
    );
    const now = this.now();
    return views.map((v) => toBookingDto(v, lines, scope.role, now));
  }

  async stats(user: SessionUser, role?: 'customer' | 'professional'): Promise<BookingStatsResponse> {
    const scope = await this.listScope(user, role);
    const monthStart = startOfLocalDay(`${localDateOf(this.now()).slice(0, 8)}01`);
    const s = await this.d.repo.stats(this.db, scope.who, monthStart);
    return { role: scope.role, ...s, totalSpent: scope.role === 'customer' ? s.totalSpent : 0, currency: CURRENCY };
  }

  // ------------------------------------------------------------------------------------------
  // Transitions
  // ------------------------------------------------------------------------------------------

  /** The booking locked for `user` as assigned professional (others: 404). */
  private async lockForProfessional(tx: Db, user: SessionUser, id: string): Promise<BookingRecord> {
    const professionalId = await this.d.repo.professionalIdOfUser(tx, user.id);
    const b = await this.d.repo.lock(tx, id);
    if (!b || !professionalId || b.professionalId !== professionalId || !(PRO_VISIBLE_PAYMENT as readonly string[]).includes(b.paymentStatus)) {
      throw notFound(BOOKING_NOT_FOUND);
    }
    return b;
  }

  /** The assigned professional accepts a paid request: "Booking confirmed!". */
  async accept(user: SessionUser, id: string): Promise<BookingDto> {
    this.require(user, 'booking:accept:own');
    await this.db.transaction(async (tx) => {
      const b = await this.lockForProfessional(tx, user, id);
      const t = checkTransition(b.status, 'confirmed', { role: 'professional', isAssigned: true });
      if (!t.ok) throw transitionError(t.code, b.status, 'confirmed');
      if (b.paymentStatus !== 'paid') throw new AppError('INVALID_TRANSITION', 'This booking is not paid.');
      await this.d.repo.update(tx, id, { status: 'confirmed' });
    });
    return this.afterChange(user, id, 'accept', [{ to: 'customer', kind: 'confirmed' }]);
  }

  /** The assigned professional declines a request: cancelled, the customer refunded in full. */
  async decline(user: SessionUser, id: string, reason?: string): Promise<BookingDto> {
    this.require(user, 'booking:decline:own');
    return this.cancelAs(user, id, { mode: 'decline', reason });
  }

  /** What cancelling now would cost the caller (customer) or whether it is allowed (professional). */
  async cancellationPreview(user: SessionUser, id: string): Promise<CancellationPreviewResponse> {
    const view = await this.d.repo.view(this.db, id);
    const viewer = view && this.viewerOf(user, view);
    if (!view || !viewer) throw notFound(BOOKING_NOT_FOUND);
    if (viewer === 'admin') throw forbidden('Admins refund bookings from the admin bookings page.');
    const escrow = await this.d.ledger.escrowOf(this.db, id);
    const outcome = cancellationOutcome({
      actor: viewer,
      status: view.status,
      now: this.now(),
      scheduledStart: view.scheduledStart,
      bookedAt: view.createdAt,
      serviceValue: view.servicePrice + view.addonsTotal,
      amountPaid: escrow.state === 'held' ? escrow.held : 0,
    });
    const t = checkTransition(view.status, 'cancelled', viewer === 'customer' ? { role: 'customer', isOwner: true } : { role: 'professional', isAssigned: true });
    const allowed = outcome.allowed && t.ok;
    return { allowed, fee: allowed ? outcome.fee : 0, refund: allowed ? outcome.refund : 0, feeRate: outcome.feeRate, reason: outcome.reason, actor: viewer, currency: CURRENCY };
  }

  /** POST /cancel: the customer (fee of PRODUCT.md §2) or the assigned professional (not within 2 h). */
  async cancel(user: SessionUser, id: string, reason?: string): Promise<BookingDto> {
    return this.cancelAs(user, id, { mode: 'cancel', reason });
  }

  /** Admin refund (Admin issue): cancelled, refunded in full. A reason is required by the route. */
  async refund(user: SessionUser, id: string, reason: string): Promise<BookingDto> {
    this.require(user, 'booking:refund');
    return this.cancelAs(user, id, { mode: 'refund', reason });
  }

  private async cancelAs(user: SessionUser, id: string, opts: { mode: 'cancel' | 'decline' | 'refund'; reason?: string }): Promise<BookingDto> {
    const { repo, ledger } = this.d;
    const now = this.now();
    const done = await this.db.transaction(async (tx) => {
      let b: BookingRecord | undefined;
      let actor: 'customer' | 'professional' | 'admin';
      if (opts.mode === 'decline') {
        b = await this.lockForProfessional(tx, user, id);
        actor = 'professional';
        if (b.status !== 'pending') throw transitionError('INVALID_TRANSITION', b.status, 'cancelled');
      } else if (opts.mode === 'refund') {
        b = await repo.lock(tx, id);
        if (!b) throw notFound(BOOKING_NOT_FOUND);
        actor = 'admin';
      } else {
        b = await repo.lock(tx, id);
        if (!b) throw notFound(BOOKING_NOT_FOUND);
        if (b.userId === user.id) {
          actor = 'customer';
          this.require(user, 'booking:cancel:own');
        } else {
          b = await this.lockForProfessional(tx, user, id);
          actor = 'professional';
        }
      }
      const t = checkTransition(b.status, 'cancelled', actor === 'customer' ? { role: 'customer', isOwner: true } : actor === 'professional' ? { role: 'professional', isAssigned: true } : { role: 'admin' });
      if (!t.ok) throw transitionError(t.code, b.status, 'cancelled');
      const escrow = await ledger.escrowOf(tx, id);
      const held = escrow.state === 'held' ? escrow.held : 0;
      const outcome = cancellationOutcome({
        actor,
        status: b.status,
        now,
        scheduledStart: b.scheduledStart,
        bookedAt: b.createdAt,
        serviceValue: b.servicePrice + b.addonsTotal,
        amountPaid: held,
      });
      if (!outcome.allowed) throw new AppError('CANCELLATION_NOT_ALLOWED', CANCEL_REFUSALS[outcome.reason] ?? 'This booking cannot be cancelled now.');
      let paymentStatus = b.paymentStatus;
      if (held > 0) {
        await ledger.post(tx, refundEntries(id, b.professionalId, { held, fee: outcome.fee }));
        paymentStatus = paymentStatusAfterRefund(held, outcome.refund);
        if (outcome.refund === held) await repo.markPaymentsRefunded(tx, id);
      }
      await repo.update(tx, id, {
        status: 'cancelled',
        paymentStatus,
        cancellationFee: held > 0 ? outcome.fee : 0,
        cancelledBy: user.id,
        cancellationReason: opts.reason ?? t.transition.action,
      });
      return { action: t.transition.action, actor, outcome, held };
    });
    const money = done.held > 0 ? { fee: done.outcome.fee, refund: done.outcome.refund } : {};
    const emails: EmailToSend[] =
      done.actor === 'customer'
        ? [
            { to: 'customer', kind: 'cancelled_by_you', ...money },
            { to: 'professional', kind: 'customer_cancelled', ...money },
          ]
        : done.actor === 'professional'
          ? [{ to: 'customer', kind: done.action === 'decline' ? 'declined' : 'professional_cancelled', ...money }]
          : [{ to: 'customer', kind: 'professional_cancelled', ...money }];
    return this.afterChange(user, id, done.action, emails);
  }

  /** The customer moves the booking to another free slot of the same professional, 24 h or more ahead. */
  async reschedule(user: SessionUser, id: string, input: RescheduleBookingRequest): Promise<BookingDto> {
    this.require(user, 'booking:cancel:own');
    const { repo } = this.d;
    const now = this.now();
    try {
      await this.db.transaction(async (tx) => {
        const b = await repo.lock(tx, id);
        if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
        if (b.status !== 'pending') {
          const t = checkTransition(b.status, 'pending', { role: 'customer', isOwner: true });
          if (!t.ok) throw transitionError(t.code, b.status, 'pending');
        }
        const policy = reschedulePolicy({ status: b.status, now, scheduledStart: b.scheduledStart, bookedAt: b.createdAt });
        if (!policy.allowed) {
          throw new AppError('RESCHEDULE_NOT_ALLOWED', 'Bookings can be moved up to 24 hours before the start.');
        }
        const checked = validateBookingWindow(input, { now, minLeadMinutes: RESCHEDULE_MIN_LEAD_MINUTES });
        if (!checked.ok) throw windowError(checked);
        const w = checked.value;
        if (b.kind === 'hourly' && w.durationMinutes !== b.durationMinutes) {
          // The price of an hourly booking is its duration: moving keeps it.
          throw badRequest('Please keep the booked duration', { endTime: 'Please keep the booked duration' });
        }
        const [pro] = await repo.pool(tx, { professionalId: b.professionalId }, { from: w.start, to: w.end }, now);
        if (!pro || !worksAt(pro, w.start, w.end)) {
          throw new AppError('NO_PROFESSIONAL_AVAILABLE', 'This professional is not available at this time. Please choose another time.');
        }
        if (overlaps(pro.busy, w.start, w.end, id)) throw slotTaken();
        await repo.update(tx, id, { scheduledStart: w.start, scheduledEnd: w.end, durationMinutes: w.durationMinutes, status: 'pending' });
      });
    } catch (err) {
      if (isSlotConflict(err)) throw slotTaken();
      throw err;
    }
    return this.afterChange(user, id, 'reschedule', [{ to: 'professional', kind: 'rescheduled' }]);
  }

  /** Admin "Complete" (Admin issue): completed now; the escrow is released 48 h later by a job. */
  async complete(user: SessionUser, id: string): Promise<BookingDto> {
    this.require(user, 'booking:complete');
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const b = await this.d.repo.lock(tx, id);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      const t = checkTransition(b.status, 'completed', { role: 'admin' });
      if (!t.ok) throw transitionError(t.code, b.status, 'completed');
      await this.d.repo.update(tx, id, { status: 'completed', completedAt: now });
      await this.d.jobs.enqueue({ kind: JOB_ESCROW_RELEASE, dedupeKey: id, runAt: releaseAt(now), payload: { bookingId: id } }, tx);
    });
    return this.afterChange(user, id, 'complete', []);
  }

  /** Announces a committed change and answers with the booking as `user` sees it. */
  private async afterChange(user: SessionUser, id: string, action: Parameters<BookingEvents['announce']>[1], emails: EmailToSend[]): Promise<BookingDto> {
    const view = await this.d.repo.view(this.db, id);
    if (!view) throw notFound(BOOKING_NOT_FOUND);
    await this.d.events.announce(view, action, emails);
    const viewer = this.viewerOf(user, view) ?? 'admin';
    return toBookingDto(view, await this.d.repo.lines(this.db, [id]), viewer, this.now());
  }

  // ------------------------------------------------------------------------------------------
  // Jobs
  // ------------------------------------------------------------------------------------------

  /**
   * escrow.release: 48 h after completion, the held money goes to the professional's balance and
   * the service fee to the platform. Idempotent: nothing is written unless the escrow still holds
   * this booking's money.
   */
  async releaseEscrow(bookingId: string, now: Date): Promise<'released' | 'skipped'> {
    const { repo, ledger } = this.d;
    return this.db.transaction(async (tx) => {
      const b = await repo.lock(tx, bookingId);
      if (!b || b.status !== 'completed' || !b.completedAt) return 'skipped';
      const escrow = await ledger.escrowOf(tx, bookingId);
      if (escrow.state !== 'held' || escrow.held <= 0) return 'skipped';
      if (!isReleaseDue(b.completedAt, now)) throw new Error(`Escrow of ${bookingId} is not due before ${releaseAt(b.completedAt).toISOString()}`);
      const commission = percentOf(b.servicePrice + b.addonsTotal, PRO_COMMISSION_RATE);
      const serviceFee = Math.min(b.serviceFee, escrow.held);
      assertMoney(escrow.held);
      await ledger.post(tx, releaseEntries(bookingId, b.professionalId, { held: escrow.held, serviceFee, commission: Math.min(commission, escrow.held - serviceFee) }));
      return 'released';
    });
  }

  /** booking.expire_unpaid: a booking still unpaid after 30 min is cancelled, freeing the slot. */
  async expireUnpaid(bookingId: string): Promise<void> {
    const expired = await this.db.transaction(async (tx) => {
      const b = await this.d.repo.lock(tx, bookingId);
      if (!b || b.status !== 'pending' || b.paymentStatus !== 'pending') return false;
      const [payment] = await this.d.repo.payments(tx, bookingId);
      // A payment being processed right now: look again later (the job is retried).
      if (payment && payment.status === 'pending' && payment.providerRef?.startsWith('claim:') && Date.now() - payment.updatedAt.getTime() < 2 * MINUTE) {
        throw new Error('payment in progress');
      }
      const t = checkTransition(b.status, 'cancelled', { role: 'system' });
      if (!t.ok) return false;
      await this.d.repo.update(tx, bookingId, { status: 'cancelled', cancellationReason: 'payment_not_received', cancellationFee: 0 });
      return true;
    });
    if (expired) {
      const view = await this.d.repo.view(this.db, bookingId);
      if (view) await this.d.events.announce(view, 'payment_failed');
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** The signed-in customer as an email recipient (greeted by first name). */
function recipientOf(user: SessionUser): Recipient {
  return { userId: user.id, email: user.email, name: publicFirstName(user.name ?? ''), locale: user.locale };
}

function toQuoteResponse(q: Quote): QuoteResponse {
  return { lines: q.lines, servicePrice: q.servicePrice, addOnsTotal: q.addOnsTotal, subtotal: q.subtotal, serviceFee: q.serviceFee, total: q.total, currency: CURRENCY };
}

/**
 * Whether the professional works then: inside their weekly availability and not on one of their days
 * off (set on their own profile, pros module).
 */
function worksAt(p: PoolMember, start: Date, end: Date): boolean {
  return isWithinAvailability(p.availability, start, end) && !startsOnDayOff(p.daysOff, start);
}

/** Professionals who work at that time and have it free, best first. */
function freeFor(pool: readonly PoolMember[], start: Date, end: Date): PoolMember[] {
  return rankCandidates(pool.filter((p) => worksAt(p, start, end) && !overlaps(p.busy, start, end)));
}

/**
 * Other start times with the same duration that do have someone: on the asked day the nearest to
 * the asked time, then the first ones of the following days; within the booking horizon.
 */
function alternatives(pool: readonly PoolMember[], window: BookingWindow, now: Date) {
  const out: Array<{ date: string; startTime: string; endTime: string }> = [];
  if (pool.length === 0) return out;
  const asked = timeToMinutes(window.startTime);
  const duration = timeToMinutes(window.endTime) - asked;
  for (let day = 0; day < 8 && out.length < MAX_ALTERNATIVES; day++) {
    const date = addDays(window.date, day);
    const times =
      day === 0
        ? [...WIZARD_START_TIMES].filter((t) => t !== window.startTime).sort((a, b) => Math.abs(timeToMinutes(a) - asked) - Math.abs(timeToMinutes(b) - asked))
        : [...WIZARD_START_TIMES];
    let perDay = 0;
    for (const startTime of times) {
      if (out.length >= MAX_ALTERNATIVES || perDay >= (day === 0 ? 3 : 2)) break;
      const endMinutes = timeToMinutes(startTime) + duration;
      if (endMinutes >= 24 * 60) continue;
      const endTime = minutesToTime(endMinutes);
      const checked = validateBookingWindow({ date, startTime, endTime }, { now });
      if (!checked.ok) continue;
      if (freeFor(pool, checked.value.start, checked.value.end).length > 0) {
        out.push({ date, startTime, endTime });
        perDay++;
      }
    }
  }
  return out;
}

