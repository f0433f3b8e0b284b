/** Copy of the recurring-booking emails in en, fr and ar (docs/recurring.md). */
import type { Locale } from '@khedma/shared';
import { formatDateTime, formatMoney } from '../bookings';

export type RecurringEmailKind = 'ready' | 'unavailable' | 'declined' | 'new_series' | 'visit_confirmed';

/** The kinds sent to the series' professional (the others go to its customer). */
export const TO_PROFESSIONAL: ReadonlySet<RecurringEmailKind> = new Set(['new_series', 'visit_confirmed']);

export interface RecurringEmailFacts {
  title: string;
  /** The visit's start (ready, unavailable) or the first visit's (declined, new_series). */
  start: Date;
  total?: number;
  payBy?: Date;
  url: string;
  intervalWeeks: number;
}

const EVERY: Record<Locale, (n: number) => string> = {
  en: (n) => (n === 1 ? 'every week' : `every ${n} weeks`),
  fr: (n) => (n === 1 ? 'chaque semaine' : `toutes les ${n} semaines`),
  ar: (n) => (n === 1 ? 'كل سيمانة' : `كل ${n} سيمانات`),
};

type Copy = { subject: string; lines: string[] };

function copy(kind: RecurringEmailKind, f: RecurringEmailFacts, l: Locale): Copy {
  const when = formatDateTime(f.start, l);
  const payBy = f.payBy ? formatDateTime(f.payBy, l) : '';
  const total = f.total !== undefined ? formatMoney(f.total) : '';
  const every = EVERY[l](f.intervalWeeks);
  const texts: Record<Locale, Record<RecurringEmailKind, Copy>> = {
    en: {
      ready: { subject: `Your next visit: ${f.title}, ${when}`, lines: [`Your recurring booking (${every}) has its next visit on ${when}, with 10% off: ${total}.`, `Please pay by ${payBy}; an unpaid visit is then cancelled, free of charge.`] },
      unavailable: { subject: `Your professional cannot come on ${when}`, lines: [`Your professional cannot take the visit of ${when} (${f.title}).`, 'Choose another professional for this visit, or skip it. The other visits are not changed.'] },
      declined: { subject: `Your recurring booking was declined: ${f.title}`, lines: [`The professional declined your recurring booking (${every}). Nothing was charged for the visits not yet paid, and paid visits are refunded in full.`, 'You can book another professional at any time.'] },
      new_series: { subject: `New recurring booking: ${f.title}`, lines: [`A customer booked you ${every}, from ${when}. You can decline the series until its first visit starts.`] },
      visit_confirmed: { subject: `Visit confirmed: ${f.title}, ${when}`, lines: [`The customer paid the visit of ${when} of your recurring booking (${every}). It is confirmed: there is nothing to accept.`, 'It is on your bookings with the other visits of the series.'] },
    },
    fr: {
      ready: { subject: `Votre prochaine visite\u00a0: ${f.title}, ${when}`, lines: [`Votre réservation récurrente (${every}) a sa prochaine visite le ${when}, avec 10\u00a0% de remise\u00a0: ${total}.`, `Merci de payer avant le ${payBy}\u202f; une visite non payée est alors annulée, sans frais.`] },
      unavailable: { subject: `Votre professionnel ne peut pas venir le ${when}`, lines: [`Votre professionnel ne peut pas assurer la visite du ${when} (${f.title}).`, 'Choisissez un autre professionnel pour cette visite, ou sautez-la. Les autres visites ne changent pas.'] },
      declined: { subject: `Votre réservation récurrente a été refusée\u00a0: ${f.title}`, lines: [`Le professionnel a refusé votre réservation récurrente (${every}). Rien n’a été débité pour les visites non payées, et les visites payées sont remboursées intégralement.`, 'Vous pouvez réserver un autre professionnel à tout moment.'] },
      new_series: { subject: `Nouvelle réservation récurrente\u00a0: ${f.title}`, lines: [`Un client vous a réservé ${every}, à partir du ${when}. Vous pouvez refuser la série jusqu’au début de la première visite.`] },
      visit_confirmed: { subject: `Visite confirmée\u00a0: ${f.title}, ${when}`, lines: [`Le client a payé la visite du ${when} de votre réservation récurrente (${every}). Elle est confirmée\u00a0: rien à accepter.`, 'Elle figure dans vos réservations avec les autres visites de la série.'] },
    },
    ar: {
      ready: { subject: `الزيارة الجاية ديالك: ${f.title}، ${when}`, lines: [`الحجز المتكرر ديالك (${every}) عندو الزيارة الجاية نهار ${when}، بتخفيض 10%: ${total}.`, `عافاك خلّص قبل ${payBy}؛ الزيارة اللي ما تخلصاتش كتلغى بلا مصاريف.`] },
      unavailable: { subject: `المهني ديالك ما يقدرش يجي نهار ${when}`, lines: [`المهني ديالك ما يقدرش ياخد الزيارة ديال ${when} (${f.title}).`, 'ختار مهني آخر لهاد الزيارة، ولا فوّتها. الزيارات الأخرى ما كتبدلش.'] },
      declined: { subject: `الحجز المتكرر ديالك ترفض: ${f.title}`, lines: [`المهني رفض الحجز المتكرر ديالك (${every}). ما تخلّص والو على الزيارات اللي ما تخلصاتش، والزيارات المخلّصة كترجع فلوسها كاملة.`, 'تقدر تحجز مهني آخر فأي وقت.'] },
      new_series: { subject: `حجز متكرر جديد: ${f.title}`, lines: [`واحد الكليان حجزك ${every}، من ${when}. تقدر ترفض السلسلة حتى تبدا الزيارة الأولى.`] },
      visit_confirmed: { subject: `الزيارة تأكدات: ${f.title}، ${when}`, lines: [`الكليان خلّص الزيارة ديال ${when} من الحجز المتكرر ديالك (${every}). راها مأكدة: ما خاصك تقبل والو.`, 'كاينة فالحجوزات ديالك مع الزيارات الأخرى ديال السلسلة.'] },
    },
  };
  return texts[l][kind];
}

const OPEN: Record<Locale, string> = { en: 'Open your recurring booking', fr: 'Ouvrir votre réservation récurrente', ar: 'حل الحجز المتكرر ديالك' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderRecurringEmail(kind: RecurringEmailKind, facts: RecurringEmailFacts, locale: Locale, name: string) {
  const c = copy(kind, facts, locale);
  const hello = { en: `Hello ${name},`, fr: `Bonjour ${name},`, ar: `السلام ${name}،` }[locale];
  const text = [hello, '', ...c.lines, '', `${OPEN[locale]}: ${facts.url}`].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}" lang="${locale}"><p>${escapeHtml(hello)}</p>${c.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(facts.url)}">${escapeHtml(OPEN[locale])}</a></p></div>`;
  return { subject: c.subject, text, html };
}
