/**
 * Short notices of a booking's status change, for web push and SMS (docs/bookings.md#notifications),
 * in the recipient's language: a title and one sentence. Copy naming the professional avoids gendered
 * forms (the product does not know their gender). Dates in Casablanca time (formatDateTime).
 */
import type { Locale } from '@khedma/shared';
import { formatDateTime, type BookingEmailKind } from './bookings.emails';

/** The status changes worth a push or an SMS: those a party learns of from the other side (or an admin). */
export const NOTICE_KINDS = [
  'new_request',
  'confirmed',
  'declined',
  'customer_cancelled',
  'professional_cancelled',
  'rescheduled',
  'refunded',
  'completed',
  'assigned',
] as const satisfies readonly BookingEmailKind[];
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const isNoticeKind = (kind: string): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);

/**
 * The changes told by WhatsApp to users who opted in (docs/notifications.md#whatsapp), each by an approved
 * template: the confirmation, the payment received, and the refunds on their way (a decline, a
 * cancellation with money back, an admin's refund). The customer's own payment and cancellation are
 * here too: for a phone-first account WhatsApp is the written record email is for the others.
 */
export const WHATSAPP_KINDS = ['confirmed', 'paid', 'declined', 'professional_cancelled', 'cancelled_by_you', 'refunded'] as const satisfies readonly BookingEmailKind[];
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];
export const isWhatsAppKind = (kind: string): kind is WhatsAppKind => (WHATSAPP_KINDS as readonly string[]).includes(kind);

interface Facts {
  reference: string;
  title: string;
  date: string;
}

type Copy = Record<NoticeKind, { title: string; body: (f: Facts) => string }>;

const COPY: Record<Locale, Copy> = {
  en: {
    new_request: { title: 'New booking request', body: (f) => `${f.title} on ${f.date} (${f.reference}). Accept or decline it in Khedma.` },
    confirmed: { title: 'Booking confirmed', body: (f) => `${f.title} on ${f.date} (${f.reference}) is confirmed.` },
    declined: { title: 'Booking declined', body: (f) => `${f.title} (${f.reference}) could not be taken. You are refunded in full.` },
    customer_cancelled: { title: 'Booking cancelled', body: (f) => `The customer cancelled ${f.title} on ${f.date} (${f.reference}).` },
    professional_cancelled: { title: 'Booking cancelled', body: (f) => `The professional cancelled ${f.title} on ${f.date} (${f.reference}). You are refunded in full.` },
    rescheduled: { title: 'Booking moved', body: (f) => `${f.title} (${f.reference}) is now on ${f.date}. Please confirm the new time.` },
    refunded: { title: 'Booking refunded', body: (f) => `${f.title} (${f.reference}) was cancelled and refunded.` },
    completed: { title: 'Service completed', body: (f) => `${f.title} (${f.reference}) is done. How did it go? Leave a review.` },
    assigned: { title: 'New booking for you', body: (f) => `${f.title} on ${f.date} (${f.reference}) is now yours.` },
  },
  fr: {
    new_request: { title: 'Nouvelle demande de réservation', body: (f) => `${f.title} le ${f.date} (${f.reference}). Acceptez-la ou refusez-la dans Khedma.` },
    confirmed: { title: 'Réservation confirmée', body: (f) => `${f.title} le ${f.date} (${f.reference}) est confirmée.` },
    declined: { title: 'Réservation refusée', body: (f) => `${f.title} (${f.reference}) n’a pas pu être acceptée. Vous êtes remboursé intégralement.` },
    customer_cancelled: { title: 'Réservation annulée', body: (f) => `Le client a annulé ${f.title} le ${f.date} (${f.reference}).` },
    professional_cancelled: { title: 'Réservation annulée', body: (f) => `${f.title} le ${f.date} (${f.reference}) a été annulée par le professionnel. Vous êtes remboursé intégralement.` },
    rescheduled: { title: 'Réservation déplacée', body: (f) => `${f.title} (${f.reference}) a lieu désormais le ${f.date}. Merci de confirmer le nouvel horaire.` },
    refunded: { title: 'Réservation remboursée', body: (f) => `${f.title} (${f.reference}) a été annulée et remboursée.` },
    completed: { title: 'Service terminé', body: (f) => `${f.title} (${f.reference}) est terminé. Comment ça s’est passé ? Laissez un avis.` },
    assigned: { title: 'Nouvelle réservation pour vous', body: (f) => `${f.title} le ${f.date} (${f.reference}) vous est confiée.` },
  },
  ar: {
    new_request: { title: 'طلب حجز جديد', body: (f) => `${f.title} نهار ${f.date} (${f.reference}). قبلو ولا رفضو ف خدمة.` },
    confirmed: { title: 'الحجز تأكد', body: (f) => `${f.title} نهار ${f.date} (${f.reference}) تأكد.` },
    declined: { title: 'الحجز ترفض', body: (f) => `${f.title} (${f.reference}) ما تقبلش. غادي ترجع ليك الفلوس كاملين.` },
    customer_cancelled: { title: 'الحجز تلغى', body: (f) => `الزبون لغى ${f.title} نهار ${f.date} (${f.reference}).` },
    professional_cancelled: { title: 'الحجز تلغى', body: (f) => `${f.title} نهار ${f.date} (${f.reference}) تلغى من طرف المهني. غادي ترجع ليك الفلوس كاملين.` },
    rescheduled: { title: 'الحجز تبدل الوقت ديالو', body: (f) => `${f.title} (${f.reference}) ولى نهار ${f.date}. عافاك أكد الوقت الجديد.` },
    refunded: { title: 'الحجز ترجعو فلوسو', body: (f) => `${f.title} (${f.reference}) تلغى والفلوس ترجعو.` },
    completed: { title: 'الخدمة سالات', body: (f) => `${f.title} (${f.reference}) سالات. كيفاش دازت؟ خلي تقييم.` },
    assigned: { title: 'حجز جديد ليك', body: (f) => `${f.title} نهار ${f.date} (${f.reference}) ولى ديالك.` },
  },
};

export function bookingNotice(kind: NoticeKind, locale: Locale, facts: { reference: string; title: string; start: Date }): { title: string; body: string } {
  const copy = (COPY[locale] ?? COPY.en)[kind];
  return { title: copy.title, body: copy.body({ reference: facts.reference, title: facts.title, date: formatDateTime(facts.start, locale) }) };
}

/** The SMS: "Khedma: <title>. <body>" (one message of a few segments at most). */
export function bookingSms(kind: NoticeKind, locale: Locale, facts: { reference: string; title: string; start: Date }): string {
  const n = bookingNotice(kind, locale, facts);
  return `Khedma: ${n.title}. ${n.body}`;
}
