/**
 * Phone-first accounts and WhatsApp (docs/accounts.md#phone-sign-in, docs/notifications.md, issue 42):
 * a Moroccan mobile number with a one-time code signs up and signs in; the code goes by SMS or WhatsApp,
 * the person's choice. The code's own rules (6 digits, 10 minutes, 3 tries, resend after 60 s, limits
 * per number and per address) are the onboarding phone step's: PHONE_CODE_RULES (applications.ts).
 */
import { addDays, HOUR_MS, localDateOf, localToUtc } from './time';

/** How a one-time code travels. */
export const PHONE_CODE_CHANNELS = ['sms', 'whatsapp'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

/** What a code is for: the onboarding's "verify my number" (signed in) or signing in / up by phone. */
export const PHONE_CODE_PURPOSES = ['verify', 'sign_in'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/**
 * Accounts made with a phone have no email yet; the account table needs one, so they hold a
 * placeholder on a reserved domain (RFC 6761 `.invalid`: no mail can ever reach it) until the person
 * adds and confirms a real address from their profile. Never shown, never mailed.
 */
export const PHONE_PLACEHOLDER_EMAIL_DOMAIN = 'phone.khedma.invalid';
export const phonePlaceholderEmail = (e164: string) => `${e164.replace(/^\+/, '')}@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`;
export const isPhonePlaceholderEmail = (email: string) => email.toLowerCase().endsWith(`@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`);

/** The English copy of the phone sign-in answers (the web app translates by code). */
export const PHONE_ACCOUNT_MESSAGES = {
  codeSent: 'We have sent you a 6-digit code.',
  notRegistered: 'No account uses this number yet. Create one with it.',
  adminRefused: 'Admin accounts sign in with their email and password.',
  nameRequired: 'Please enter your name',
  emailAlreadySet: 'This account already has a confirmed email address.',
} as const;

// ---------------------------------------------------------------------------------------------
// Booking reminders
// ---------------------------------------------------------------------------------------------

export const REMINDER_RULES = {
  /** The evening before the booking's day, Casablanca wall clock. */
  eveningLocalTime: '19:00',
  /** And this long before the start. */
  hoursBefore: 2,
} as const;

export const REMINDER_KINDS = ['evening', 'two_hours'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * When the reminders of a booking starting at `start`, confirmed at `confirmedAt`, go out: 19:00 the
 * evening before (Casablanca) and two hours before. A time already past at confirmation is dropped
 * (someone who books at 20:00 for tomorrow needs no "see you tomorrow" now), and so is an evening
 * reminder that would come after the two-hour one.
 */
export function reminderTimes(start: Date, confirmedAt: Date): Array<{ kind: ReminderKind; at: Date }> {
  const evening = localToUtc(addDays(localDateOf(start), -1), REMINDER_RULES.eveningLocalTime);
  const twoHours = new Date(start.getTime() - REMINDER_RULES.hoursBefore * HOUR_MS);
  const out: Array<{ kind: ReminderKind; at: Date }> = [];
  if (evening > confirmedAt && evening < twoHours) out.push({ kind: 'evening', at: evening });
  if (twoHours > confirmedAt) out.push({ kind: 'two_hours', at: twoHours });
  return out;
}

/** The dedupe key of one reminder: one per booking, kind and start (a moved booking gets new ones). */
export const reminderKey = (bookingId: string, kind: ReminderKind, start: Date) => `${bookingId}:${kind}:${start.toISOString()}`;

// ---------------------------------------------------------------------------------------------
// WhatsApp opt-out
// ---------------------------------------------------------------------------------------------

/** Words that, sent alone to our WhatsApp number, turn WhatsApp messages off (en, fr, ar, Darija). */
export const WHATSAPP_STOP_WORDS = ['stop', 'unsubscribe', 'arret', 'arrêt', 'stopper', 'توقف', 'وقف', 'الغاء', 'إلغاء'] as const;

export function isStopMessage(text: string): boolean {
  const t = text.trim().toLowerCase().replace(/[.!؟?]+$/u, '').trim();
  return (WHATSAPP_STOP_WORDS as readonly string[]).includes(t);
}

/** How a WhatsApp opt-in was given (recorded with its time, as Meta's policy asks). */
export const WHATSAPP_OPT_IN_SOURCES = ['profile', 'phone_sign_up'] as const;
export type WhatsAppOptInSource = (typeof WHATSAPP_OPT_IN_SOURCES)[number];
