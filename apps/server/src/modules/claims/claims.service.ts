/**
 * Guarantee claims (docs/claims.md): the customer reports a problem within the window, with photos; the
 * professional offers a return visit at a free slot or disputes; the customer accepts the visit or sends
 * the claim to an admin (decisions.service.ts). Every step locks the booking row (the escrow
 * release locks it too, so a claim and the release never cross), and each step's emails are durable jobs
 * written in its transaction.
 */
import {
  bookingReference,
  can,
  isWithinAvailability,
  LEDGER_ACCOUNTS,
  localToUtc,
  minutesToTime,
  releaseAt,
  startsOnDayOff,
  timeToMinutes,
  toLocal,
  validateBookingWindow,
  type SessionUser,
} from '@khedma/shared';
import { claimRefusal, claimTransition, claimWindow, CLAIM_MESSAGES, CLAIM_RULES, refundableAmount, type ClaimStatus } from '@khedma/shared/domain/claims';
import type { AnswerClaimRequest, Claim, ClaimContext, OpenClaimRequest, ReplyClaimRequest } from '@khedma/shared/schemas/claims';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { JobRunner } from '../../platform/jobs';
import { randomFileId, type Storage } from '../../platform/storage';
import type { ProfessionalPoolRepository } from '../bookings';
import { ESCROW_RELEASE_JOB, type LedgerRepository } from '../payments';
import { prepareClaimPhoto } from './photo';
import { claimEmail, type ClaimEmailKind } from './claims.emails';
import type { ClaimBooking, ClaimRow, ClaimsRepository } from './claims.repository';

export const BOOKING_NOT_FOUND = 'Booking not found';

export interface ClaimsDeps {
  db: Db;
  repo: ClaimsRepository;
  pool: ProfessionalPoolRepository;
  ledger: LedgerRepository;
  storage: Storage;
  jobs: JobRunner;
  mailer: Pick<Mailer, 'write'>;
  clock: Clock;
  publicUrl: string;
}

/** An email to one side of the claim, to be scheduled in the step's transaction. */
export interface ClaimNotice {
  to: 'customer' | 'professional';
  kind: ClaimEmailKind;
  claim: ClaimRow;
}

export type Viewer = 'customer' | 'professional' | 'admin';

export class ClaimsService {
  constructor(readonly d: ClaimsDeps) {}

  /** Who `user` is to this booking (null: nobody, answered 404). */
  async viewerOf(user: SessionUser, b: ClaimBooking): Promise<Viewer | null> {
    if (b.userId === user.id) return 'customer';
    if (b.proUserId && b.proUserId === user.id) return 'professional';
    if (can(user, 'booking:read:any')) return 'admin';
    return null;
  }

  /** What was paid for the booking and what was refunded already (the ledger's customer account). */
  async money(tx: Db, bookingId: string): Promise<{ paid: number; refunded: number; inEscrow: number; refundable: number }> {
    const entries = await this.d.ledger.with(tx).entriesOf(bookingId);
    const paid = -entries.filter((e) => e.account === LEDGER_ACCOUNTS.customer && e.kind === 'hold').reduce((s, e) => s + e.amount, 0);
    const refunded = entries.filter((e) => e.account === LEDGER_ACCOUNTS.customer && e.kind !== 'hold').reduce((s, e) => s + e.amount, 0);
    const inEscrow = entries.filter((e) => e.account === LEDGER_ACCOUNTS.escrow).reduce((s, e) => s + e.amount, 0);
    return { paid, refunded, inEscrow, refundable: refundableAmount(paid, refunded) };
  }

  /** GET /api/bookings/{id}/claim: the window, whether the viewer may report, and the claims. */
  async context(user: SessionUser, bookingId: string): Promise<ClaimContext> {
    const b = await this.d.repo.booking(bookingId);
    const viewer = b ? await this.viewerOf(user, b) : null;
    if (!b || !viewer) throw notFound(BOOKING_NOT_FOUND);
    const now = this.d.clock.now();
    const rows = await this.d.repo.ofBooking(bookingId);
    const open = rows.some((r) => r.status !== 'resolved');
    const money = await this.money(this.d.db, bookingId);
    return {
      bookingId,
      viewer,
      window: claimWindow(b.completedAt, b.warrantyDays, now),
      canOpen: viewer === 'customer' && claimRefusal({ ...b, now, hasOpenClaim: open }) === null,
      refundable: money.refundable,
      claims: await this.toDtos(rows),
    };
  }

  /** POST /api/bookings/{id}/claim: the booking's customer reports a problem (one open claim per booking). */
  async open(user: SessionUser, bookingId: string, input: OpenClaimRequest): Promise<Claim> {
    const now = this.d.clock.now();
    const created = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const b = await repo.booking(bookingId, true);
      if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
      const refusal = claimRefusal({ ...b, now, hasOpenClaim: await repo.hasOpen(bookingId) });
      if (refusal === 'NOT_COMPLETED') throw new AppError('CLAIM_NOT_ALLOWED', CLAIM_MESSAGES.notCompleted);
      if (refusal === 'WINDOW_CLOSED') throw new AppError('CLAIM_WINDOW_CLOSED', CLAIM_MESSAGES.windowClosed(claimWindow(b.completedAt, b.warrantyDays, now).untilDate!));
      if (refusal === 'ALREADY_OPEN') throw new AppError('CLAIM_ALREADY_OPEN', CLAIM_MESSAGES.alreadyOpen);
      if (input.request === 'partial_refund') {
        const { refundable } = await this.money(tx, bookingId);
        if ((input.amount ?? 0) > refundable) throw badRequest(CLAIM_MESSAGES.refundTooLarge(refundable), { amount: CLAIM_MESSAGES.refundTooLarge(refundable) });
      }
      const claim = await repo.insert({
        bookingId,
        customerId: user.id,
        professionalId: b.professionalId,
        request: input.request,
        requestedAmount: input.request === 'partial_refund' ? (input.amount ?? null) : null,
        description: input.description,
      });
      await this.notify(tx, b, [{ to: 'professional', kind: 'opened', claim }]);
      return claim;
    });
    return (await this.toDtos([created]))[0]!;
  }

  /** POST /api/bookings/{id}/claim/photos: a photo of the open claim, by its customer (the chat's image rules). */
  async addPhoto(user: SessionUser, bookingId: string, upload: Buffer): Promise<Claim> {
    await this.admitPhoto(user, bookingId);
    const prepared = await prepareClaimPhoto(upload);
    const id = randomFileId();
    const key = `claims/${bookingId}/${id}`;
    await this.d.storage.put(key, prepared.body, { contentType: prepared.contentType, visibility: 'private' });
    try {
      const updated = await this.d.db.transaction(async (tx) => {
        const repo = this.d.repo.with(tx);
        const claim = await this.customerOpenClaim(repo, user, bookingId);
        if (claim.photos.length >= CLAIM_RULES.maxPhotos) throw badRequest(CLAIM_MESSAGES.tooManyPhotos, { photos: CLAIM_MESSAGES.tooManyPhotos });
        return repo.update(claim.id, { photos: [...claim.photos, { id, key }] });
      });
      return (await this.toDtos([updated]))[0]!;
    } catch (err) {
      await this.d.storage.delete(key).catch(() => {});
      throw err;
    }
  }

  /** Checked before the upload is read: the customer's open claim, with room for a photo. */
  async admitPhoto(user: SessionUser, bookingId: string): Promise<void> {
    const claim = await this.customerOpenClaim(this.d.repo, user, bookingId);
    if (claim.photos.length >= CLAIM_RULES.maxPhotos) throw badRequest(CLAIM_MESSAGES.tooManyPhotos, { photos: CLAIM_MESSAGES.tooManyPhotos });
  }

  private async customerOpenClaim(repo: ClaimsRepository, user: SessionUser, bookingId: string): Promise<ClaimRow> {
    const b = await repo.booking(bookingId);
    if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    const claim = await repo.openOf(bookingId, true);
    // Photos go with the report, while the professional has not answered yet.
    if (!claim || claim.status !== 'open') throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.noClaim);
    return claim;
  }

  /** POST /api/bookings/{id}/claim/answer: the booking's professional offers a return visit or disputes. */
  async answer(user: SessionUser, bookingId: string, input: AnswerClaimRequest): Promise<Claim> {
    const now = this.d.clock.now();
    const updated = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const b = await repo.booking(bookingId, true);
      if (!b || !b.proUserId || b.proUserId !== user.id) throw notFound(BOOKING_NOT_FOUND);
      const claim = await repo.openOf(bookingId, true);
      if (!claim) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.noClaim);
      const next = claimTransition(claim.status, input.kind === 'return_visit' ? 'offer_visit' : 'dispute');
      if (!next) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.notYourTurn);
      if (input.kind === 'return_visit') {
        const visit = await this.freeSlot(tx, b, claim.id, input.date, input.startTime, now);
        const row = await repo.update(claim.id, { status: next, visitStart: visit.start, visitEnd: visit.end, answeredAt: now });
        await this.notify(tx, b, [{ to: 'customer', kind: 'visit_offered', claim: row }]);
        return row;
      }
      const row = await repo.update(claim.id, { status: next, disputeReason: input.reason, answeredAt: now });
      await this.notify(tx, b, [{ to: 'customer', kind: 'disputed', claim: row }]);
      return row;
    });
    return (await this.toDtos([updated]))[0]!;
  }

  /** POST /api/bookings/{id}/claim/reply: the customer accepts the offered visit (resolved) or rejects it (to an admin). */
  async reply(user: SessionUser, bookingId: string, input: ReplyClaimRequest): Promise<Claim> {
    const now = this.d.clock.now();
    const updated = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const b = await repo.booking(bookingId, true);
      if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
      const claim = await repo.openOf(bookingId, true);
      if (!claim) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.noClaim);
      const next = claimTransition(claim.status, input.accept ? 'accept_visit' : 'reject_visit');
      if (!next) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.notYourTurn);
      if (input.accept) {
        const row = await repo.update(claim.id, { status: next, outcome: 'return_visit', resolvedAt: now });
        await this.notify(tx, b, [{ to: 'professional', kind: 'visit_accepted', claim: row }]);
        await this.letGo(tx, b, row);
        return row;
      }
      const row = await repo.update(claim.id, { status: next, customerReason: input.reason ?? null });
      await this.notify(tx, b, [{ to: 'professional', kind: 'visit_rejected', claim: row }]);
      return row;
    });
    return (await this.toDtos([updated]))[0]!;
  }

  /**
   * A return visit at `date` `startTime` for the booking's duration: within the booking horizon, inside
   * the professional's hours, not on a day off, clear of their bookings and other return visits (the
   * reschedule's checks).
   */
  async freeSlot(tx: Db, b: ClaimBooking, claimId: string, date: string, startTime: string, now: Date): Promise<{ start: Date; end: Date }> {
    if (!b.professionalId) throw new AppError('NO_PROFESSIONAL_AVAILABLE', 'This professional is not available at this time. Please choose another time.');
    const endMinutes = timeToMinutes(startTime) + b.durationMinutes;
    const endTime = endMinutes >= 24 * 60 ? '23:59' : minutesToTime(endMinutes);
    const checked = validateBookingWindow({ date, startTime, endTime }, { now });
    if (!checked.ok) {
      const fields: Record<string, string> = {};
      for (const i of checked.issues) fields[i.field === 'endTime' ? 'startTime' : i.field] ??= i.message;
      throw badRequest(checked.issues[0]!.message, fields);
    }
    const start = localToUtc(date, startTime);
    const end = new Date(start.getTime() + b.durationMinutes * 60_000);
    const [pro] = await this.d.pool.with(tx).pool({ professionalId: b.professionalId }, { from: start, to: end }, now);
    const busy = pro ? pro.busy.some((x) => x.start < end && x.end > start) : true;
    if (!pro || !isWithinAvailability(pro.availability, start, end) || startsOnDayOff(pro.daysOff, start) || busy || (await this.d.repo.with(tx).visitsOverlapping(b.professionalId, start, end, claimId)) > 0) {
      const message = 'This professional is not available at this time. Please choose another time.';
      throw new AppError('NO_PROFESSIONAL_AVAILABLE', message, { startTime: message });
    }
    return { start, end };
  }

  /**
   * A claim resolved: the escrow release it held is scheduled again (at the usual 48 h after completion,
   * or now when that has passed), in the resolution's transaction.
   */
  async letGo(tx: Db, b: ClaimBooking, claim: ClaimRow): Promise<void> {
    if (!b.completedAt) return;
    const due = new Date(Math.max(releaseAt(b.completedAt).getTime(), this.d.clock.now().getTime()));
    await this.d.jobs.schedule(ESCROW_RELEASE_JOB, { bookingId: b.id }, { dedupeKey: `${b.id}:claim:${claim.id}`, runAt: due, db: tx });
  }

  /** The step's emails, as durable jobs in its transaction (each in the recipient's language). */
  async notify(tx: Db, b: ClaimBooking, notices: ClaimNotice[]): Promise<void> {
    for (const n of notices) {
      const toCustomer = n.to === 'customer';
      const email = toCustomer ? b.customerEmail : b.proEmail;
      const userId = toCustomer ? b.userId : b.proUserId;
      if (!email || !userId) continue;
      const locale = (toCustomer ? b.customerLocale : b.proLocale) ?? 'en';
      const content = claimEmail(locale, n.kind, {
        name: toCustomer ? b.customerName : (b.proName ?? ''),
        reference: bookingReference(b.id),
        url: `${this.d.publicUrl}${toCustomer ? '/dashboard/bookings' : '/pro-bookings'}`,
        visit: n.claim.visitStart,
        reason: n.kind === 'disputed' ? n.claim.disputeReason : n.claim.decisionReason,
        outcome: n.claim.outcome,
        amount: n.claim.refundAmount,
      });
      await this.d.mailer.write(tx, { to: email, ...content }, { userId });
    }
  }

  /** Claims as the API shows them: photos as short-lived signed URLs, refunds with the day they reached the card. */
  async toDtos(rows: ClaimRow[]): Promise<Claim[]> {
    const confirmed = await this.d.repo.refundsConfirmed(rows.flatMap((r) => (r.refundId ? [r.refundId] : [])));
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        bookingId: r.bookingId,
        status: r.status as ClaimStatus,
        request: r.request,
        requestedAmount: r.requestedAmount,
        description: r.description,
        photos: await Promise.all(r.photos.map(async (p) => ({ id: p.id, url: await this.d.storage.signedUrl(p.key, CLAIM_RULES.photoUrlTtlSeconds) }))),
        visit: r.visitStart && r.visitEnd ? visitOf(r.visitStart, r.visitEnd) : null,
        disputeReason: r.disputeReason,
        answeredAt: r.answeredAt?.toISOString() ?? null,
        customerReason: r.customerReason,
        outcome: r.outcome,
        decisionReason: r.decisionReason,
        refundAmount: r.refundAmount,
        refundedAt: r.refundId ? (confirmed.get(r.refundId)?.toISOString() ?? null) : null,
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    );
  }

  /** The admin side checks its own permissions; this refuses anyone without admin access first. */
  requireAdmin(user: SessionUser) {
    if (!can(user, 'admin:access')) throw forbidden(CLAIM_MESSAGES.notAllowed);
  }
}

function visitOf(start: Date, end: Date) {
  const s = toLocal(start);
  const e = toLocal(end);
  return { start: start.toISOString(), end: end.toISOString(), date: s.date, startTime: s.time, endTime: e.time };
}

