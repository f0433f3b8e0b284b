/**
 * Copy of the booking emails in the three product languages (en, fr, Moroccan-dialect ar). Each goes
 * out in the recipient's language (profiles.locale). Money reads "1 250 MAD" in every language
 * (fr-MA style, fixed grouping: U+202F between thousands, U+00A0 before MAD, the same rule as the web
 * app's formatMoney), dates and times in Africa/Casablanca with Latin digits.
 */
import { CURRENCY, type Locale } from '@khedma/shared';
import { wallClockAsUtc } from '@khedma/shared/domain/time';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export type BookingEmailKind =
  /** To the customer, when the booking is created. */
  | 'created'
  /** To the customer: the payment went through, the money is held in escrow. */
  | 'paid'
  /** To the professional: a new paid request to accept or decline. */
  | 'new_request'
  /** To the customer: the professional accepted. */
  | 'confirmed'
  /** To the customer: the professional declined (full refund). */
  | 'declined'
  /** To the customer: they cancelled (fee and refund). */
  | 'cancelled_by_you'
  /** To the professional: the customer cancelled. */
  | 'customer_cancelled'
  /** To the customer: the professional cancelled (full refund). */
  | 'professional_cancelled'
  /** To the customer: the payment failed, the booking is cancelled. */
  | 'payment_failed'
  /** To the professional: the customer moved the booking; please confirm again. */
  | 'rescheduled'
  /** To the customer: an admin refunded the booking (the reason is shown). */
  | 'refunded'
  /** To the customer: the service is marked done; invites a review (the link goes to the review page). */
  | 'completed'
  /** To the professional an admin reassigned the booking to. */
  | 'assigned';

export interface BookingEmailFacts {
  reference: string;
  title: string;
  start: Date;
  location: string;
  total: number;
  /** Cancellations: kept as a fee (goes to the professional) and returned to the customer. */
  fee?: number;
  refund?: number;
  /** Link to the booking list (My Bookings or Pending bookings), or the review page (completed). */
  url: string;
  /** Admin refund: why. */
  reason?: string;
  /** Admin completion: the notes, when given. */
  notes?: string;
}

/** What a booking is called and where it is, as stored: the server writes them in English (docs/bookings.md). */
export interface BookingNames {
  kind: string;
  title: string;
  location: string;
  durationMinutes: number;
  proFirstName: string;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
}

const HOUR_UNIT: Record<Locale, string> = { en: 'h', fr: '\u00a0h', ar: '\u00a0س' };
const WITH: Record<Locale, string> = { en: 'with', fr: 'avec', ar: 'مع' };

/**
 * The booking's title and place in the recipient's language, as the web app shows them
 * (entities/booking/booking-text.ts): the service's name, or "2 h avec Youssef" for an hourly
 * booking; the street address the customer typed followed by the city's name (an older booking without an
 * address stored the English city as its location: then the city alone).
 */
export function bookingNamesIn(b: BookingNames, locale: Locale): { title: string; location: string } {
  const service = { en: b.serviceName, fr: b.serviceNameFr, ar: b.serviceNameAr }[locale] ?? b.serviceName;
  const hours = Math.round((b.durationMinutes / 60) * 10) / 10;
  const title = service ?? (b.kind === 'hourly' ? `${hours}${HOUR_UNIT[locale]} ${WITH[locale]} ${b.proFirstName}` : b.title);
  const city = { en: b.cityName, fr: b.cityNameFr, ar: b.cityNameAr }[locale] || b.cityName;
  const street = b.location;
  if (!street || street === b.cityName) return { title, location: city };
  // The city is said once: an address that already names it is left as typed.
  const named = [b.cityName, b.cityNameFr, b.cityNameAr].some((c) => c && street.toLowerCase().includes(c.toLowerCase()));
  return { title, location: named ? street : `${street}${locale === 'ar' ? '، ' : ', '}${city}` };
}

const GROUP_SEPARATOR = '\u202f';
const NBSP = '\u00a0';

/** formatMoney(1250) -> "1 250 MAD" (U+202F between thousands, U+00A0 before MAD). */
export function formatMoney(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${rounded < 0 ? '-' : ''}${digits}${NBSP}${CURRENCY}`;
}

const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-MA' };
const dateFormatters = new Map<Locale, Intl.DateTimeFormat>();
/**
 * Formatted dates by locale and instant: Intl formatting is slow and bookings start on a few
 * thousand half hours at most. Bounded; emptied when full.
 */
const formattedDates = new Map<string, string>();
const MAX_FORMATTED_DATES = 20_000;

/** "Monday, 8 February 2027 at 10:00" / "lundi 8 février 2027 à 10:00" / Arabic, Casablanca time. */
export function formatDateTime(instant: Date, locale: Locale): string {
  const key = `${locale}${instant.getTime()}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    text = dateFormatter(locale).format(wallClockAsUtc(instant));
    if (formattedDates.size >= MAX_FORMATTED_DATES) formattedDates.clear();
    formattedDates.set(key, text);
  }
  return text;
}

function dateFormatter(locale: Locale): Intl.DateTimeFormat {
  let f = dateFormatters.get(locale);
  if (!f) {
    // The wall clock comes from the shipped rules (wallClockAsUtc), so Intl formats it in UTC: the
    // runtime's own Africa/Casablanca data is out of date (issue 20).
    f = new Intl.DateTimeFormat(`${INTL_LOCALES[locale]}-u-nu-latn`, {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormatters.set(locale, f);
  }
  return f;
}

interface Copy {
  greeting: (name: string) => string;
  labels: { reference: string; service: string; when: string; where: string; total: string; fee: string; refund: string; button: string; reason: string; notes: string };
  refundDelay: string;
  kinds: Record<BookingEmailKind, { subject: (ref: string) => string; body: string; button?: string }>;
}

const COPY: Record<Locale, Copy> = {
  en: {
    greeting: (n) => `Hello ${n},`,
    labels: { reference: 'Reference', service: 'Service', when: 'Date', where: 'Address', total: 'Total', fee: 'Cancellation fee', refund: 'Refund', button: 'View my bookings', reason: 'Reason', notes: 'Notes' },
    refundDelay: 'Refunds reach your account within 10 business days.',
    kinds: {
      created: { subject: (r) => `Booking ${r} created`, body: 'Your booking has been created. Once paid, it goes to the professional, who will confirm it.' },
      paid: { subject: (r) => `Payment received for booking ${r}`, body: 'We received your payment. Khedma holds it securely and pays the professional only after the service is done.' },
      new_request: { subject: (r) => `New booking request ${r}`, body: 'You have a new booking request. Please accept or decline it from your pending bookings.' },
      confirmed: { subject: (r) => `Booking ${r} confirmed`, body: 'Good news: the professional accepted your booking. They will contact you before the visit.' },
      declined: { subject: (r) => `Booking ${r} declined`, body: 'The professional could not take your booking, so it is cancelled. You will be refunded in full.' },
      cancelled_by_you: { subject: (r) => `Booking ${r} cancelled`, body: 'Your booking is cancelled as you asked.' },
      customer_cancelled: { subject: (r) => `Booking ${r} cancelled by the customer`, body: 'The customer cancelled this booking. The time slot is free again.' },
      professional_cancelled: { subject: (r) => `Booking ${r} cancelled`, body: 'The professional had to cancel your booking. You will be refunded in full.' },
      payment_failed: { subject: (r) => `Payment failed for booking ${r}`, body: 'Your payment did not go through, so the booking is cancelled. Please try again with a new booking.' },
      rescheduled: { subject: (r) => `Booking ${r} moved: please confirm`, body: 'The customer moved this booking to a new time. Please accept or decline the new time.' },
      refunded: { subject: (r) => `Booking ${r} refunded`, body: 'Khedma has cancelled your booking and refunded your payment in full.' },
      completed: {
        subject: (r) => `Booking ${r} completed`,
        body: 'Your service is marked as completed. Thank you for using Khedma! How did it go? Your review helps other customers and the professional.',
        button: 'Leave a review',
      },
      assigned: { subject: (r) => `Booking ${r} assigned to you`, body: 'Khedma has assigned this booking to you. Please check the details in your bookings.' },
    },
  },
  fr: {
    greeting: (n) => `Bonjour ${n},`,
    labels: { reference: 'Référence', service: 'Service', when: 'Date', where: 'Adresse', total: 'Total', fee: "Frais d'annulation", refund: 'Remboursement', button: 'Voir mes réservations', reason: 'Motif', notes: 'Remarques' },
    refundDelay: 'Le remboursement arrive sur votre compte sous 10 jours ouvrés.',
    kinds: {
      created: { subject: (r) => `Réservation ${r} créée`, body: 'Votre réservation est créée. Une fois payée, elle est transmise au professionnel, qui la confirmera.' },
      paid: { subject: (r) => `Paiement reçu pour la réservation ${r}`, body: "Nous avons bien reçu votre paiement. Khedma le garde en sécurité et ne paie le professionnel qu'une fois le service réalisé." },
      new_request: { subject: (r) => `Nouvelle demande de réservation ${r}`, body: 'Vous avez une nouvelle demande de réservation. Acceptez-la ou refusez-la depuis vos réservations en attente.' },
      confirmed: { subject: (r) => `Réservation ${r} confirmée`, body: 'Bonne nouvelle : le professionnel a accepté votre réservation. Il vous contactera avant la visite.' },
      declined: { subject: (r) => `Réservation ${r} refusée`, body: 'Le professionnel ne peut pas prendre votre réservation : elle est annulée. Vous serez remboursé intégralement.' },
      cancelled_by_you: { subject: (r) => `Réservation ${r} annulée`, body: 'Votre réservation est annulée, comme demandé.' },
      customer_cancelled: { subject: (r) => `Réservation ${r} annulée par le client`, body: 'Le client a annulé cette réservation. Le créneau est de nouveau libre.' },
      professional_cancelled: { subject: (r) => `Réservation ${r} annulée`, body: 'Le professionnel a dû annuler votre réservation. Vous serez remboursé intégralement.' },
      payment_failed: { subject: (r) => `Échec du paiement de la réservation ${r}`, body: "Votre paiement n'a pas abouti : la réservation est annulée. Veuillez réessayer avec une nouvelle réservation." },
      rescheduled: { subject: (r) => `Réservation ${r} déplacée\u00a0: à confirmer`, body: 'Le client a déplacé cette réservation. Acceptez ou refusez le nouvel horaire.' },
      refunded: { subject: (r) => `Réservation ${r} remboursée`, body: 'Khedma a annulé votre réservation et vous rembourse intégralement.' },
      completed: {
        subject: (r) => `Réservation ${r} terminée`,
        body: "Votre service est marqué comme terminé. Merci d'avoir choisi Khedma\u00a0! Comment cela s'est-il passé\u00a0? Votre avis aide les autres clients et le professionnel.",
        button: 'Laisser un avis',
      },
      assigned: { subject: (r) => `Réservation ${r} qui vous est attribuée`, body: 'Khedma vous a attribué cette réservation. Retrouvez les détails dans vos réservations.' },
    },
  },
  ar: {
    greeting: (n) => `السلام ${n}،`,
    labels: { reference: 'المرجع', service: 'الخدمة', when: 'التاريخ', where: 'العنوان', total: 'المجموع', fee: 'مصاريف الإلغاء', refund: 'الاسترجاع', button: 'شوف الحجوزات ديالي', reason: 'السبب', notes: 'ملاحظات' },
    refundDelay: 'الفلوس كيرجعو للحساب ديالك ف 10 أيام ديال الخدمة على الأكثر.',
    kinds: {
      created: { subject: (r) => `تسجّل الحجز ${r}`, body: 'الحجز ديالك تسجّل. ملي تخلّص، كيوصل للمهني باش يأكّدو.' },
      paid: { subject: (r) => `توصلنا بالخلاص ديال الحجز ${r}`, body: 'توصلنا بالخلاص ديالك. Khedma كتحتافظ بيه بأمان وما كتخلّص المهني حتى تسالا الخدمة.' },
      new_request: { subject: (r) => `طلب حجز جديد ${r}`, body: 'عندك طلب حجز جديد. قبلو ولا رفضو من الحجوزات اللي كتسنى.' },
      confirmed: { subject: (r) => `تأكّد الحجز ${r}`, body: 'خبار زوينة: المهني قبل الحجز ديالك. غادي يتاصل بيك قبل الزيارة.' },
      declined: { subject: (r) => `ترفض الحجز ${r}`, body: 'المهني ما يقدرش ياخد الحجز ديالك، داكشي علاش تلغى. غادي ترجع ليك الفلوس كاملة.' },
      cancelled_by_you: { subject: (r) => `تلغى الحجز ${r}`, body: 'الحجز ديالك تلغى بحال ما طلبتي.' },
      customer_cancelled: { subject: (r) => `الزبون لغى الحجز ${r}`, body: 'الزبون لغى هاد الحجز. الوقت ولّى خاوي من جديد.' },
      professional_cancelled: { subject: (r) => `تلغى الحجز ${r}`, body: 'المهني اضطر يلغي الحجز ديالك. غادي ترجع ليك الفلوس كاملة.' },
      payment_failed: { subject: (r) => `الخلاص ما دازش للحجز ${r}`, body: 'الخلاص ديالك ما دازش، داكشي علاش الحجز تلغى. عاود جرّب بحجز جديد.' },
      rescheduled: { subject: (r) => `الحجز ${r} تبدّل الوقت ديالو: أكّد عافاك`, body: 'الزبون بدّل الوقت ديال هاد الحجز. قبل ولا رفض الوقت الجديد.' },
      refunded: { subject: (r) => `ترجعات الفلوس ديال الحجز ${r}`, body: 'Khedma لغات الحجز ديالك وغادي ترجع ليك الفلوس كاملة.' },
      completed: {
        subject: (r) => `تسالا الحجز ${r}`,
        body: 'الخدمة ديالك تسجّلات بلي تسالات. شكرا حيت اخترتي Khedma! كيفاش دازت؟ التقييم ديالك كيعاون الزبناء لخرين والمهني.',
        button: 'عطي تقييمك',
      },
      assigned: { subject: (r) => `الحجز ${r} تعطى ليك`, body: 'Khedma عطاتك هاد الحجز. شوف التفاصيل ف الحجوزات ديالك.' },
    },
  },
};

/**
 * User text (an address, a pasted link) wraps inside the email instead of widening it (issue 22): the
 * table is fixed to the message's width and every cell breaks a long word (`word-break` for clients
 * that ignore `overflow-wrap: anywhere`).
 */
export const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function bookingEmail(kind: BookingEmailKind, locale: Locale, name: string, facts: BookingEmailFacts): RenderedEmail {
  const copy = COPY[locale] ?? COPY.en;
  const k = copy.kinds[kind];
  const l = copy.labels;
  const rows: Array<[string, string]> = [
    [l.reference, facts.reference],
    [l.service, facts.title],
    [l.when, formatDateTime(facts.start, locale)],
    [l.where, facts.location],
    [l.total, formatMoney(facts.total)],
  ];
  if (facts.fee !== undefined && facts.fee > 0) rows.push([l.fee, formatMoney(facts.fee)]);
  if (facts.refund !== undefined && facts.refund > 0) rows.push([l.refund, formatMoney(facts.refund)]);
  if (facts.reason) rows.push([l.reason, facts.reason]);
  if (facts.notes) rows.push([l.notes, facts.notes]);
  const button = k.button ?? l.button;
  const refundNote = facts.refund !== undefined && facts.refund > 0 && kind !== 'customer_cancelled' ? copy.refundDelay : '';
  const greeting = copy.greeting(name.trim() || '').replace(/\s+([,،])/, '$1');
  const subject = k.subject(facts.reference);
  const text = [greeting, '', k.body, '', ...rows.map(([a, b]) => `${a}: ${b}`), ...(refundNote ? ['', refundNote] : []), '', `${button}: ${facts.url}`, '', 'Khedma'].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;${WRAP}">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(k.body)}</p>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px;table-layout:fixed">${rows
    .map(
      ([a, b]) =>
        `<tr><td style="width:35%;padding:2px 12px 2px 0;vertical-align:top;color:#6b7280;${WRAP}">${escapeHtml(a)}</td><td style="padding:2px 0;vertical-align:top;${WRAP}"><bdi>${escapeHtml(b)}</bdi></td></tr>`,
    )
    .join('')}</table>
${refundNote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(refundNote)}</p>` : ''}
<p><a href="${escapeHtml(facts.url)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>Khedma</p>
</body></html>`;
  return { subject, text, html };
}
