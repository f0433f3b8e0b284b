/**
 * Guarantee claims (docs/claims.md): the customer of a completed booking reports a problem within the
 * guarantee window; the professional offers a return visit or disputes; the customer accepts the visit
 * or sends the claim to an admin, who decides (reject, return visit, partial or full refund). An open
 * claim holds the escrow release. Pure: no I/O.
 */
import { CHAT_RULES } from './chat';
import { LEDGER_ACCOUNTS, proLedgerAccount, assertBalanced, ESCROW_RELEASE_HOURS, type LedgerEntry } from './escrow';
import { DAY_MS, HOUR_MS, localDateOf, type LocalDate } from './time';
import type { Permission } from './permissions';

/** What the customer asks for. */
export const CLAIM_REQUESTS = ['return_visit', 'partial_refund', 'full_refund'] as const;
export type ClaimRequest = (typeof CLAIM_REQUESTS)[number];

/**
 * A claim's states:
 * - `open`: reported, waiting for the professional's answer;
 * - `visit_offered`: the professional offered a return visit, waiting for the customer;
 * - `needs_decision`: the professional disputed, or the customer rejected the visit: an admin decides;
 * - `resolved`: a return visit agreed, or an admin's decision.
 */
export const CLAIM_STATUSES = ['open', 'visit_offered', 'needs_decision', 'resolved'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** How a resolved claim ended. */
export const CLAIM_OUTCOMES = ['return_visit', 'partial_refund', 'full_refund', 'rejected'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/** An admin's decision. */
export const CLAIM_DECISIONS = ['reject', 'return_visit', 'partial_refund', 'full_refund'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

export const CLAIM_RULES = {
  /** The window lasts at least the escrow's 48 h, else the service's warranty days. */
  minimumWindowHours: ESCROW_RELEASE_HOURS,
  descriptionMin: 10,
  descriptionMax: 1000,
  reasonMin: 5,
  reasonMax: 1000,
  /** Photos of one claim: the chat's images (types and size), at most this many. */
  maxPhotos: 5,
  photoMaxBytes: CHAT_RULES.maxFileBytes,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'] as readonly string[],
  photoAccept: 'image/jpeg,image/png,image/webp',
  /** How long a photo's signed URL serves it. */
  photoUrlTtlSeconds: 15 * 60,
} as const;

/** English copy of the refusals (the web app has them in three languages). */
export const CLAIM_MESSAGES = {
  notCompleted: 'You can report a problem once the service is completed.',
  windowClosed: (until: LocalDate) => `You could report a problem until ${englishDate(until)}.`,
  alreadyOpen: 'A problem with this booking is already being handled.',
  noClaim: 'There is no open problem report for this booking.',
  notYourTurn: 'This problem report is not waiting for this answer.',
  tooManyPhotos: `A report has at most ${CLAIM_RULES.maxPhotos} photos.`,
  photoType: 'Please choose a photo (JPEG, PNG or WebP).',
  refundTooLarge: (max: number) => `The refund cannot be more than ${max} MAD.`,
  amountRequired: 'Please enter the amount to refund.',
  visitRequired: 'Please choose a date and time for the return visit.',
  notAllowed: 'Access denied. Admin privileges required.',
} as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "12 December" for 2026-12-12 (the year when it is not `thisYear`'s). */
export function englishDate(date: LocalDate, thisYear?: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}${thisYear !== undefined && thisYear !== y ? ` ${y}` : ''}`;
}

/** The end of the guarantee window: completion + the warranty days, and never before the escrow release. */
export function claimWindowEnd(completedAt: Date, warrantyDays: number): Date {
  const ms = Math.max(Math.max(0, warrantyDays) * DAY_MS, CLAIM_RULES.minimumWindowHours * HOUR_MS);
  return new Date(completedAt.getTime() + ms);
}

/** The window as the customer reads it: open or not, and until which Casablanca date (and instant). */
export function claimWindow(completedAt: Date | null, warrantyDays: number, now: Date): { open: boolean; until: string | null; untilDate: LocalDate | null } {
  if (!completedAt) return { open: false, until: null, untilDate: null };
  const end = claimWindowEnd(completedAt, warrantyDays);
  return { open: now.getTime() < end.getTime(), until: end.toISOString(), untilDate: localDateOf(end) };
}

export type ClaimRefusal = 'NOT_COMPLETED' | 'WINDOW_CLOSED' | 'ALREADY_OPEN';

/** Why the customer may not report a problem now (null: they may). */
export function claimRefusal(o: { status: string; completedAt: Date | null; warrantyDays: number; now: Date; hasOpenClaim: boolean }): ClaimRefusal | null {
  if (o.status !== 'completed' || !o.completedAt) return 'NOT_COMPLETED';
  if (!claimWindow(o.completedAt, o.warrantyDays, o.now).open) return 'WINDOW_CLOSED';
  if (o.hasOpenClaim) return 'ALREADY_OPEN';
  return null;
}

/** Whether a claim in this state holds the escrow release. */
export function holdsRelease(status: ClaimStatus): boolean {
  return status !== 'resolved';
}

export type ClaimAction = 'offer_visit' | 'dispute' | 'accept_visit' | 'reject_visit' | 'decide';

/** Who acts in each state, and where the claim goes (null: not allowed now). */
const TRANSITIONS: Record<ClaimAction, { from: readonly ClaimStatus[]; to: ClaimStatus }> = {
  // The professional answers once.
  offer_visit: { from: ['open'], to: 'visit_offered' },
  dispute: { from: ['open'], to: 'needs_decision' },
  // The customer answers the offered visit.
  accept_visit: { from: ['visit_offered'], to: 'resolved' },
  reject_visit: { from: ['visit_offered'], to: 'needs_decision' },
  // An admin decides when the two do not agree.
  decide: { from: ['needs_decision'], to: 'resolved' },
};

export function claimTransition(from: ClaimStatus, action: ClaimAction): ClaimStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(from) ? t.to : null;
}

/** What may still be refunded: what was paid less what was refunded already (never negative). */
export function refundableAmount(paid: number, refunded: number): number {
  return Math.max(0, paid - refunded);
}

/**
 * Checks an admin's refund: a partial refund is 1..refundable MAD; a full refund gives back all that is
 * refundable. Answers the amount to refund, or the refusal.
 */
export function refundForDecision(decision: ClaimDecision, amount: number | undefined, refundable: number): { ok: true; amount: number } | { ok: false; reason: 'AMOUNT_REQUIRED' | 'TOO_LARGE' } {
  if (decision === 'full_refund') return refundable > 0 ? { ok: true, amount: refundable } : { ok: false, reason: 'TOO_LARGE' };
  if (decision !== 'partial_refund') return { ok: true, amount: 0 };
  if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: 'AMOUNT_REQUIRED' };
  if (amount > refundable) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, amount };
}

/** The permission an admin's decision needs: money (refunds) finance admins too, the rest super admins. */
export function decisionPermission(decision: ClaimDecision): Permission {
  return decision === 'partial_refund' || decision === 'full_refund' ? 'booking:refund' : 'claim:decide';
}

/** The outcome a decision gives. */
export function outcomeOf(decision: ClaimDecision): ClaimOutcome {
  return decision === 'reject' ? 'rejected' : decision;
}

/**
 * The ledger rows of a claim's refund (docs/claims.md "Money"): the customer gets `amount` back, taken
 * first from what escrow still holds for the booking (the claim held the release), then from what the
 * professional was paid for it (a claim opened after the release, within a longer warranty), then from
 * the platform's fee. Balanced by construction; kind `refund` (a credit note follows, as for any refund).
 */
export function claimRefundEntries(
  bookingId: string,
  professionalId: string | null,
  o: { amount: number; inEscrow: number; paidToProfessional: number },
): LedgerEntry[] {
  if (!Number.isSafeInteger(o.amount) || o.amount <= 0) throw new Error(`Refund ${o.amount} is not a positive whole MAD`);
  const fromEscrow = Math.min(o.amount, Math.max(0, o.inEscrow));
  const fromPro = professionalId ? Math.min(o.amount - fromEscrow, Math.max(0, o.paidToProfessional)) : 0;
  const fromPlatform = o.amount - fromEscrow - fromPro;
  const parts: Array<[string, number]> = [
    [LEDGER_ACCOUNTS.escrow, -fromEscrow],
    [professionalId ? proLedgerAccount(professionalId) : LEDGER_ACCOUNTS.platform, -fromPro],
    [LEDGER_ACCOUNTS.platform, -fromPlatform],
    [LEDGER_ACCOUNTS.customer, o.amount],
  ];
  const out = parts.filter(([, a]) => a !== 0).map(([account, amount]) => ({ bookingId, account, amount, kind: 'refund' as const }));
  assertBalanced(out);
  return out;
}
