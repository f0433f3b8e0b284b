/**
 * Placing a booking (docs/bookings.md wizard, the /booking page; docs/bookings.md): the plan (window, price,
 * who may take it), the Idempotency-Key protocol (idempotency.ts), and the one statement that
 * inserts it with its price lines, payment row, unpaid-expiry job, stored answer, outbox row and
 * realtime event.
 */
import {
  BOOKING_CREATE_LIMITS,
  BOOKING_MESSAGES,
  BOOKING_RATE_LIMIT_MESSAGE,
  can,
  hourlyQuote,
  UNPAID_HOLD_LIMIT_MESSAGE,
  NO_PROFESSIONAL_MESSAGE,
  publicFirstName,
  validateBookingWindow,
  validateProPageBooking,
  type BookingDto,
  type BookingWindow,
  type CreateBookingRequest,
  type CreateHourlyBookingRequest,
  type GeoPoint,
  type Quote,
  type SessionUser,
} from '@khedma/shared';
import { endError, firstDateAfter, RECURRING_MESSAGES } from '@khedma/shared/domain/recurring';
import { toLocal } from '@khedma/shared/domain/time';
import type { RepeatChoice } from '@khedma/shared/schemas/recurring';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { BookingAddon } from '../../db/schema/index';
import { AppError, badRequest, forbidden } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { metrics } from '../../platform/metrics';
import { jobOf } from '../../platform/jobs';
import { limitPlaceholders, limitsInOrderSql, type LimitAnswer, type LimitCheck, type RateLimiter } from '../../platform/rate-limit';
import type { Recipient } from '../auth';
import type { CatalogReference } from '../catalog';
import { EXPIRE_UNPAID_JOB, UNPAID_BOOKING_TTL_MINUTES } from '../payments';
import { worksAt } from './assignment.service';
import { addressColumns, checkedPin, pickLazily, placeOfNew } from './travel';
import { toBookingDto } from './bookings.dto';
import { isSlotConflict, isUnpaidHoldLimit, slotTaken, windowError } from './bookings.errors';
import type { BookingNotifier } from './notifier';
import type { BookingsRepository, BookingView, NewBookingRow, NewBookingWrite } from './bookings.repository';
import type { BookingReads } from './reads.service';
import type { DiscountProvider, PlannedDiscount } from './discounts';
import { requestHash, type IdempotencyStore } from './idempotency';
import type { ClaimExtras, PoolFilter, PoolMember, ProfessionalPoolRepository, RankingMember } from './pool.repository';
import { json } from './sql';
import type { QuoteService } from './quote.service';

const MINUTE = 60_000;
/** How long a create without an Idempotency-Key counts as a retry of an identical one (answered with its booking). */
export const KEYLESS_RETRY_MINUTES = 10;

export interface CreationDeps {
  db: Db;
  repo: BookingsRepository;
  pool: ProfessionalPoolRepository;
  quotes: QuoteService;
  reference: CatalogReference;
  idempotency: IdempotencyStore;
  /** A keyless retry's answer: the booking it made, as the customer reads it. */
  reads: BookingReads;
  notifier: BookingNotifier;
  clock: Clock;
  /** Stored on the new payment row (payments.provider). */
  providerName: string;
  /** Bookings made per account and per address (domain/holds.ts BOOKING_CREATE_LIMITS). */
  limiter: RateLimiter;
  /**
   * Whether the realtime event of a new booking is sent after its commit (PostgreSQL: a NOTIFY inside the
   * write would hold the server's notify lock through the commit's WAL flush, one create at a time;
   * docs/decisions/0033-booking-created-event-after-commit.md) rather than by the write itself (PGlite: one
   * backend, no commits to serialise, and a statement saved).
   */
  announceAfterCommit?: boolean;
}

/** A booking from an accepted job quote: who, where, when (Casablanca wall clock) and the quoted price. */
export interface QuotedBookingInput {
  professionalId: string;
  serviceTypeId: string;
  cityId: string;
  boroughId: string | null;
  address: string;
  description: string;
  date: string;
  startTime: string;
  endTime: string;
  quote: Quote;
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
  /** The network address the request came from (the per-address limit). */
  ip: string;
  filter: PoolFilter;
  /** A professional chosen by the customer: no other may be assigned. */
  strict: boolean;
  window: BookingWindow;
  /** The address's place (issue 42: its pin, else the city's centre): travel time, service areas and the nearest professional are reckoned from it. */
  point: GeoPoint | null;
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
  } & ReturnType<typeof addressColumns>;
  /** Message when nobody matching works at that time. */
  unavailableMessage: string;
  /** Names shown in the answer (known already, so the new booking is not read back). */
  names: { city: LocalizedName; service: LocalizedName | null };
  /** The customer, for the creation email. */
  customer: Recipient;
  /** What the request asked of discounts (promo code, credit), priced by `discounted` into `discount`. */
  discountInput?: { promoCode?: string; useCredit?: boolean };
  /** Promo code and credit (discounts.ts); the booking's total is what is left to pay. */
  discount?: PlannedDiscount | null;
  /** The wizard's "Repeat", stored with the booking (the recurring module makes the series once it is paid). */
  repeat?: RepeatChoice | null;
}

interface LocalizedName {
  name: string;
  nameFr: string;
  nameAr: string;
}

/** The answer to store with a new booking for the request's Idempotency-Key (none without a key). */
type Answer = (dto: BookingDto) => NewBookingWrite['answer'];

export class CreationService {
  private discounts: DiscountProvider | null = null;
  /** claimExtras' SQL per shape. */
  private readonly extrasSql = new Map<string, Pick<ClaimExtras, 'ctes' | 'columns'>>();

  constructor(private readonly d: CreationDeps) {}

  /** The promos module's pricing hook (discounts.ts). */
  useDiscounts(provider: DiscountProvider): void {
    this.discounts = provider;
    this.extrasSql.clear();
  }

  /**
   * The plan with its discounts, when a provider is plugged in and the request may have any.
   * `known.creditBalance`: the credit read by the statement that claimed the key (`creditInClaim`).
   */
  private async discounted(plan: BookingPlan, known?: { creditBalance?: number }): Promise<BookingPlan> {
    const input = plan.discountInput;
    if (!this.discounts || !input) return plan;
    const discount = await this.discounts.plan(
      {
        customerId: plan.customerId,
        promoCode: input.promoCode,
        useCredit: input.useCredit,
        cityId: plan.row.cityId,
        serviceTypeId: plan.row.serviceTypeId,
        quote: plan.quote,
      },
      known,
    );
    return { ...plan, discount };
  }

  /**
   * Whether the plan's only possible discount is the customer's credit: then its balance is read by the
   * statement that claims the key, and the discount is priced after it (a credit cannot be refused). A
   * promo code is priced before the claim, as any refusal of the plan.
   */
  private creditInClaim(plan: BookingPlan): boolean {
    const input = plan.discountInput;
    return !!this.discounts && !!input && !input.promoCode && input.useCredit !== false;
  }

  /** The create's two limits (BOOKING_CREATE_LIMITS), in the order they are counted. */
  private limitChecks(plan: BookingPlan): LimitCheck[] {
    const { perAccount, perAddress } = BOOKING_CREATE_LIMITS;
    return [
      { key: `booking:create:user:${plan.customerId}`, ...perAccount, message: BOOKING_RATE_LIMIT_MESSAGE },
      ...(plan.ip ? [{ key: `booking:create:ip:${plan.ip}`, ...perAddress, message: BOOKING_RATE_LIMIT_MESSAGE }] : []),
    ];
  }

  /**
   * What the statement that claims the key does besides (ProfessionalPoolRepository.claimAndPool): count
   * the limits when it claimed the key (a replay costs nothing), and read the customer's credit.
   */
  private claimExtras(plan: BookingPlan, checks: readonly LimitCheck[], credit: boolean): ClaimExtras {
    const shape = `l${checks.length}${credit ? 'c' : ''}`;
    // The SQL of a shape is built once (its statement is prepared once too): only the values change per create.
    let built = this.extrasSql.get(shape);
    if (!built) {
      const { ctes, answers } = limitsInOrderSql(limitPlaceholders(checks.length, 'limit'), sql` from claim`);
      built = {
        ctes,
        columns: {
          limits: sql`(select json_agg(x) from (${answers}) x)`,
          ...(credit && this.discounts ? { credit: this.discounts.creditBalanceSql(sql`${sql.placeholder('creditUserId')}::text`) } : {}),
        },
      };
      this.extrasSql.set(shape, built);
    }
    return {
      shape,
      ...built,
      params: { ...this.d.limiter.inOrderParams(checks, 'limit'), ...(credit ? { creditUserId: plan.customerId } : {}) },
    };
  }

  private get clock() {
    return this.d.clock;
  }

  /**
   * Bookings made per account and per network address (domain/holds.ts): counted when a booking is
   * about to be placed (a refused plan or a replayed answer costs nothing), in the database so that
   * every server instance counts the same. With at most MAX_UNPAID_HOLDS unpaid at once (the
   * database's trigger, migration 0014), one account cannot hold a professional's calendar unpaid.
   */
  private async limit(plan: BookingPlan) {
    // One round trip for both (the per-address limit counts only what the per-account one allowed).
    await this.d.limiter.enforceInOrder(this.limitChecks(plan));
  }


  /** POST /api/bookings: a wizard booking. */
  async create(user: SessionUser, input: CreateBookingRequest, key?: string, ip = ''): Promise<CreateAnswer> {
    if (!can(user, 'booking:create')) throw forbidden();
    return this.idempotent(user, key, 'POST /api/bookings', input, async () => {
      const now = this.clock.now();
      const checked = validateBookingWindow(input, { now });
      if (!checked.ok) throw windowError(checked);
      const { service, city, boroughId, addOns, quote } = await this.d.quotes.priceWizard(input);
      const pin = checkedPin(city, input.pin);
      // A "Repeat" whose end the series would refuse is refused now, next to its field (the recurring rules).
      if (input.repeat) {
        const wrong = endError(input.repeat.end, firstDateAfter(toLocal(checked.value.start).date, input.repeat.intervalWeeks));
        if (wrong === 'count') throw badRequest(RECURRING_MESSAGES.endCount, { 'repeat.end.count': RECURRING_MESSAGES.endCount });
        if (wrong === 'date') throw badRequest(RECURRING_MESSAGES.endDate, { 'repeat.end.date': RECURRING_MESSAGES.endDate });
      }
      return {
        customerId: user.id,
        ip,
        discountInput: input,
        filter: { serviceTypeId: service.id, cityId: city.id, boroughId, professionalId: input.professionalId },
        strict: input.professionalId !== undefined,
        window: checked.value,
        point: placeOfNew(city, pin),
        quote,
        addOns,
        row: {
          kind: 'service',
          serviceTypeId: service.id,
          title: service.name,
          description: input.description ?? `${service.name} service booking`,
          location: input.location,
          cityId: city.id,
          boroughId,
          contactPhone: null,
          specialRequests: null,
          fixedPrice: true,
          ...addressColumns(input, pin),
        },
        unavailableMessage: input.professionalId
          ? 'This professional is not available at this time. Please choose another time.'
          : NO_PROFESSIONAL_MESSAGE,
        names: { city, service },
        customer: recipientOf(user),
        repeat: input.repeat ?? null,
      };
    });
  }

  /** POST /api/bookings/hourly: from a professional's page (hourly rate x hours + fee). */
  async createHourly(user: SessionUser, input: CreateHourlyBookingRequest, key?: string, ip = ''): Promise<CreateAnswer> {
    if (!can(user, 'booking:create')) throw forbidden();
    return this.idempotent(user, key, 'POST /api/bookings/hourly', input, async () => {
      const now = this.clock.now();
      const checked = validateProPageBooking(input, { now });
      if (!checked.ok) throw windowError(checked);
      const pro = await this.d.quotes.professional(input.professionalId);
      // The city booked in: one of the professional's (the first when the request names none).
      const cityId = input.cityId ?? pro.cityId;
      if (!pro.cityIds.includes(cityId)) throw badRequest(BOOKING_MESSAGES.cityNotServed, { cityId: BOOKING_MESSAGES.cityNotServed });
      const city = await this.d.reference.city({ id: cityId });
      if (!city) throw badRequest(BOOKING_MESSAGES.cityNotServed, { cityId: BOOKING_MESSAGES.cityNotServed });
      const pin = checkedPin(city, input.pin);
      const title = `${input.durationHours} ${input.durationHours === 1 ? 'hour' : 'hours'} with ${pro.firstName}`;
      return {
        customerId: user.id,
        ip,
        discountInput: input,
        // The city too: placing the booking checks again that they still work there.
        filter: { professionalId: pro.professionalId, cityId },
        strict: true,
        window: checked.value,
        point: placeOfNew(city, pin),
        quote: hourlyQuote({ hourlyRate: pro.hourlyRate, hours: input.durationHours }),
        addOns: [],
        row: {
          kind: 'hourly',
          serviceTypeId: null,
          title,
          description: input.description ?? `Booking with ${pro.firstName}`,
          location: input.location,
          cityId,
          boroughId: null,
          contactPhone: input.contactPhone,
          specialRequests: input.specialRequests ?? null,
          fixedPrice: false,
          ...addressColumns(input, pin),
        },
        unavailableMessage: 'This professional is not available at this time. Please choose another time.',
        names: { city, service: null },
        customer: recipientOf(user),
      };
    });
  }

  /**
   * An accepted job quote (docs/job-quotes.md): the quoting professional, at the visit and price of
   * their quote; then paid, held, cancelled and reviewed as any booking. The key makes the job-quotes
   * module's retries answer with the same booking.
   */
  async createQuoted(user: SessionUser, input: QuotedBookingInput, key: string): Promise<CreateAnswer> {
    if (!can(user, 'booking:create')) throw forbidden();
    return this.idempotent(user, key, 'POST /api/job-requests/{id}/quotes/{quoteId}/accept', input, async () => {
      const checked = validateBookingWindow(input, { now: this.clock.now() });
      if (!checked.ok) throw windowError(checked);
      const [service, city] = await Promise.all([this.d.reference.service(input.serviceTypeId), this.d.reference.city({ id: input.cityId })]);
      if (!service || !city) throw badRequest('Service not found', { serviceTypeId: 'Service not found' });
      return {
        customerId: user.id,
        ip: '',
        filter: { professionalId: input.professionalId, cityId: city.id },
        strict: true,
        window: checked.value,
        // A job request has no pin yet (docs/job-quotes.md): travel is reckoned from the city's centre.
        point: placeOfNew(city, null),
        quote: input.quote,
        addOns: [],
        row: {
          kind: 'service',
          serviceTypeId: service.id,
          title: service.name,
          description: input.description,
          location: input.address,
          cityId: city.id,
          boroughId: input.boroughId,
          contactPhone: null,
          specialRequests: null,
          fixedPrice: true,
          ...addressColumns({}, null),
        },
        unavailableMessage: 'This professional is not available at this time. Please choose another time.',
        names: { city, service },
        customer: recipientOf(user),
      };
    });
  }

  /**
   * The Idempotency-Key protocol around a create (idempotency.ts). The plan (validation, prices from
   * the cached catalogue, a promo code) is made first, so that the key is claimed by the statement that
   * reads the assignment pool, which also counts the create limits when it claimed the key and reads the
   * customer's credit (claimExtras): one round trip for all of it, committed before the booking is
   * written (docs/bookings.md#create-statements). A request refused by its plan, or whose key was there
   * already, takes the store's own path, so its answer under the key is what it always was (a stored
   * answer first, then the refusal, stored).
   */
  private async idempotent(user: SessionUser, key: string | undefined, route: string, body: unknown, plan: () => Promise<BookingPlan>): Promise<CreateAnswer> {
    if (!key) {
      const planned = await this.discounted(await plan());
      // A retry without a key whose first answer was lost (a crash, a dropped connection): answered
      // with the booking it made, instead of a second booking or SLOT_TAKEN by its own booking.
      const twin = await this.d.repo.recentTwin({
        userId: user.id,
        kind: planned.row.kind,
        serviceTypeId: planned.row.serviceTypeId,
        professionalId: planned.strict ? planned.filter.professionalId : undefined,
        cityId: planned.row.cityId,
        boroughId: planned.row.boroughId,
        location: planned.row.location,
        scheduledStart: planned.window.start,
        totalAmount: planned.discount?.payable ?? planned.quote.total,
        withinMinutes: KEYLESS_RETRY_MINUTES,
      });
      if (twin) return { status: 200, body: await this.d.reads.dto(user, twin), replayed: true };
      return { status: 201, body: await this.place(planned, () => undefined, {}), replayed: false };
    }
    const store = this.d.idempotency;
    const hash = requestHash(route, body);
    let planned: BookingPlan | undefined;
    let refusal: unknown;
    try {
      const made = await plan();
      // A promo code is priced (and maybe refused) now; credit alone is read by the claim's statement.
      planned = this.creditInClaim(made) ? made : await this.discounted(made);
    } catch (err) {
      refusal = err;
    }
    let first: { pool: RankingMember[]; now: Date; full: boolean; limits: LimitAnswer[]; credit?: number } | undefined;
    let checks: LimitCheck[] = [];
    if (planned) {
      const { start, end } = planned.window;
      const credit = this.creditInClaim(planned);
      checks = this.limitChecks(planned);
      // A chosen professional is read whole at once (a pool of one needs no ranking first).
      const full = planned.strict;
      const now = this.clock.now();
      const read = await this.d.pool.claimAndPool(
        { userId: user.id, key, hash, owner: store.owner },
        planned.filter,
        { from: start, to: end },
        now,
        full ? 'full' : 'ranking',
        this.claimExtras(planned, checks, credit),
      );
      if (read.claimed) {
        first = { pool: read.pool, now, full, limits: json<LimitAnswer[] | null>(read.extras.limits) ?? [], credit: credit ? Number(read.extras.credit ?? 0) : undefined };
      }
    }
    if (!first) {
      const stored = planned ? await store.existing(user.id, key, hash) : await store.begin(user.id, key, hash);
      if (stored) return { ...stored, replayed: true };
    }
    try {
      if (!planned) throw refusal;
      if (first) {
        // Counted by the claim's statement: refused here as the limiter would have.
        this.d.limiter.verdict(checks, first.limits);
        if (first.credit !== undefined) planned = await this.discounted(planned, { creditBalance: first.credit });
      } else if (this.creditInClaim(planned)) {
        // The key was taken over (expired, or left in flight by a crash): its credit is read now.
        planned = await this.discounted(planned);
      }
      const dto = await this.place(planned, (answer) => ({ userId: user.id, key, answer: { status: 201, body: answer } }), { first: first && { pool: first.pool, now: first.now }, full: first?.full, limited: !!first });
      return { status: 201, body: dto, replayed: false };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        const error = { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
        await store.complete(this.d.db, user.id, key, { status: err.status, body: { error } }).catch(() => {});
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
  private async place(
    plan: BookingPlan,
    answer: Answer,
    read: { first?: { pool: RankingMember[]; now: Date }; full?: boolean; limited?: boolean },
  ): Promise<BookingDto> {
    const { repo, notifier } = this.d;
    if (!read.limited) await this.limit(plan);
    const { start, end, durationMinutes } = plan.window;
    const excluded = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      let chosen: PoolMember | null = null;
      try {
        // The first read may have come with the Idempotency-Key's claim (idempotent). Ranking figures
        // only: the days and jobs of the best ranked few are read next (pickLazily, issue 42), the
        // 30-day counts of the rating groups it reaches at the same clock as the ranking read's.
        // A chosen professional (strict) is read whole: their days and jobs come with the first read.
        const first = attempt === 0 ? read.first : undefined;
        const now = first?.now ?? this.clock.now();
        const full = first ? !!read.full : plan.strict;
        const members: RankingMember[] = first
          ? first.pool
          : full
            ? await this.d.pool.pool(plan.filter, { from: start, to: end }, now)
            : await this.d.pool.rankingPool(plan.filter, now);
        const pool = members.filter((p) => p.userId !== plan.customerId && !excluded.has(p.professionalId));
        // Within their service radius and working then (else nobody, not a taken slot), with time to
        // travel from and to their other jobs; nearest among equals (issue 42).
        const lazy = await pickLazily(
          pool,
          { start, end, point: plan.point },
          // Read whole, each member has its days, jobs and 30-day count already.
          (ids) => (full ? Promise.resolve(members.filter((p) => ids.includes(p.professionalId)) as PoolMember[]) : this.d.pool.details(plan.filter, ids, { from: start, to: end }, now)),
          (p) => worksAt(p, start, end),
          (ids) => this.d.pool.jobsLast30Days(ids, now),
        );
        chosen = lazy.chosen;
        if (!chosen) {
          if (lazy.working || attempt > 0) throw slotTaken();
          throw new AppError('NO_PROFESSIONAL_AVAILABLE', plan.unavailableMessage);
        }
        const pro: PoolMember = chosen;
        const q = plan.quote;
        // What the customer pays: the quote's total less the platform's discounts (discounts.ts).
        const payable = plan.discount?.payable ?? q.total;
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
          totalAmount: payable,
          discountAmount: q.total - payable,
          addonServices: plan.addOns.map((a) => ({ id: a.id, name: a.name, price: a.price })),
          repeatIntervalWeeks: plan.repeat?.intervalWeeks ?? null,
          repeatEnd: plan.repeat?.end ?? null,
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
          refundedToCard: 0,
          refundedToCardAt: null,
          refundPending: 0,
          expectedArrival: null,
          arrivedAt: null,
          noShow: null,
          series: null,
        };
        const lines = q.lines.map((l) => ({ kind: l.kind, label: l.label, quantity: l.quantity, unitAmount: l.unitAmount, amount: l.amount }));
        const dto = toBookingDto(view, lines.map((l) => ({ ...l, bookingId: row.id })), 'customer', now);
        // The creation email is rendered now so that its job is written with the booking (issue 39).
        const email = notifier.createdEmail(view, plan.customer);
        const write: NewBookingWrite = {
          booking,
          at: pro.readAt,
          lines,
          // The method is the customer's choice at payment time; card until then.
          payment: { method: 'card', provider: this.d.providerName, amount: payable },
          // Releases the slot if the booking is never paid.
          job: jobOf(EXPIRE_UNPAID_JOB, { bookingId: row.id }, { dedupeKey: row.id, runAt: new Date(now.getTime() + UNPAID_BOOKING_TTL_MINUTES * MINUTE) }),
          answer: answer(dto),
          notify: this.d.announceAfterCommit ? null : notifier.createdNotification(view),
          email: email ?? undefined,
        };
        const discount = plan.discount;
        let emailJob: string | null;
        if (discount) {
          // The discount's use is taken with the booking, or neither is written.
          emailJob = await this.d.db.transaction(async (tx) => {
            const written = await repo.with(tx).insert(write);
            await discount.claim(tx, booking.id);
            return written.emailJob;
          });
        } else {
          ({ emailJob } = await repo.insert(write));
        }
        metrics.bookingsCreated.inc();
        // Before the answer, so that nothing the customer does next is announced ahead of it.
        if (this.d.announceAfterCommit) await notifier.announceCreated(view);
        // Delivered after the answer; if this process dies first, any instance's job loop sends it.
        if (email && emailJob) notifier.sendCreated(emailJob, email.job);
        return dto;
      } catch (err) {
        if (isUnpaidHoldLimit(err)) throw new AppError('UNPAID_HOLD_LIMIT', UNPAID_HOLD_LIMIT_MESSAGE);
        if (!isSlotConflict(err)) throw err;
        const lost = chosen as PoolMember | null;
        if (plan.strict || attempt > 0 || !lost) throw slotTaken();
        excluded.add(lost.professionalId);
      }
    }
  }
}

/** The signed-in customer as an email recipient (greeted by first name). */
function recipientOf(user: SessionUser): Recipient {
  return { userId: user.id, email: user.email, name: publicFirstName(user.name ?? ''), locale: user.locale };
}
