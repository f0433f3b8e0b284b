/**
 * An admin decides a claim the two sides do not agree on (docs/claims.md): reject, a return visit, a
 * partial or a full refund. Refunds (super_admin or finance_admin: booking:refund) move money only
 * through the ledger (claimRefundEntries: escrow first, then the professional's share, then the
 * platform's fee) and reach the card through the payments module's `payment.refund` job, written in the
 * same transaction; the escrow release the claim held is then scheduled for what is left.
 */
import { bookingReference, can, proLedgerAccount, type SessionUser } from '@khedma/shared';
import { CLAIM_MESSAGES, claimRefundEntries, claimTransition, decisionPermission, outcomeOf, refundForDecision } from '@khedma/shared/domain/claims';
import type { AdminClaimsResponse, Claim, DecideClaimRequest } from '@khedma/shared/schemas/claims';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { RefundsService } from '../payments';
import { BOOKING_NOT_FOUND, type ClaimsService } from './claims.service';

export class ClaimDecisionsService {
  constructor(
    private readonly claims: ClaimsService,
    private readonly refunds: RefundsService,
  ) {}

  /** GET /api/admin/claims: the claims waiting for a decision (admins who may decide one kind or another). */
  async list(user: SessionUser): Promise<AdminClaimsResponse> {
    if (!can(user, 'claim:decide') && !can(user, 'booking:refund')) throw forbidden(CLAIM_MESSAGES.notAllowed);
    const rows = await this.claims.d.repo.needingDecision();
    const dtos = await this.claims.toDtos(rows.map((r) => r.claim));
    return {
      items: await Promise.all(
        rows.map(async (r, i) => ({
          claim: dtos[i]!,
          reference: bookingReference(r.claim.bookingId),
          title: r.title,
          customerName: r.customerName,
          professionalName: r.professionalName,
          totalAmount: r.totalAmount,
          refundable: (await this.claims.money(this.claims.d.db, r.claim.bookingId)).refundable,
        })),
      ),
    };
  }

  /** POST /api/admin/bookings/{id}/claim/decision. */
  async decide(user: SessionUser, bookingId: string, input: DecideClaimRequest): Promise<Claim> {
    if (!can(user, decisionPermission(input.decision))) throw forbidden(CLAIM_MESSAGES.notAllowed);
    const { d } = this.claims;
    const now = d.clock.now();
    const updated = await d.db.transaction(async (tx) => {
      const repo = d.repo.with(tx);
      const b = await repo.booking(bookingId, true);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      const claim = await repo.openOf(bookingId, true);
      if (!claim) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.noClaim);
      if (!claimTransition(claim.status, 'decide')) throw new AppError('INVALID_TRANSITION', CLAIM_MESSAGES.notYourTurn);
      const base = { status: 'resolved' as const, outcome: outcomeOf(input.decision), decisionReason: input.reason, decidedBy: user.id, resolvedAt: now };
      let row;
      if (input.decision === 'return_visit') {
        if (!('date' in input) || !input.date || !input.startTime) throw badRequest(CLAIM_MESSAGES.visitRequired, { date: CLAIM_MESSAGES.visitRequired });
        const visit = await this.claims.freeSlot(tx, b, claim.id, input.date, input.startTime, now);
        row = await repo.update(claim.id, { ...base, visitStart: visit.start, visitEnd: visit.end });
      } else if (input.decision === 'reject') {
        row = await repo.update(claim.id, base);
      } else {
        const money = await this.claims.money(tx, bookingId);
        const checked = refundForDecision(input.decision, 'amount' in input ? input.amount : undefined, money.refundable);
        if (!checked.ok) {
          const message = checked.reason === 'AMOUNT_REQUIRED' ? CLAIM_MESSAGES.amountRequired : CLAIM_MESSAGES.refundTooLarge(money.refundable);
          throw badRequest(message, { amount: message });
        }
        const ledger = d.ledger.with(tx);
        const paidToProfessional = b.professionalId ? await ledger.bookingBalance(bookingId, proLedgerAccount(b.professionalId)) : 0;
        await ledger.post(claimRefundEntries(bookingId, b.professionalId, { amount: checked.amount, inEscrow: money.inEscrow, paidToProfessional }));
        // To the customer's card through the provider: a payment_refunds row and its payment.refund job, here.
        const before = await repo.latestRefundOf(bookingId);
        await this.refunds.request(tx, bookingId, checked.amount, input.reason);
        const refundId = await repo.latestRefundOf(bookingId);
        await repo.setBookingPaymentStatus(bookingId, money.refunded + checked.amount >= money.paid ? 'refunded' : 'partially_refunded');
        row = await repo.update(claim.id, { ...base, refundAmount: checked.amount, refundId: refundId !== before ? refundId : null });
      }
      await this.claims.notify(tx, b, [
        { to: 'customer', kind: 'decided', claim: row },
        { to: 'professional', kind: 'decided', claim: row },
      ]);
      await this.claims.letGo(tx, b, row);
      return row;
    });
    return (await this.claims.toDtos([updated]))[0]!;
  }
}
