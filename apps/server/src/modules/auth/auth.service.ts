import { type Locale, type SessionUser, type SignUpResponse } from '@khedma/shared';
import { AppError, notFound } from '../../http/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { authRequestContext, verifiedLandingUrl, type Auth, type AuthRequestContext } from './auth';
import { AUTH_MESSAGES, fromAuthApiError } from './auth-bridge';
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
    private readonly publicUrl: string,
  ) {}

  /**
   * Sign-up (docs/accounts.md): one account per email, a profile with the chosen user type (customer or
   * pro) and language, and a confirmation email; no session until the email is confirmed.
   */
  async signUp(input: SignUpInput, headers: Headers): Promise<SignUpResponse> {
    // better-auth answers a duplicate with a look-alike success (enumeration protection); the
    // specification asks for the "already exists" message instead (docs/accounts.md), so we check first.
    if (await this.repo.emailExists(input.email)) throw emailExists();

    const store: AuthRequestContext = {
      signUp: { userType: input.userType, locale: input.locale, fullName: input.name },
      locale: input.locale,
    };
    let user: { id: string; email: string; name: string };
    try {
      const result = await authRequestContext.run(store, () =>
        this.auth.api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password, callbackURL: verifiedLandingUrl(this.publicUrl, input.next) },
          headers,
        }),
      );
      user = result.user;
    } catch (err) {
      throw fromAuthApiError(err);
    }
    // A concurrent sign-up with the same address got there first: better-auth returned a stand-in.
    if (!(await this.repo.findRecipient(user.id))) throw emailExists();
    return {
      user: { id: user.id, email: user.email, name: user.name, userType: input.userType, emailVerified: false },
      verificationEmailSent: store.verificationEmailSent === true,
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

  /** Emails to one address are limited whoever asks (protects the inbox of a victim). */
  async limitEmailsTo(email: string) {
    const { limit, windowSeconds } = APP_RATE_LIMITS.emailsPerRecipient;
    await this.limiter.enforce(`email:${email.toLowerCase()}`, limit, windowSeconds);
  }
}

const emailExists = () => new AppError('EMAIL_EXISTS', AUTH_MESSAGES.emailExists, { email: AUTH_MESSAGES.emailExists });
