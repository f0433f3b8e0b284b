import { type Locale, type SessionUser, type SignUpResponse } from '@khedma/shared';
import { AppError, notFound } from '../../http/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { authRequestContext, type Auth, type AuthRequestContext } from './auth';
import { EmailConfirmations } from './email-confirmation';
import { AUTH_MESSAGES, fromAuthApiError } from './bridge';
import type { AuthRepository } from './auth.repository';
import { APP_RATE_LIMITS } from './rate-limits';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  userType: 'customer' | 'pro';
  locale: Locale;
  /** Where the confirmation link should land; only a path on this site is followed. */
  next?: string;
}

/** Account use cases that are ours rather than better-auth's. */
export class AuthService {
  constructor(
    private readonly auth: Auth,
    private readonly repo: AuthRepository,
    private readonly limiter: RateLimiter,
    private readonly confirmations: EmailConfirmations,
  ) {}

  /**
   * Sign-up (docs/accounts.md): one account per email, a profile with the chosen user type (customer or
   * pro) and language, and a confirmation email; no session until the email is confirmed. An address
   * whose account was never confirmed is not "taken": this sign-up replaces the pending one (its
   * password, a new link, the old link dead), so that a stranger's earlier sign-up gives them nothing
   * (issue 41, email-confirmation.ts).
   */
  async signUp(input: SignUpInput, headers: Headers): Promise<SignUpResponse> {
    // better-auth answers a duplicate with a look-alike success (enumeration protection); the
    // specification asks for the "already exists" message instead (docs/accounts.md), so we check first.
    const existing = await this.confirmations.findAccount(input.email);
    if (existing && !EmailConfirmations.isPending(existing)) throw emailExists();
    // Each sign-up emails the address: its inbox is protected like the resend's.
    await this.limitEmailsTo(input.email);
    if (existing) {
      await this.confirmations.replacePending(existing, input, input.next);
      return {
        user: { id: existing.id, email: existing.email, name: input.name, userType: input.userType, emailVerified: false },
        verificationEmailSent: true,
      };
    }

    const store: AuthRequestContext = {
      signUp: { userType: input.userType, locale: input.locale, fullName: input.name },
      locale: input.locale,
    };
    let user: { id: string; email: string; name: string };
    try {
      const result = await authRequestContext.run(store, () =>
        this.auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers }),
      );
      user = result.user;
    } catch (err) {
      throw fromAuthApiError(err);
    }
    // A concurrent sign-up with the same address got there first: better-auth returned a stand-in.
    if (!(await this.repo.findRecipient(user.id))) throw emailExists();
    await this.confirmations.send(user.id, user.email, input.next);
    return {
      user: { id: user.id, email: user.email, name: user.name, userType: input.userType, emailVerified: false },
      verificationEmailSent: true,
    };
  }

  /** The token behind session `id` of this user, to revoke it (404 when the account has no such active session). */
  async sessionToken(user: SessionUser, id: string): Promise<string> {
    const token = await this.repo.findSessionToken(id, user.id);
    if (!token) throw notFound('This session does not exist or has already ended.');
    return token;
  }

  /**
   * Sign-in attempts on one account (better-auth counts them per address too): first per account and
   * client address, then per account from every address together, in one statement. A stranger trying
   * someone's email from one address is stopped at that address's count and never locks the owner out;
   * one account tried from many addresses is stopped at the account's count.
   */
  async limitSignInsTo(email: string, clientIp: string) {
    const { signInPerAccountAndAddress: fromAddress, signInPerAccount: account } = APP_RATE_LIMITS;
    const key = email.toLowerCase();
    await this.limiter.enforceInOrder([
      { key: `signin:account-address:${key}:${clientIp}`, limit: fromAddress.limit, windowSeconds: fromAddress.windowSeconds },
      { key: `signin:account:${key}`, limit: account.limit, windowSeconds: account.windowSeconds },
    ]);
  }

  /** Sign-up attempts per client address, valid or not (counted before the body is checked). */
  async limitSignUpsFrom(clientIp: string) {
    const { limit, windowSeconds } = APP_RATE_LIMITS.signUpPerAddress;
    await this.limiter.enforce(`signup:ip:${clientIp}`, limit, windowSeconds);
  }

  /** Confirmation emails asked again from one client address. */
  async limitResendsFrom(clientIp: string) {
    const { limit, windowSeconds } = APP_RATE_LIMITS.resendPerAddress;
    await this.limiter.enforce(`resend:ip:${clientIp}`, limit, windowSeconds);
  }

  /** Confirmation steps (a token and a new password) from one client address. */
  async limitConfirmationsFrom(clientIp: string) {
    const { limit, windowSeconds } = APP_RATE_LIMITS.confirmPerAddress;
    await this.limiter.enforce(`confirm:ip:${clientIp}`, limit, windowSeconds);
  }

  /** Emails to one address are limited whoever asks (protects the inbox of a victim). */
  async limitEmailsTo(email: string) {
    const { limit, windowSeconds } = APP_RATE_LIMITS.emailsPerRecipient;
    await this.limiter.enforce(`email:${email.toLowerCase()}`, limit, windowSeconds);
  }
}

const emailExists = () => new AppError('EMAIL_EXISTS', AUTH_MESSAGES.emailExists, { email: AUTH_MESSAGES.emailExists });
