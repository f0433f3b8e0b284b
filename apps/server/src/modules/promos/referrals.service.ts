/**
 * Referrals (docs/promos.md): each customer's link (/r/CODE), a new account saying whose link it came
 * from, and the credit both get after the new customer's first completed, paid booking: a durable job
 * scheduled in the completion's transaction (`booking.completed`), which re-checks everything and
 * grants each side REFERRAL_CREDIT_MAD once.
 *
 * Abuse limits: never one's own link (nor an account with the referrer's phone); only an account less
 * than PROMO_RULES.referralClaimHours old with no booking yet; one referral per account (referred_by is
 * set once); one credit per phone (referral_accounts.rewarded_phone is unique); credit only once the
 * booking is completed and paid, not refunded.
 */
import { can, makeReferralCode, PROMO_RULES, REFERRAL_CREDIT_MAD, REFERRAL_MESSAGES, type ReferralSummary, type SessionUser } from '@khedma/shared';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import { REFERRAL_REWARD_JOB } from './promos.jobs';
import type { PromosRepository } from './promos.repository';

const HOUR = 3_600_000;
const newCode = () => makeReferralCode((n) => [...randomBytes(n)]);
const invalid = (message: string) => new AppError('REFERRAL_INVALID', message, { code: message });

export class ReferralsService {
  constructor(
    private readonly db: Db,
    private readonly repo: PromosRepository,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
  ) {}

  /** The customer's account, made on first use with a fresh code (a clash tries another). */
  private async account(userId: string) {
    for (let i = 0; i < 5; i++) {
      const row = await this.repo.ensureAccount(userId, newCode());
      if (row) return row;
    }
    throw new Error('Could not make a referral code');
  }

  async summary(user: SessionUser): Promise<ReferralSummary> {
    if (!can(user, 'booking:create')) throw forbidden();
    const account = await this.account(user.id);
    const [{ balance, earned }, counts, canClaim] = await Promise.all([this.repo.creditBalance(user.id), this.repo.referralCounts(user.id), this.mayClaim(user.id)]);
    return {
      code: account.code,
      path: `/r/${account.code}`,
      creditBalance: balance,
      creditEarned: earned,
      referred: counts.referred,
      rewarded: counts.rewarded,
      canClaim: canClaim && !account.referredBy,
      referredBy: account.referredBy !== null,
    };
  }

  private async mayClaim(userId: string): Promise<boolean> {
    const u = await this.repo.user(userId);
    if (!u) return false;
    if (this.clock.now().getTime() - u.createdAt.getTime() > PROMO_RULES.referralClaimHours * HOUR) return false;
    return (await this.repo.bookingCount(userId)) === 0;
  }

  /** POST /api/referrals/claim: the signed-in new account came through `code`. */
  async claim(user: SessionUser, code: string): Promise<{ referred: true }> {
    if (!can(user, 'booking:create')) throw forbidden();
    const referrer = await this.repo.accountByCode(code.trim().toUpperCase());
    if (!referrer) throw invalid(REFERRAL_MESSAGES.unknown);
    if (referrer.userId === user.id) throw invalid(REFERRAL_MESSAGES.own);
    if (!(await this.mayClaim(user.id))) throw invalid(REFERRAL_MESSAGES.tooLate);
    const [me, them] = await Promise.all([this.repo.user(user.id), this.repo.user(referrer.userId)]);
    // The same person under a second account: same phone as the referrer.
    if (me?.phone && them?.phone && me.phone === them.phone) throw invalid(REFERRAL_MESSAGES.own);
    await this.account(user.id);
    if (!(await this.repo.setReferrer(user.id, referrer.userId))) throw invalid(REFERRAL_MESSAGES.already);
    return { referred: true };
  }

  /** booking.completed (in its transaction): a referred customer's completion is looked at by a job. */
  async onCompleted(tx: Db, bookingId: string): Promise<void> {
    const b = await this.repo.with(tx).booking(bookingId);
    if (!b) return;
    const account = await this.repo.with(tx).account(b.userId);
    if (!account?.referredBy || account.rewardedAt) return;
    await this.jobs.schedule(REFERRAL_REWARD_JOB, { bookingId }, { dedupeKey: `referral:${b.userId}`, db: tx });
  }

  /** The job: both sides get their credit, once, if the booking is the first completed and paid one. */
  async reward(bookingId: string): Promise<'rewarded' | 'skipped'> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const b = await repo.booking(bookingId);
      if (!b || b.status !== 'completed' || b.paymentStatus !== 'paid') return 'skipped';
      const account = await repo.account(b.userId, true);
      if (!account?.referredBy || account.rewardedAt) return 'skipped';
      if ((await repo.completedBefore(b.userId, bookingId)) > 0) return 'skipped';
      const [me, referrer] = await Promise.all([repo.user(b.userId), repo.user(account.referredBy)]);
      const phone = me?.phone ?? b.contactPhone ?? null;
      if (phone && referrer?.phone === phone) return 'skipped';
      // One credit per phone: a second account with a phone already rewarded earns nothing.
      if (!(await repo.markRewarded(b.userId, phone))) return 'skipped';
      await repo.grantCredit([
        { userId: b.userId, amount: REFERRAL_CREDIT_MAD, refereeId: b.userId, bookingId },
        { userId: account.referredBy, amount: REFERRAL_CREDIT_MAD, refereeId: b.userId, bookingId },
      ]);
      return 'rewarded';
    });
  }
}
