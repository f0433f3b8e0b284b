/**
 * Confirmation of an email sign-up, made so that nobody can pre-claim someone else's address
 * (issue 41, docs/accounts.md "Confirmation").
 *
 * The attack it closes: a stranger signs up with the owner's email and a password of their own; the
 * owner clicks the confirmation link they receive, and the stranger then holds a confirmed account in
 * the owner's name. So:
 * - the confirmation link leads to a "choose your password" step: confirming sets the password the
 *   person holding the mailbox chooses, and the one typed at sign-up (anybody's) stops working;
 * - a new sign-up for an address whose account was never confirmed (nor signed in by phone) replaces
 *   the pending one: its name, type and password, and a new link; the old link is dead.
 * The links are ours (better-auth's /verify-email kept the sign-up password): a random token of which
 * only the SHA-256 is stored, one live link per account, 24 hours, single use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_CONFIRMATION_TTL_SECONDS } from '@khedma/shared/domain/accounts';
import { isPhonePlaceholderEmail, PHONE_ACCOUNT_MESSAGES, verifiedLandingPath, type AccountEmail, type Locale, type UserType } from '@khedma/shared';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, emailConfirmations, profiles, sessions, users } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { toLocale } from '../../i18n/messages';
import { addedEmailConfirmation, verificationEmail } from './auth.emails';
import type { Auth } from './auth';
import { AUTH_MESSAGES, fromAuthApiError } from './bridge';

const emailExists = () => new AppError('EMAIL_EXISTS', AUTH_MESSAGES.emailExists, { email: AUTH_MESSAGES.emailExists });

export const confirmEmailPageUrl = (publicUrl: string, token: string) => `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
/** The page of the link sent to the address a phone account adds (no password step: it confirms at once). */
export const confirmAddedEmailPageUrl = (publicUrl: string, token: string) => `${publicUrl}/confirm-new-email?token=${encodeURIComponent(token)}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invalidConfirmationLink = () => new AppError('INVALID_TOKEN', AUTH_MESSAGES.invalidToken);

/** An account of this address that is still a pending sign-up (never confirmed, never signed in by phone). */
export interface PendingAccount {
  id: string;
  email: string;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
}

export interface PendingSignUp {
  name: string;
  password: string;
  userType: Exclude<UserType, 'admin'>;
  locale: Locale;
}

export class EmailConfirmations {
  constructor(
    private readonly ctx: Pick<AppContext, 'mailer' | 'clock' | 'config'>,
    private readonly db: Db,
    private readonly auth: Auth,
  ) {}

  async findAccount(email: string): Promise<PendingAccount | null> {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, phoneNumberVerified: users.phoneNumberVerified })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row ? { ...row, phoneNumberVerified: row.phoneNumberVerified === true } : null;
  }

  /** Whether this account is a sign-up nobody has proven yet: a new sign-up of its address replaces it. */
  static isPending(a: PendingAccount): boolean {
    return !a.emailVerified && !a.phoneNumberVerified;
  }

  private async hash(password: string): Promise<string> {
    const context = await this.auth.$context;
    return context.password.hash(password);
  }

  /**
   * A new sign-up for the address of a pending account: its name, type, language and password are the
   * new sign-up's, its sessions (none should exist) and links are gone; then a new link is sent.
   */
  async replacePending(account: PendingAccount, input: PendingSignUp, next?: string): Promise<void> {
    const passwordHash = await this.hash(input.password);
    const firstName = input.name.trim().split(/\s+/)[0] || null;
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.name, updatedAt: sql`now()` }).where(eq(users.id, account.id));
      await setPassword(tx, account.id, passwordHash);
      await tx
        .update(profiles)
        .set({ name: firstName, fullName: input.name, userType: input.userType, locale: input.locale, updatedAt: sql`now()` })
        .where(eq(profiles.id, account.id));
      await tx.delete(sessions).where(eq(sessions.userId, account.id));
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, account.id));
    });
    await this.send(account.id, account.email, next);
  }

  /** A new link (the older ones die) sent to a pending account; nothing for any other account. */
  async resend(email: string, next?: string): Promise<void> {
    const account = await this.findAccount(email);
    if (!account || !EmailConfirmations.isPending(account)) return;
    await this.send(account.id, account.email, next);
  }

  /**
   * Issues the one live link of this account and emails it (a durable job written with the link).
   * With `added`, the link confirms that address for a phone account (issue 42) instead of the
   * account's own.
   */
  async send(userId: string, email: string, next?: string, added?: { email: string }): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.now();
    const [who] = await this.db
      .select({ locale: profiles.locale, fullName: profiles.fullName, name: users.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    const locale = toLocale(who?.locale);
    const name = who?.fullName ?? who?.name ?? '';
    const message = added
      ? addedEmailConfirmation(locale, name, confirmAddedEmailPageUrl(this.ctx.config.publicUrl, token))
      : verificationEmail(locale, name, confirmEmailPageUrl(this.ctx.config.publicUrl, token));
    // The link and its email commit together (one durable job), sent once they did.
    const job = await this.db.transaction(async (tx) => {
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
      await tx.insert(emailConfirmations).values({
        tokenHash: hashToken(token),
        userId,
        next: next ?? null,
        email: added?.email ?? null,
        expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_SECONDS * 1000),
      });
      return this.ctx.mailer.write(tx, { to: email, ...message });
    });
    await this.ctx.mailer.run(job);
  }

  /** The account's email as its owner sees it, with the address waiting for confirmation (issue 42). */
  async emailOf(userId: string): Promise<AccountEmail> {
    const [row] = await this.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    const placeholder = isPhonePlaceholderEmail(row.email);
    const [pending] = placeholder
      ? await this.db
          .select({ email: emailConfirmations.email })
          .from(emailConfirmations)
          .where(and(eq(emailConfirmations.userId, userId), isNotNull(emailConfirmations.email), gt(emailConfirmations.expiresAt, this.ctx.clock.now())))
          .limit(1)
      : [];
    return {
      email: placeholder ? null : row.email,
      emailVerified: placeholder ? false : row.emailVerified,
      pendingEmail: pending?.email ?? null,
      canAdd: placeholder,
    };
  }

  /**
   * A phone account adds an email (issue 42): a link to that address, replacing any earlier one. Only
   * an account whose address is still the phone stand-in may (409 EMAIL_ALREADY_SET); an address held by
   * a confirmed account (or one signed in by phone) is refused as sign-up refuses it (409 EMAIL_EXISTS),
   * one held by a pending sign-up is not "taken" (as at sign-up: docs/accounts.md).
   */
  async addEmail(userId: string, email: string): Promise<void> {
    const [me] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!me || !isPhonePlaceholderEmail(me.email)) throw new AppError('EMAIL_ALREADY_SET', PHONE_ACCOUNT_MESSAGES.emailAlreadySet);
    const holder = await this.findAccount(email);
    if (holder && holder.id !== userId && !EmailConfirmations.isPending(holder)) throw emailExists();
    await this.send(userId, email, undefined, { email });
  }

  /**
   * The link sent to an added address, opened signed in or not: the account's email becomes that
   * address, confirmed. Single use (the conditional delete). A pending sign-up that meanwhile holds
   * the address (nobody ever proved it) is removed: the person confirming has just proved the mailbox.
   * An address a confirmed account took meanwhile: 409 EMAIL_EXISTS, and the link is spent.
   */
  async confirmAddedEmail(token: string): Promise<{ email: string }> {
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({ userId: emailConfirmations.userId, email: emailConfirmations.email, expiresAt: emailConfirmations.expiresAt })
      .from(emailConfirmations)
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNotNull(emailConfirmations.email)))
      .limit(1);
    if (!row?.email || row.expiresAt.getTime() <= this.ctx.clock.now().getTime()) throw invalidConfirmationLink();
    const email = row.email;
    const outcome = await this.db.transaction(async (tx) => {
      const gone = await tx.delete(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash)).returning({ userId: emailConfirmations.userId });
      if (gone.length === 0) return 'used' as const;
      const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
      if (!me || !isPhonePlaceholderEmail(me.email)) return 'used' as const;
      const [holder] = await tx
        .select({ id: users.id, emailVerified: users.emailVerified, phoneNumberVerified: users.phoneNumberVerified })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, row.userId)))
        .limit(1);
      if (holder) {
        if (!EmailConfirmations.isPending({ ...holder, email, phoneNumberVerified: holder.phoneNumberVerified === true })) return 'taken' as const;
        await tx.delete(users).where(eq(users.id, holder.id));
      }
      await tx.update(users).set({ email, emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
      return 'confirmed' as const;
    });
    if (outcome === 'used') throw invalidConfirmationLink();
    if (outcome === 'taken') throw emailExists();
    return { email };
  }

  /**
   * The "choose your password" step of the link: sets the password, confirms the address, ends every
   * session the account had, uses the link up (and any other), and signs the person in. Answers where
   * to go and the session cookies to set.
   */
  async confirm(token: string, password: string, headers: Headers): Promise<{ next: string; setCookies: string[]; email: string }> {
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({ userId: emailConfirmations.userId, next: emailConfirmations.next, expiresAt: emailConfirmations.expiresAt, email: users.email })
      .from(emailConfirmations)
      .innerJoin(users, eq(users.id, emailConfirmations.userId))
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.email)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= this.ctx.clock.now().getTime()) throw invalidConfirmationLink();
    const passwordHash = await this.hash(password);
    const used = await this.db.transaction(async (tx) => {
      // Single use: of two confirmations with one link, only the one that deletes it goes on.
      const gone = await tx.delete(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash)).returning({ userId: emailConfirmations.userId });
      if (gone.length === 0) return false;
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, row.userId));
      await setPassword(tx, row.userId, passwordHash);
      await tx.update(users).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
      return true;
    });
    if (!used) throw invalidConfirmationLink();
    let response: Response;
    try {
      response = await this.auth.api.signInEmail({ body: { email: row.email, password }, headers, asResponse: true });
    } catch (err) {
      throw fromAuthApiError(err);
    }
    return { next: verifiedLandingPath(row.next), setCookies: response.ok ? response.headers.getSetCookie() : [], email: row.email };
  }
}

/** The account's password (better-auth's credential account), replacing any other. */
async function setPassword(tx: Pick<Db, 'update' | 'insert'>, userId: string, passwordHash: string): Promise<void> {
  const updated = await tx
    .update(accounts)
    .set({ password: passwordHash, updatedAt: sql`now()` })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await tx.insert(accounts).values({ id: randomBytes(16).toString('hex'), accountId: userId, providerId: 'credential', userId, password: passwordHash });
  }
}
