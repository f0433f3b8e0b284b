/** Email copy of guarantee claims (docs/claims.md), in en, fr and ar. */
import { CURRENCY, wallClockAsUtc, type Locale } from '@khedma/shared';
import type { ClaimOutcome } from '@khedma/shared/domain/claims';

export type ClaimEmailKind = 'opened' | 'visit_offered' | 'disputed' | 'visit_accepted' | 'visit_rejected' | 'decided';

export interface ClaimEmailData {
  name: string;
  reference: string;
  /** Where to read the claim (the booking list of that side). */
  url: string;
  visit?: Date | null;
  reason?: string | null;
  outcome?: ClaimOutcome | null;
  amount?: number | null;
}

const money = (amount: number) => `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0${CURRENCY}`;

const INTL: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-MA' };
/** "Monday, 8 February 2027 at 10:00" in Casablanca time (the shipped rules: wallClockAsUtc). */
function when(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(`${INTL[locale]}-u-nu-latn`, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    wallClockAsUtc(instant),
  );
}

const OUTCOME: Record<Locale, Record<ClaimOutcome, string>> = {
  en: { return_visit: 'the professional comes back', partial_refund: 'a partial refund', full_refund: 'a full refund', rejected: 'the report is rejected' },
  fr: { return_visit: 'le professionnel revient', partial_refund: 'un remboursement partiel', full_refund: 'un remboursement total', rejected: 'le signalement est rejeté' },
  ar: { return_visit: 'المهني غادي يرجع', partial_refund: 'استرجاع جزئي', full_refund: 'استرجاع كامل', rejected: 'البلاغ مرفوض' },
};

export function claimEmail(locale: Locale, kind: ClaimEmailKind, d: ClaimEmailData): { subject: string; text: string } {
  const visit = d.visit ? when(d.visit, locale) : '';
  const reason = d.reason ?? '';
  const outcome = d.outcome ? OUTCOME[locale][d.outcome] : '';
  const amount = d.amount ? money(d.amount) : '';
  const ref = d.reference;
  if (locale === 'fr') {
    const body: Record<ClaimEmailKind, [string, string]> = {
      opened: [`Un problème a été signalé sur la réservation ${ref}`, `Le client a signalé un problème sur la réservation ${ref}. Proposez un retour à un créneau libre ou contestez, avec une raison.`],
      visit_offered: [`Le professionnel propose de revenir (${ref})`, `Le professionnel propose de revenir le ${visit}. Acceptez ou refusez cette visite depuis votre réservation.`],
      disputed: [`Le professionnel conteste votre signalement (${ref})`, `Le professionnel conteste : « ${reason} ». Un administrateur va décider.`],
      visit_accepted: [`Visite de retour acceptée (${ref})`, `Le client a accepté votre retour le ${visit}.`],
      visit_rejected: [`Visite de retour refusée (${ref})`, `Le client a refusé votre proposition de retour. Un administrateur va décider.`],
      decided: [`Décision sur le signalement (${ref})`, `Décision : ${outcome}${amount ? ` (${amount})` : ''}${visit ? `, le ${visit}` : ''}. Raison : « ${reason} ».${amount ? ' Le remboursement arrive sur la carte sous 10 jours ouvrés.' : ''}`],
    };
    const [subject, text] = body[kind];
    return { subject, text: `Bonjour ${d.name},\n\n${text}\n\n${d.url}\n\nL’équipe Khedma` };
  }
  if (locale === 'ar') {
    const body: Record<ClaimEmailKind, [string, string]> = {
      opened: [`تبلّغ مشكل فالحجز ${ref}`, `الزبون بلّغ على مشكل فالحجز ${ref}. اقترح ترجع فوقت خاوي ولا اعترض مع السبب.`],
      visit_offered: [`المهني كيقترح يرجع (${ref})`, `المهني كيقترح يرجع نهار ${visit}. قبل ولا رفض هاد الزيارة من الحجز ديالك.`],
      disputed: [`المهني كيعترض على البلاغ ديالك (${ref})`, `المهني كيعترض: «${reason}». مسؤول غادي يقرر.`],
      visit_accepted: [`الزبون قبل الرجوع (${ref})`, `الزبون قبل ترجع نهار ${visit}.`],
      visit_rejected: [`الزبون رفض الرجوع (${ref})`, `الزبون رفض الاقتراح ديالك. مسؤول غادي يقرر.`],
      decided: [`القرار فالبلاغ (${ref})`, `القرار: ${outcome}${amount ? ` (${amount})` : ''}${visit ? `، نهار ${visit}` : ''}. السبب: «${reason}».${amount ? ' الفلوس غادي ترجع للبطاقة فـ10 أيام ديال الخدمة.' : ''}`],
    };
    const [subject, text] = body[kind];
    return { subject, text: `السلام ${d.name}،\n\n${text}\n\n${d.url}\n\nفريق خدمة` };
  }
  const body: Record<ClaimEmailKind, [string, string]> = {
    opened: [`A problem was reported on booking ${ref}`, `The customer reported a problem with booking ${ref}. Offer to come back at a free slot, or dispute it with a reason.`],
    visit_offered: [`The professional offers to come back (${ref})`, `The professional offers to come back on ${visit}. Accept or reject the visit from your booking.`],
    disputed: [`The professional disputes your report (${ref})`, `The professional disputes it: "${reason}". An admin will decide.`],
    visit_accepted: [`Return visit accepted (${ref})`, `The customer accepted your return visit on ${visit}.`],
    visit_rejected: [`Return visit rejected (${ref})`, `The customer rejected your return visit. An admin will decide.`],
    decided: [`Decision on the reported problem (${ref})`, `Decision: ${outcome}${amount ? ` (${amount})` : ''}${visit ? `, on ${visit}` : ''}. Reason: "${reason}".${amount ? ' The refund reaches the card within 10 business days.' : ''}`],
  };
  const [subject, text] = body[kind];
  return { subject, text: `Hello ${d.name},\n\n${text}\n\n${d.url}\n\nThe Khedma team` };
}
