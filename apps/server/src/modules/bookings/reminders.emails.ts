/** Reminder copy by email and SMS, in the customer's language (WhatsApp: the approved template khedma_booking_reminder). */
import type { Locale, ReminderKind } from '@khedma/shared';

interface Facts {
  name: string;
  title: string;
  date: string;
  reference: string;
  url: string;
}

const COPY: Record<Locale, { subject: Record<ReminderKind, string>; lead: Record<ReminderKind, string>; greeting: (n: string) => string; see: string }> = {
  en: {
    subject: { evening: 'Reminder: your booking tomorrow', two_hours: 'Reminder: your booking in two hours' },
    lead: { evening: 'A reminder of your booking tomorrow:', two_hours: 'Your booking starts in two hours:' },
    greeting: (n) => `Hello ${n},`,
    see: 'See your booking',
  },
  fr: {
    subject: { evening: 'Rappel : votre réservation de demain', two_hours: 'Rappel : votre réservation dans deux heures' },
    lead: { evening: 'Un rappel de votre réservation de demain :', two_hours: 'Votre réservation commence dans deux heures :' },
    greeting: (n) => `Bonjour ${n},`,
    see: 'Voir votre réservation',
  },
  ar: {
    subject: { evening: 'تذكير: الحجز ديالك غدا', two_hours: 'تذكير: الحجز ديالك من دابا ساعتين' },
    lead: { evening: 'تذكير بالحجز ديالك غدا:', two_hours: 'الحجز ديالك غادي يبدا من دابا ساعتين:' },
    greeting: (n) => `السلام ${n}،`,
    see: 'شوف الحجز ديالك',
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reminderEmail(kind: ReminderKind, locale: Locale, f: Facts) {
  const c = COPY[locale];
  const line = `${f.title}, ${f.date} (${f.reference})`;
  const text = [c.greeting(f.name), '', c.lead[kind], line, '', `${c.see}: ${f.url}`, '', 'Khedma'].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${esc(c.subject[kind])}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5"><p>${esc(c.greeting(f.name))}</p><p>${esc(c.lead[kind])}<br><strong>${esc(line)}</strong></p>
<p><a href="${esc(f.url)}">${esc(c.see)}</a></p><p>Khedma</p></body></html>`;
  return { subject: c.subject[kind], text, html };
}

export function reminderSms(kind: ReminderKind, locale: Locale, f: Omit<Facts, 'name' | 'url'>): string {
  return `Khedma: ${COPY[locale].lead[kind]} ${f.title}, ${f.date} (${f.reference})`;
}
