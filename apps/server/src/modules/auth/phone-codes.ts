/**
 * One-time codes by SMS or WhatsApp (docs/accounts.md#phone-codes): the one implementation behind the
 * onboarding's phone step and phone sign-in / sign-up. The rules are PHONE_CODE_RULES: 6 digits, good
 * for 10 minutes, single use, voided by the third wrong try, a new one to a number no sooner than 60 s
 * after the last, at most 5 an hour to one number (whoever asks) and 20 an hour from one address.
 *
 * Only an HMAC of the code (keyed with AUTH_SECRET, bound to the number and purpose) is stored, and it
 * is compared in constant time. One live code per number and purpose: a new one replaces the last.
 * Spending a code is one conditional DELETE: of two requests racing with the right code, one wins.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { APPLICATION_MESSAGES, PHONE_CODE_RULES, type Locale, type PhoneCodeChannel, type PhoneCodePurpose } from '@khedma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { phoneCodes } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { phoneCodeSms } from './auth.emails';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms';
import type { WhatsAppSender } from '../../platform/whatsapp';
import { AUTH_MESSAGES } from './bridge';
import { APP_RATE_LIMITS } from './rate-limits';

export interface SendCodeInput {
  phone: string;
  purpose: PhoneCodePurpose;
  channel: PhoneCodeChannel;
  locale: Locale;
  clientIp: string;
}

const invalidCode = () => new AppError('INVALID_CODE', AUTH_MESSAGES.invalidCode, { code: AUTH_MESSAGES.invalidCode });
const tooManyTries = () => new AppError('INVALID_CODE', AUTH_MESSAGES.tooManyCodeAttempts, { code: AUTH_MESSAGES.tooManyCodeAttempts });

export class PhoneCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly limiter: RateLimiter,
    private readonly senders: { sms: SmsSender; whatsapp: WhatsAppSender },
    private readonly log: FastifyBaseLogger,
  ) {}

  private hash(phone: string, purpose: PhoneCodePurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`phone-code:${purpose}:${phone}:${code}`).digest('hex');
  }

  /** The limits of PHONE_CODE_RULES: resend after 60 s, per number per hour, per address per hour. */
  async limit(phone: string, clientIp: string) {
    const { smsResend, smsPerPhone, smsPerAddress } = APP_RATE_LIMITS;
    await this.limiter.enforce(`sms:resend:${phone}`, smsResend.limit, smsResend.windowSeconds, APPLICATION_MESSAGES.resendTooSoon);
    await this.limiter.enforce(`sms:${phone}`, smsPerPhone.limit, smsPerPhone.windowSeconds);
    await this.limiter.enforce(`sms:ip:${clientIp}`, smsPerAddress.limit, smsPerAddress.windowSeconds);
  }

  /** A new code to `phone` by the chosen channel (it replaces the last one of this purpose). */
  async send(input: SendCodeInput): Promise<void> {
    const { phone, purpose, channel, locale, clientIp } = input;
    await this.limit(phone, clientIp);
    const code = String(randomInt(0, 10 ** PHONE_CODE_RULES.length)).padStart(PHONE_CODE_RULES.length, '0');
    const codeHash = this.hash(phone, purpose, code);
    const expiresAt = sql`now() + make_interval(secs => ${PHONE_CODE_RULES.expirySeconds})`;
    await this.db
      .insert(phoneCodes)
      .values({ phone, purpose, channel, codeHash, wrongAttempts: 0, expiresAt: expiresAt as unknown as Date })
      .onConflictDoUpdate({
        target: [phoneCodes.phone, phoneCodes.purpose],
        set: { codeHash, channel, wrongAttempts: 0, expiresAt: expiresAt as unknown as Date, createdAt: sql`now()` as unknown as Date },
      });
    // A code is an account message: always sent, whatever the notification preferences.
    if (channel === 'whatsapp') await this.senders.whatsapp.sendTemplate(phone, 'khedma_code', locale, { code });
    else await this.senders.sms.send(phone, phoneCodeSms(locale, code));
    this.log.info({ purpose, channel }, 'phone code sent');
  }

  /**
   * Whether `code` is the live code of `phone` for `purpose`, without spending it. A wrong code counts
   * a try; the third voids the code. Throws INVALID_CODE (wrong, expired, none, or voided).
   */
  async check(phone: string, purpose: PhoneCodePurpose, code: string): Promise<void> {
    const [row] = await this.db
      .select({ codeHash: phoneCodes.codeHash, wrongAttempts: phoneCodes.wrongAttempts, live: sql<boolean>`${phoneCodes.expiresAt} > now()` })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)));
    if (!row || !row.live) throw invalidCode();
    if (row.wrongAttempts >= PHONE_CODE_RULES.maxWrongAttempts) throw tooManyTries();
    const given = Buffer.from(this.hash(phone, purpose, code), 'hex');
    const stored = Buffer.from(row.codeHash, 'hex');
    if (given.length === stored.length && timingSafeEqual(given, stored)) return;
    const [after] = await this.db
      .update(phoneCodes)
      .set({ wrongAttempts: sql`${phoneCodes.wrongAttempts} + 1` })
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), eq(phoneCodes.codeHash, row.codeHash)))
      .returning({ wrongAttempts: phoneCodes.wrongAttempts });
    if (after && after.wrongAttempts >= PHONE_CODE_RULES.maxWrongAttempts) throw tooManyTries();
    throw invalidCode();
  }

  /** Checks and spends the code (single use): one of two racing requests wins, the other gets INVALID_CODE. */
  async consume(phone: string, purpose: PhoneCodePurpose, code: string): Promise<void> {
    await this.check(phone, purpose, code);
    const spent = await this.db
      .delete(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, phone),
          eq(phoneCodes.purpose, purpose),
          eq(phoneCodes.codeHash, this.hash(phone, purpose, code)),
          sql`${phoneCodes.expiresAt} > now()`,
          sql`${phoneCodes.wrongAttempts} < ${PHONE_CODE_RULES.maxWrongAttempts}`,
        ),
      )
      .returning({ phone: phoneCodes.phone });
    if (spent.length === 0) throw invalidCode();
  }
}
