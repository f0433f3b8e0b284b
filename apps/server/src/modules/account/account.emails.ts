/**
 * The email that confirms a closure (issue 41), in the three product languages: what happened, what is
 * kept and for how long, what is deleted. Written through ctx.mailer (a durable job) in the closure's
 * transaction and sent once it committed, to the address the account had.
 */
import type { Locale } from '@khedma/shared';
import { RETENTION_YEARS } from '@khedma/shared/domain/retention';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface ClosureCopy {
  subject: string;
  greeting: (name: string) => string;
  lines: string[];
}

const Y = RETENTION_YEARS;

const COPY: Record<Locale, ClosureCopy> = {
  en: {
    subject: 'Your Khedma account is closed',
    greeting: (n) => `Hello ${n},`,
    lines: [
      'As you asked, your Khedma account is closed: you are signed out everywhere and the account can no longer sign in.',
      `Your profile, messages and other account data are deleted ${Y.closedAccount} year after the closure.`,
      `Your financial records (payments, refunds, payouts, invoices) are kept ${Y.financialRecords} years, as accounting and tax law requires; your booking history is anonymised after ${Y.bookingHistory} years.`,
      'If you did not ask for this, write to support@khedma.ma at once.',
    ],
  },
  fr: {
    subject: 'Votre compte Khedma est fermé',
    greeting: (n) => `Bonjour ${n},`,
    lines: [
      "Comme vous l'avez demandé, votre compte Khedma est fermé\u00a0: vous êtes déconnecté partout et le compte ne peut plus se connecter.",
      `Votre profil, vos messages et les autres données du compte sont supprimés ${Y.closedAccount}\u00a0an après la fermeture.`,
      `Vos données financières (paiements, remboursements, versements, factures) sont conservées ${Y.financialRecords}\u00a0ans, comme l'exige la loi comptable et fiscale\u00a0; votre historique de réservations est anonymisé après ${Y.bookingHistory}\u00a0ans.`,
      "Si vous n'êtes pas à l'origine de cette demande, écrivez tout de suite à support@khedma.ma.",
    ],
  },
  ar: {
    subject: 'الحساب ديالك ف Khedma تسدّ',
    greeting: (n) => `السلام ${n}،`,
    lines: [
      'كيف طلبتي، الحساب ديالك ف Khedma تسدّ: تخرّجتي من جميع الأجهزة والحساب ما بقاش يقدر يدخل.',
      `البروفايل ديالك والرسائل وباقي المعطيات ديال الحساب كيتمسحو ${Y.closedAccount} عام من بعد السدّان.`,
      `المعطيات المالية ديالك (الخلاص، الترجيعات، التحويلات، الفواتير) كتبقى ${Y.financialRecords} سنين كيف كيفرض قانون المحاسبة والضرائب؛ وتاريخ الحجوزات ديالك كيولّي بلا هوية من بعد ${Y.bookingHistory} سنين.`,
      'إلا ماشي نتا اللي طلبتي هادشي، كتب دغيا ل support@khedma.ma.',
    ],
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountClosedEmail(locale: Locale, name: string): RenderedEmail {
  const copy = COPY[locale];
  const greeting = copy.greeting(name.trim() || (locale === 'fr' ? 'à vous' : locale === 'ar' ? '' : 'there')).replace(/\s+([,،])/, '$1');
  const text = [greeting, '', ...copy.lines.flatMap((l) => [l, '']), 'Khedma'].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${copy.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>Khedma</p>
</body></html>`;
  return { subject: copy.subject, text, html };
}
