/**
 * One's own account (issue 41, docs/retention.md): whether it may be closed, closing it, and the export
 * of one's data. Every use case acts on the signed-in user only (no id comes from the request).
 */
import { DEFAULT_NOTIFICATION_PREFERENCES, normalizeUserType, type SessionUser } from '@khedma/shared';
import type { AccountExport, ClosureStatus, CloseAccountResponse } from '@khedma/shared/schemas/account-data';
import { CLOSURE_MESSAGES, RETENTION_YEARS, closureBlockers, closureMessage, yearsBefore } from '@khedma/shared/domain/retention';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { toLocale } from '../../i18n/messages';
import { accountClosedEmail } from './account.emails';
import type { AccountRepository } from './account.repository';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/** Rows as JSON: dates as ISO strings. */
const plain = <T extends Record<string, unknown>>(row: T) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]));

export class AccountService {
  constructor(
    private readonly ctx: Pick<AppContext, 'database' | 'mailer' | 'clock'>,
    private readonly repo: AccountRepository,
  ) {}

  async closureStatus(user: SessionUser): Promise<ClosureStatus> {
    const facts = await this.repo.closureFacts(user.id, normalizeUserType(user.userType));
    const blockers = closureBlockers(facts);
    return { canClose: blockers.length === 0, blockers, retentionYears: { ...RETENTION_YEARS } };
  }

  /**
   * Closes the signed-in account once its email is typed again: refused to admins (403) and while
   * bookings or money are under way (409, each reason in the message); then signed out everywhere, no
   * sign-in any more, a professional unlisted, and an email confirms it.
   */
  async close(user: SessionUser, confirmEmail: string): Promise<CloseAccountResponse> {
    const account = await this.repo.account(user.id);
    if (!account || account.closedAt) throw notFound('This account does not exist or is already closed.');
    if (normalizeUserType(account.userType) === 'admin') throw forbidden(CLOSURE_MESSAGES.admin);
    if (confirmEmail.trim().toLowerCase() !== account.email.toLowerCase()) {
      throw badRequest(CLOSURE_MESSAGES.confirmRequired, { confirmEmail: CLOSURE_MESSAGES.confirmRequired });
    }
    const at = this.ctx.clock.now();
    const email = await this.ctx.database.db.transaction(async (tx) => {
      await this.repo.lockProfile(tx, user.id);
      const again = await this.repo.account(user.id, tx);
      if (!again || again.closedAt) throw notFound('This account does not exist or is already closed.');
      const blockers = closureBlockers(await this.repo.closureFacts(user.id, normalizeUserType(again.userType), tx));
      if (blockers.length) throw new AppError('CONFLICT', closureMessage(blockers));
      await this.repo.close(tx, user.id, at);
      // The confirmation is written with the closure (one durable job), sent once it committed.
      return this.ctx.mailer.write(tx, { to: account.email, ...accountClosedEmail(toLocale(account.locale), account.fullName ?? '') });
    });
    await this.ctx.mailer.run(email);
    const deleteAfter = yearsBefore(at, -RETENTION_YEARS.closedAccount);
    return { status: true, closedAt: at.toISOString(), dataDeletedAfter: deleteAfter.toISOString() };
  }

  /** The signed-in person's own data (and of others only what they already see). */
  async export(user: SessionUser): Promise<AccountExport> {
    const account = await this.repo.account(user.id);
    if (!account) throw notFound();
    const proId = await this.repo.professionalId(user.id);
    const [profile, preferences, professional, bookings, messages, reviewsWritten, reviewsReceived, payments, invoices, payouts] = await Promise.all([
      this.repo.profileRow(user.id),
      this.repo.preferences(user.id),
      this.repo.professionalRow(user.id),
      this.repo.bookings(user.id, proId),
      this.repo.messagesWritten(user.id),
      this.repo.reviewsWritten(user.id),
      this.repo.reviewsReceived(proId),
      this.repo.payments(user.id),
      this.repo.invoices(user.id),
      this.repo.payouts(proId),
    ]);
    return {
      format: 'khedma-account-export/1',
      exportedAt: this.ctx.clock.now().toISOString(),
      account: { id: account.id, email: account.email, emailVerified: account.emailVerified, phoneNumber: account.phoneNumber, createdAt: account.createdAt.toISOString() },
      profile: profile ? plain(profile) : null,
      notificationPreferences: preferences ?? { ...DEFAULT_NOTIFICATION_PREFERENCES },
      professional: professional ? plain(professional) : null,
      bookings: bookings.map(plain),
      messages: messages.map(plain),
      reviewsWritten: reviewsWritten.map(plain),
      reviewsReceived: reviewsReceived.map(plain),
      payments: payments.map(plain),
      invoices: invoices.map(plain),
      payouts: payouts.map(plain),
    };
  }
}
