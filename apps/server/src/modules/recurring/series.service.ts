/**
 * Recurring bookings (docs/recurring.md): creating a series from one of the customer's bookings, the
 * rolling creation of its visits as real bookings (priced then, with the recurring discount; paid by the
 * customer as each comes due), and what the customer (skip, pause, resume, new time, cancel, another
 * professional for a visit) and the professional (decline before the first visit) may do to it.
 */
import {
  can,
  CURRENCY,
  hourlyQuote,
  startsOnDayOff,
  toLocal,
  type Locale,
  type SessionUser,
} from '@khedma/shared';
import {
  canDeclineSeries,
  confirmsOnPayment,
  dueForCreation,
  endError,
  firstDateAfter,
  moveError,
  movedDueForCreation,
  occurrencesBetween,
  paymentDeadline,
  plannedOccurrence,
  RECURRING_MESSAGES,
  RECURRING_WINDOW_DAYS,
  recurringQuote,
  repeatRefusal,
  withinEnd,
  type OccurrenceState,
  type PlannedOccurrence,
  type RecurringInterval,
  type SeriesSchedule,
  type UnavailableReason,
} from '@khedma/shared/domain/recurring';
import type { CreateSeriesRequest, MoveOccurrenceRequest, SeriesDto, SeriesOccurrence } from '@khedma/shared/schemas/recurring';
import { localToUtc } from '@khedma/shared/domain/time';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { EmailMessage, Mailer } from '../../platform/email';
import type { JobRunner } from '../../platform/jobs';
import type { RecipientsRepository } from '../auth';
import { isSlotConflict, overlaps, worksAt, type BookingUseCases, type ProfessionalPoolRepository } from '../bookings';
import { EXPIRE_UNPAID_JOB } from '../payments';
import { RECURRING_SERIES_JOB } from './recurring.jobs';
import { renderRecurringEmail, TO_PROFESSIONAL, type RecurringEmailKind } from './recurring.emails';
import type { BookingRow, OccurrenceWithBooking, SeriesRepository, SeriesRow, SeriesView } from './series.repository';
import { copiedColumns } from './series.repository';

const DAY_MS = 86_400_000;
/** How far ahead the series view lists visits not created yet. */
const VIEW_AHEAD_DAYS = RECURRING_WINDOW_DAYS * 2;
const SKIP_REASON = 'Visit skipped (recurring booking)';

export interface SeriesDeps {
  db: Db;
  repo: SeriesRepository;
  pool: ProfessionalPoolRepository;
  bookings: BookingUseCases;
  jobs: JobRunner;
  mailer: Mailer;
  recipients: RecipientsRepository;
  clock: Clock;
  providerName: string;
  publicUrl: string;
}

export interface SeriesAnswer {
  status: 200 | 201;
  body: SeriesDto;
}

const notFoundSeries = () => notFound(RECURRING_MESSAGES.notFound);

export function scheduleOf(s: SeriesRow): SeriesSchedule {
  return { firstDate: s.firstDate, startTime: s.startTime, durationMinutes: s.durationMinutes, intervalWeeks: s.intervalWeeks as RecurringInterval, end: s.end };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

const isUnpaid = (b: { status: string; paymentStatus: string }) => b.status === 'pending' && b.paymentStatus === 'pending';

export class SeriesService {
  constructor(private readonly d: SeriesDeps) {}

  // ------------------------------------------------------------------------------------------
  // Creating a series
  // ------------------------------------------------------------------------------------------

  /** POST /api/recurring/series: repeat one of my bookings. Retried with the same Idempotency-Key: the same series (200). */
  async create(user: SessionUser, input: CreateSeriesRequest, key?: string): Promise<SeriesAnswer> {
    if (!can(user, 'booking:create')) throw forbidden();
    if (key) {
      const again = await this.d.repo.byKey(user.id, key);
      if (again) return { status: 200, body: await this.dto(user, again.id) };
    }
    const source = await this.d.repo.booking(input.bookingId);
    if (!source || source.userId !== user.id) throw notFoundSeries();
    if (source.status === 'cancelled') throw new AppError('CONFLICT', RECURRING_MESSAGES.notRepeatable);
    // A visit of a series repeats already: a series of it would book the same visits twice.
    if (await this.d.repo.seriesOfVisit(source.id)) throw new AppError('CONFLICT', RECURRING_MESSAGES.isVisit);
    const local = toLocal(source.scheduledStart);
    const firstDate = firstDateAfter(local.date, input.intervalWeeks);
    const wrongEnd = endError(input.end, firstDate);
    if (wrongEnd) {
      const message = wrongEnd === 'count' ? RECURRING_MESSAGES.endCount : RECURRING_MESSAGES.endDate;
      throw badRequest(message, { [wrongEnd === 'count' ? 'end.count' : 'end.date']: message });
    }
    if (await this.d.repo.liveOfSource(source.id)) {
      // A concurrent retry with the same key may have committed since the first look: its series, not a conflict.
      const again = key ? await this.d.repo.byKey(user.id, key) : undefined;
      if (again) return { status: 200, body: await this.dto(user, again.id) };
      throw new AppError('CONFLICT', RECURRING_MESSAGES.alreadyRepeating);
    }
    // The wizard's Repeat waiting for this booking's payment: its series is made when the payment succeeds.
    if (repeatRefusal({ ...source, series: null })) throw new AppError('CONFLICT', RECURRING_MESSAGES.alreadyRepeating);
    let created: SeriesRow;
    let jobId: string | null = null;
    let noticeId: string | null = null;
    try {
      created = await this.d.db.transaction(async (tx) => {
        const row = await this.d.repo.with(tx).insert({
          userId: user.id,
          professionalId: source.professionalId,
          sourceBookingId: source.id,
          intervalWeeks: input.intervalWeeks,
          firstDate,
          startTime: local.time,
          durationMinutes: source.durationMinutes,
          end: input.end,
          idempotencyKey: key ?? null,
        });
        // Its first visits at once (the job, so that a crash before they are made loses nothing), and the professional told.
        jobId = await this.d.jobs.schedule(RECURRING_SERIES_JOB, { seriesId: row.id }, { dedupeKey: `created:${row.id}`, db: tx });
        noticeId = await this.notice(tx, row.id, undefined, 'new_series');
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent retry with the same key (another instance) made it first; else the booking is repeated already.
      const again = key ? await this.d.repo.byKey(user.id, key) : undefined;
      if (again) return { status: 200, body: await this.dto(user, again.id) };
      throw new AppError('CONFLICT', RECURRING_MESSAGES.alreadyRepeating);
    }
    for (const job of [jobId, noticeId]) if (job) await this.d.jobs.runJob(job);
    return { status: 201, body: await this.dto(user, created.id) };
  }

  // ------------------------------------------------------------------------------------------
  // The rolling window: each visit becomes a booking
  // ------------------------------------------------------------------------------------------

  /** Every active series' visits of the window (the hourly job). */
  async extendAll(): Promise<void> {
    for (const id of await this.d.repo.activeIds()) await this.extend(id);
  }

  /**
   * The visits of the window not decided yet become bookings, or are recorded unavailable with the
   * customer told. The series row is locked first: two instances (or the job and a change of time)
   * take turns, and the second sees what the first recorded.
   */
  async extend(seriesId: string): Promise<void> {
    const now = this.d.clock.now();
    const notices: string[] = [];
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const series = await repo.lock(seriesId);
      if (!series || series.status !== 'active') return;
      const rows = await repo.occurrences(seriesId);
      const known = new Set(rows.map((o) => o.seq));
      // Visits at their planned start, and visits the customer moved, each when the window reaches its own start.
      const due = dueForCreation(scheduleOf(series), now).filter((p) => !known.has(p.seq));
      for (const o of rows) {
        if (o.state !== 'moved' || !o.movedStart || !movedDueForCreation(o.movedStart, now)) continue;
        due.push({ seq: o.seq, date: toLocal(o.movedStart).date, start: o.movedStart, end: new Date(o.movedStart.getTime() + series.durationMinutes * 60_000) });
      }
      if (due.length === 0) return;
      const source = await repo.booking(series.sourceBookingId);
      if (!source) return;
      for (const planned of due) {
        const notice = await this.placeVisit(tx, series, source, planned, now);
        if (notice) notices.push(notice);
      }
    });
    // The emails go out at once after the commit (the job loop retries them if this fails).
    for (const job of notices) await this.d.jobs.runJob(job);
  }

  private async placeVisit(tx: Db, series: SeriesRow, source: BookingRow, planned: PlannedOccurrence, now: Date): Promise<string | null> {
    const repo = this.d.repo.with(tx);
    // The date it was planned on (a moved visit's row keeps its own: the upsert does not change it).
    const plannedDate = plannedOccurrence(scheduleOf(series), planned.seq).date;
    const unavailable = async (reason: UnavailableReason) => {
      await repo.recordOccurrence({ seriesId: series.id, seq: planned.seq, plannedDate, state: 'unavailable', reason });
      return this.notice(tx, series.id, planned.seq, 'unavailable');
    };
    const [pro] = await this.d.pool.with(tx).pool(
      { professionalId: series.professionalId, cityId: source.cityId, ...(source.serviceTypeId ? { serviceTypeId: source.serviceTypeId } : {}) },
      { from: planned.start, to: planned.end },
      now,
    );
    // Suspended, or no longer offering this service or city.
    if (!pro) return unavailable('suspended');
    if (startsOnDayOff(pro.daysOff, planned.start)) return unavailable('day_off');
    if (!worksAt(pro, planned.start, planned.end)) return unavailable('not_working');
    // Travel from and to their other jobs from the visit's place (the series' pin, else the city's centre).
    if (overlaps(pro.busy, planned.start, planned.end, undefined, await this.d.pool.with(tx).placeOf(source))) return unavailable('taken');
    const price = await this.price(source, pro.hourlyRate);
    const id = randomUUID();
    try {
      // A savepoint: a slot taken meanwhile (the exclusion constraint) only undoes this visit.
      await tx.transaction(async (sp) => {
        await this.d.repo.with(sp).insertVisit(
          {
            ...copiedColumns(source),
            id,
            userId: series.userId,
            professionalId: series.professionalId,
            status: 'pending',
            paymentStatus: 'pending',
            scheduledStart: planned.start,
            scheduledEnd: planned.end,
            durationMinutes: series.durationMinutes,
            servicePrice: price.servicePrice,
            addonsTotal: price.addOnsTotal,
            serviceFee: price.serviceFee,
            totalAmount: price.total,
            addonServices: price.addOns,
          } as Parameters<SeriesRepository['insertVisit']>[0],
          price.lines,
          { provider: this.d.providerName, amount: price.total },
        );
      });
    } catch (err) {
      if (isSlotConflict(err)) return unavailable('taken');
      throw err;
    }
    await repo.recordOccurrence({ seriesId: series.id, seq: planned.seq, plannedDate, state: 'booked', bookingId: id });
    // Unpaid at the deadline: cancelled like any unpaid hold (payments module), free of charge.
    await this.d.jobs.schedule(EXPIRE_UNPAID_JOB, { bookingId: id }, { dedupeKey: id, runAt: paymentDeadline(planned.start), db: tx });
    return this.notice(tx, series.id, planned.seq, 'ready');
  }

  /**
   * payment.succeeded, in the payment's transaction and under the booking's lock: a paid visit of a series
   * its professional agreed to is confirmed at once (confirmsOnPayment), its reminders scheduled as an
   * accept schedules them, and its professional emailed (a job of this transaction, run after the commit).
   * Any other booking: nothing.
   */
  async onVisitPaid(tx: Db, bookingId: string, now: Date, runAfterCommit: (jobId: string | null) => void): Promise<void> {
    const repo = this.d.repo.with(tx);
    const visit = await repo.visitOf(bookingId);
    const booking = await repo.booking(bookingId);
    if (!booking) return;
    if (!visit) return this.seriesOfRepeat(tx, booking, runAfterCommit);
    const confirms = confirmsOnPayment({
      seriesStatus: visit.series.status,
      occurrenceState: visit.occurrence.state,
      seriesProfessionalId: visit.series.professionalId,
      bookingProfessionalId: booking.professionalId,
      bookingStatus: booking.status,
    });
    if (!confirms || !(await repo.confirmVisit(bookingId, visit.series.professionalId))) return;
    await this.d.bookings.reminders.schedule(tx, bookingId, booking.scheduledStart, now);
    runAfterCommit(await this.notice(tx, visit.series.id, visit.occurrence.seq, 'visit_confirmed'));
  }

  /**
   * payment.succeeded of a wizard booking with a "Repeat" (docs/recurring.md "From the wizard"): its series,
   * made in the payment's transaction, once (the payment is recorded once; a series of that booking made
   * meanwhile by the form, or a unique index's refusal in a savepoint, leaves the payment alone). Its first
   * visits and the professional's email are jobs of that transaction, run after the commit.
   */
  private async seriesOfRepeat(tx: Db, booking: BookingRow, runAfterCommit: (jobId: string | null) => void): Promise<void> {
    if (!booking.repeatIntervalWeeks || !booking.repeatEnd || booking.kind !== 'service') return;
    const repo = this.d.repo.with(tx);
    if (await repo.liveOfSource(booking.id)) return;
    const local = toLocal(booking.scheduledStart);
    const intervalWeeks = booking.repeatIntervalWeeks as RecurringInterval;
    const firstDate = firstDateAfter(local.date, intervalWeeks);
    if (endError(booking.repeatEnd, firstDate)) return;
    let row: SeriesRow;
    try {
      row = await tx.transaction((sp) =>
        this.d.repo.with(sp).insert({
          userId: booking.userId,
          professionalId: booking.professionalId,
          sourceBookingId: booking.id,
          intervalWeeks,
          firstDate,
          startTime: local.time,
          durationMinutes: booking.durationMinutes,
          end: booking.repeatEnd!,
          idempotencyKey: `wizard:${booking.id}`,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) return;
      throw err;
    }
    runAfterCommit(await this.d.jobs.schedule(RECURRING_SERIES_JOB, { seriesId: row.id }, { dedupeKey: `created:${row.id}`, db: tx }));
    runAfterCommit(await this.notice(tx, row.id, undefined, 'new_series'));
  }

  /** A visit's price now: the catalogue's (or the professional's hourly rate), less the recurring discount. */
  private async price(source: BookingRow, hourlyRate: number) {
    if (source.kind === 'service' && source.serviceTypeId) {
      const wanted = (source.addonServices ?? []).map((a) => a.id);
      const priced = await this.d.bookings.quotes
        .priceWizard({ serviceTypeId: source.serviceTypeId, cityId: source.cityId, boroughId: source.boroughId, addOnIds: wanted })
        // An add-on no longer offered: the visit without it.
        .catch(() => this.d.bookings.quotes.priceWizard({ serviceTypeId: source.serviceTypeId!, cityId: source.cityId, boroughId: source.boroughId, addOnIds: [] }));
      const q = recurringQuote({ servicePrice: priced.quote.servicePrice, serviceLabel: priced.service.name, addOns: priced.addOns });
      return { ...q, addOns: priced.addOns };
    }
    const base = hourlyQuote({ hourlyRate, hours: source.durationMinutes / 60 }).servicePrice;
    return { ...recurringQuote({ servicePrice: base, serviceLabel: 'Hourly rate' }), addOns: [] };
  }

  /**
   * A series' email (docs/recurring.md), written in the transaction of the change it reports (`tx`:
   * the series, its visits and the recipient read there), so it exists exactly when the change does;
   * once per series, visit and kind (dedupe key). Answers its job's id, run after the commit.
   */
  private async notice(tx: Db, seriesId: string, seq: number | undefined, kind: RecurringEmailKind): Promise<string | null> {
    const email = await this.noticeEmail(tx, { seriesId, seq, kind });
    if (!email) return null;
    return this.d.mailer.write(tx, email.message, { userId: email.userId, dedupeKey: `recurring:${seriesId}:${seq ?? ''}:${kind}` });
  }

  /**
   * A `recurring.notice` job stored before its email was written in the change's transaction
   * (2026-11-29): its email written now, under the same dedupe key, and sent.
   */
  async sendNotice(payload: { seriesId: string; seq?: number; kind: RecurringEmailKind }): Promise<void> {
    await this.d.mailer.run(await this.notice(this.d.db, payload.seriesId, payload.seq, payload.kind));
  }

  /** The email of a notice, in the recipient's language, to the customer (or the professional for a new series). */
  private async noticeEmail(db: Db, payload: { seriesId: string; seq?: number; kind: RecurringEmailKind }): Promise<{ message: EmailMessage; userId: string } | null> {
    const repo = this.d.repo.with(db);
    const series = await repo.view(payload.seriesId);
    if (!series) return null;
    const to = TO_PROFESSIONAL.has(payload.kind) ? series.proUserId : series.userId;
    const [recipient] = await this.d.recipients.with(db).recipients([to]);
    if (!recipient) return null;
    const occurrences = await repo.occurrences(series.id);
    const row = payload.seq !== undefined ? occurrences.find((o) => o.seq === payload.seq) : undefined;
    const planned = plannedOccurrence(scheduleOf(series), payload.seq ?? 0);
    const start = row?.booking?.scheduledStart ?? row?.movedStart ?? planned.start;
    const path = `/recurring/${series.id}`;
    const email = renderRecurringEmail(
      payload.kind,
      {
        title: titleIn(series, recipient.locale),
        start,
        total: row?.booking?.totalAmount,
        payBy: paymentDeadline(start),
        url: `${this.d.publicUrl}${path}`,
        intervalWeeks: series.intervalWeeks,
      },
      recipient.locale,
      recipient.name,
    );
    return { message: { to: recipient.email, ...email }, userId: recipient.userId };
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  async list(user: SessionUser): Promise<SeriesDto[]> {
    const professionalId = user.userType === 'pro' ? await this.d.repo.professionalIdOfUser(user.id) : undefined;
    const rows = await this.d.repo.list({ userId: user.id, ...(professionalId ? { professionalId } : {}) });
    return Promise.all(rows.map((s) => this.toDto(user, s)));
  }

  async get(user: SessionUser, id: string): Promise<SeriesDto> {
    return this.dto(user, id);
  }

  private async dto(user: SessionUser, id: string): Promise<SeriesDto> {
    const series = await this.d.repo.view(id);
    if (!series) throw notFoundSeries();
    return this.toDto(user, series);
  }

  /** The series as the customer or its professional sees it (anyone else: not found). */
  private async toDto(user: SessionUser, s: SeriesView): Promise<SeriesDto> {
    const role = s.userId === user.id ? 'customer' : s.proUserId === user.id ? 'professional' : null;
    if (!role) throw notFoundSeries();
    const now = this.d.clock.now();
    const schedule = scheduleOf(s);
    const live = s.status === 'active' || s.status === 'paused';
    const rows = await this.d.repo.occurrences(s.id);
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    const planned = occurrencesBetween(schedule, now, new Date(now.getTime() + VIEW_AHEAD_DAYS * DAY_MS)).filter((p) => !bySeq.has(p.seq));
    const items: SeriesOccurrence[] = [];
    for (const r of rows) items.push(this.occurrenceDto(s, r, role, now, live));
    for (const p of live ? planned : []) {
      const ahead = role === 'customer' && p.start > now;
      items.push({ seq: p.seq, date: p.date, startTime: toLocal(p.start).time, state: 'planned', movedFrom: null, reason: null, booking: null, canSkip: ahead, canRebook: false, canMove: ahead });
    }
    items.sort((a, b) => a.seq - b.seq);
    const first = plannedOccurrence(schedule, 0);
    return {
      id: s.id,
      status: s.status,
      viewerRole: role,
      intervalWeeks: s.intervalWeeks,
      startTime: s.startTime,
      durationMinutes: s.durationMinutes,
      firstDate: s.firstDate,
      end: s.end,
      title: s.title,
      service: s.serviceName ? { en: s.serviceName, fr: s.serviceNameFr ?? s.serviceName, ar: s.serviceNameAr ?? s.serviceName } : null,
      location: s.location,
      professional: { id: s.professionalId, firstName: s.proFirstName },
      customer: role === 'professional' ? { name: s.customerName ?? '' } : null,
      sourceBookingId: s.sourceBookingId,
      price: role === 'customer' ? await this.pricePreview(s) : null,
      occurrences: items.slice(-24),
      canDecline: role === 'professional' && live && canDeclineSeries(first.start, now),
      createdAt: s.createdAt.toISOString(),
    };
  }

  private occurrenceDto(s: SeriesView, r: OccurrenceWithBooking, role: 'customer' | 'professional', now: Date, live: boolean): SeriesOccurrence {
    const b = r.booking;
    let state: OccurrenceState = r.state;
    let reason = r.reason;
    // A visit its professional declined or cancelled: unavailable, with the same offers.
    if (state === 'booked' && b && b.status === 'cancelled' && b.cancelledBy && b.cancelledBy === s.proUserId) {
      state = 'unavailable';
      reason = 'declined';
    }
    const start = b?.scheduledStart ?? r.movedStart ?? plannedOccurrence(scheduleOf(s), r.seq).start;
    const ahead = start > now;
    const payBy = b ? paymentDeadline(b.scheduledStart) : null;
    const customer = role === 'customer';
    // Moved before it was created: shown planned (on its new date) until the window makes it a booking.
    const moved = state === 'moved';
    return {
      seq: r.seq,
      date: toLocal(start).date,
      startTime: toLocal(start).time,
      state: state === 'moved' ? 'planned' : state,
      movedFrom: r.movedStart ? r.plannedDate : null,
      reason,
      booking: b
        ? {
            id: b.id,
            status: b.status,
            paymentStatus: b.paymentStatus,
            scheduledStart: b.scheduledStart.toISOString(),
            total: b.totalAmount,
            payBy: isUnpaid(b) && payBy ? payBy.toISOString() : null,
            canPay: customer && isUnpaid(b) && payBy !== null && now < payBy,
          }
        : null,
      canSkip: customer && ahead && (moved || state === 'unavailable' || (state === 'booked' && !!b && b.status !== 'cancelled' && b.status !== 'completed')),
      canRebook: customer && live && ahead && state === 'unavailable' && s.kind === 'service',
      canMove: customer && live && ahead && moved,
    };
  }

  private async pricePreview(s: SeriesView): Promise<SeriesDto['price']> {
    if (s.kind !== 'service' || !s.serviceTypeId) return null;
    try {
      const priced = await this.d.bookings.quotes.priceWizard({ serviceTypeId: s.serviceTypeId, cityId: s.cityId, boroughId: s.boroughId, addOnIds: s.addOnIds });
      const q = recurringQuote({ servicePrice: priced.quote.servicePrice, addOns: priced.addOns });
      return { servicePrice: q.servicePrice, discount: q.discount, serviceFee: q.serviceFee, total: q.total, currency: CURRENCY };
    } catch {
      return null;
    }
  }

  // ------------------------------------------------------------------------------------------
  // The customer's changes
  // ------------------------------------------------------------------------------------------

  /** The series, as its customer (its professional may read it but not change it: 403; anyone else: 404). */
  private async own(user: SessionUser, id: string): Promise<SeriesView> {
    const s = await this.d.repo.view(id);
    if (!s) throw notFoundSeries();
    if (s.userId === user.id) {
      if (!can(user, 'booking:cancel:own')) throw forbidden();
      return s;
    }
    if (s.proUserId === user.id) throw forbidden();
    throw notFoundSeries();
  }

  /** Skip one visit: not created yet (it never will be), unavailable, or booked (cancelled under the usual rules). */
  async skip(user: SessionUser, id: string, seq: number | null): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (seq === null) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    const now = this.d.clock.now();
    const planned = plannedOccurrence(scheduleOf(s), seq);
    if (!withinEnd(s.end, seq, planned.date)) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    const row = (await this.d.repo.occurrences(id)).find((o) => o.seq === seq);
    if (row?.state === 'skipped') return this.dto(user, id);
    if (row?.state === 'rebooked') throw new AppError('CONFLICT', RECURRING_MESSAGES.occurrenceDone);
    const start = row?.booking?.scheduledStart ?? row?.movedStart ?? planned.start;
    if (start <= now) throw new AppError('CONFLICT', RECURRING_MESSAGES.occurrenceDone);
    const b = row?.booking;
    if (b && b.status !== 'cancelled') {
      if (b.status === 'completed') throw new AppError('CONFLICT', RECURRING_MESSAGES.occurrenceDone);
      // Unpaid: nothing to refund, cancelled as such. Paid: the usual cancellation (fee and refund by its rules).
      if (isUnpaid(b)) await this.d.repo.cancelUnpaid(b.id, SKIP_REASON);
      else await this.d.bookings.lifecycle.cancel(user, b.id, SKIP_REASON);
    }
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      await repo.recordOccurrence({ seriesId: id, seq, plannedDate: planned.date, state: 'skipped', bookingId: b?.id ?? null });
    });
    return this.dto(user, id);
  }

  /**
   * Move one visit not created yet to another date and start (within RECURRING_MOVE_MAX_DAYS of its planned
   * date, more than the payment deadline ahead: moveError). Stored on the occurrence (state moved); the
   * rolling job creates it at that start, with the usual checks of the professional's time (unavailable
   * otherwise, the customer told). A visit created already is moved as a booking (its reschedule).
   */
  async move(user: SessionUser, id: string, seq: number | null, input: MoveOccurrenceRequest): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (seq === null) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    if (s.status !== 'active' && s.status !== 'paused') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    const planned = plannedOccurrence(scheduleOf(s), seq);
    if (!withinEnd(s.end, seq, planned.date)) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    const now = this.d.clock.now();
    const start = localToUtc(input.date, input.startTime);
    const wrong = moveError(planned, { date: input.date, start }, now);
    if (wrong === 'date') throw badRequest(RECURRING_MESSAGES.moveDate, { date: RECURRING_MESSAGES.moveDate });
    if (wrong === 'tooSoon') throw badRequest(RECURRING_MESSAGES.moveTooSoon, { startTime: RECURRING_MESSAGES.moveTooSoon });
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      const row = await repo.occurrence(id, seq);
      if (row && row.state !== 'moved') throw new AppError('CONFLICT', row.state === 'booked' ? RECURRING_MESSAGES.moveBooked : RECURRING_MESSAGES.occurrenceDone);
      if ((row?.movedStart ?? planned.start) <= now) throw new AppError('CONFLICT', RECURRING_MESSAGES.occurrenceDone);
      await repo.recordMove({ seriesId: id, seq, plannedDate: planned.date, movedStart: start });
    });
    // Within the window now: created at once (or recorded unavailable, the customer told).
    await this.extend(id);
    return this.dto(user, id);
  }

  async pause(user: SessionUser, id: string): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (s.status === 'paused') return this.dto(user, id);
    if (s.status !== 'active') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    await this.d.repo.update(id, { status: 'paused' });
    return this.dto(user, id);
  }

  async resume(user: SessionUser, id: string): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (s.status === 'active') return this.dto(user, id);
    if (s.status !== 'paused') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    await this.d.repo.update(id, { status: 'active' });
    await this.extend(id);
    return this.dto(user, id);
  }

  /**
   * A new start time for every following visit not paid yet: their unpaid bookings are cancelled (free)
   * and made again at the new time; paid visits keep theirs (each can be moved on its own).
   */
  async changeTime(user: SessionUser, id: string, startTime: string): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (s.status !== 'active' && s.status !== 'paused') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      await repo.update(id, { startTime });
      for (const o of await repo.occurrences(id)) {
        const start = o.booking?.scheduledStart ?? plannedOccurrence(scheduleOf(s), o.seq).start;
        if (start <= now) continue;
        if (o.state === 'unavailable' || (o.state === 'booked' && o.booking && (isUnpaid(o.booking) || o.booking.status === 'cancelled'))) {
          if (o.booking && isUnpaid(o.booking)) await repo.cancelUnpaid(o.booking.id, 'Time of the recurring booking changed');
          await repo.deleteOccurrence(id, o.seq);
        }
      }
    });
    await this.extend(id);
    return this.dto(user, id);
  }

  /** Cancel the series: no more visits; unpaid ones are cancelled (free); paid ones stay, each cancellable under the usual rules. */
  async cancel(user: SessionUser, id: string): Promise<SeriesDto> {
    const s = await this.own(user, id);
    if (s.status === 'cancelled') return this.dto(user, id);
    if (s.status === 'declined') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      await repo.update(id, { status: 'cancelled' });
      for (const o of await repo.occurrences(id)) {
        if (o.booking && isUnpaid(o.booking) && o.booking.scheduledStart > now) await repo.cancelUnpaid(o.booking.id, 'Recurring booking cancelled');
      }
    });
    return this.dto(user, id);
  }

  /** Another professional for a visit its own cannot take: a one-off booking through the wizard's path (assignment, unpaid hold). */
  async rebook(user: SessionUser, id: string, seq: number | null, ip: string): Promise<{ bookingId: string; series: SeriesDto }> {
    const s = await this.own(user, id);
    if (seq === null) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    const view = await this.dto(user, id);
    const o = view.occurrences.find((x) => x.seq === seq);
    if (!o) throw notFound(RECURRING_MESSAGES.occurrenceNotFound);
    if (s.kind !== 'service' || !s.serviceTypeId) throw new AppError('CONFLICT', RECURRING_MESSAGES.hourlyNoOther);
    if (!o.canRebook) throw new AppError('CONFLICT', RECURRING_MESSAGES.notUnavailable);
    const planned = plannedOccurrence(scheduleOf(s), seq);
    const movedStart = (await this.d.repo.occurrence(id, seq))?.movedStart;
    const start = movedStart ? { date: toLocal(movedStart).date, start: movedStart, end: new Date(movedStart.getTime() + s.durationMinutes * 60_000) } : planned;
    const answer = await this.d.bookings.creation.create(
      user,
      {
        serviceTypeId: s.serviceTypeId,
        cityId: s.cityId,
        boroughId: s.boroughId,
        date: start.date,
        startTime: toLocal(start.start).time,
        endTime: toLocal(start.end).time,
        addOnIds: s.addOnIds,
        location: s.location,
      } as Parameters<BookingUseCases['creation']['create']>[1],
      `recurring:${id}:${seq}`,
      ip,
    );
    const booking = answer.body as { id: string };
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      await repo.recordOccurrence({ seriesId: id, seq, plannedDate: planned.date, state: 'rebooked', bookingId: booking.id });
    });
    return { bookingId: booking.id, series: await this.dto(user, id) };
  }

  // ------------------------------------------------------------------------------------------
  // The professional
  // ------------------------------------------------------------------------------------------

  /**
   * The professional declines the series before its first visit starts: no more visits; unpaid ones
   * are cancelled, paid ones declined (the customer refunded in full); the customer is told.
   */
  async decline(user: SessionUser, id: string): Promise<SeriesDto> {
    const s = await this.d.repo.view(id);
    if (!s) throw notFoundSeries();
    if (s.proUserId !== user.id) {
      if (s.userId === user.id) throw forbidden();
      throw notFoundSeries();
    }
    if (s.status === 'declined') return this.dto(user, id);
    if (s.status !== 'active' && s.status !== 'paused') throw new AppError('CONFLICT', RECURRING_MESSAGES.ended);
    const now = this.d.clock.now();
    if (!canDeclineSeries(plannedOccurrence(scheduleOf(s), 0).start, now)) throw new AppError('CONFLICT', RECURRING_MESSAGES.declineTooLate);
    const paid: Array<{ id: string; status: string }> = [];
    let declinedNotice: string | null = null;
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.lock(id);
      await repo.update(id, { status: 'declined' });
      for (const o of await repo.occurrences(id)) {
        if (!o.booking || o.booking.status === 'cancelled' || o.booking.status === 'completed') continue;
        if (isUnpaid(o.booking) && (await repo.cancelUnpaid(o.booking.id, 'Recurring booking declined by the professional'))) continue;
        // Paid, or paid (and so confirmed) while this waited for its row: declined or cancelled with a full refund.
        const fresh = isUnpaid(o.booking) ? await repo.booking(o.booking.id) : o.booking;
        if (fresh && fresh.status !== 'cancelled' && fresh.status !== 'completed') paid.push({ id: fresh.id, status: fresh.status });
      }
      declinedNotice = await this.notice(tx, id, undefined, 'declined');
    });
    for (const b of paid) {
      if (b.status === 'pending') await this.d.bookings.lifecycle.decline(user, b.id, 'Recurring booking declined');
      else await this.d.bookings.lifecycle.cancel(user, b.id, 'Recurring booking declined');
    }
    if (declinedNotice) await this.d.jobs.runJob(declinedNotice);
    return this.dto(user, id);
  }
}

function titleIn(s: SeriesView, locale: Locale): string {
  return ({ en: s.serviceName, fr: s.serviceNameFr, ar: s.serviceNameAr }[locale] ?? s.serviceName) || s.title;
}
