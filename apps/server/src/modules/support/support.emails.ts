/**
 * Email copy of support tickets (docs/support.md), in en, fr and ar: the person is told of each answer
 * of the team; the team (the support address, always in English) of each new ticket and reply.
 */
import type { Locale } from '@khedma/shared';
import { SUPPORT_RULES } from '@khedma/shared/domain/support';

export interface SupportAnswerFacts {
  name: string;
  reference: string;
  subject: string;
  answer: string;
  /** The ticket's page for an account; null for a visitor of the contact form (they answer by email). */
  url: string | null;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/** To the person: the team answered their ticket. */
export function supportAnswerEmail(locale: Locale, f: SupportAnswerFacts): { subject: string; text: string } {
  switch (locale) {
    case 'fr':
      return {
        subject: `Réponse du support Khedma [${f.reference}] : ${f.subject}`,
        text: [
          `Bonjour ${f.name},`,
          '',
          `L’équipe du support a répondu à votre demande « ${f.subject} » :`,
          '',
          quote(f.answer),
          '',
          f.url ? `Lire et répondre : ${f.url}` : 'Pour nous répondre, répondez simplement à cet email.',
          '',
          'L’équipe Khedma',
        ].join('\n'),
      };
    case 'ar':
      return {
        subject: `جواب الدعم ديال Khedma [${f.reference}]: ${f.subject}`,
        text: [
          `السلام ${f.name}،`,
          '',
          `فريق الدعم جاوب على الطلب ديالك «${f.subject}»:`,
          '',
          quote(f.answer),
          '',
          f.url ? `قرا وجاوب: ${f.url}` : 'باش تجاوبنا، غير جاوب على هاد الإيميل.',
          '',
          'فريق خدمة',
        ].join('\n'),
      };
    default:
      return {
        subject: `Khedma support replied [${f.reference}]: ${f.subject}`,
        text: [
          `Hello ${f.name},`,
          '',
          `The support team answered your request "${f.subject}":`,
          '',
          quote(f.answer),
          '',
          f.url ? `Read and reply: ${f.url}` : 'To answer us, simply reply to this email.',
          '',
          'The Khedma team',
        ].join('\n'),
      };
  }
}

/** To the team: a new ticket, or the person wrote again. */
export function supportTeamEmail(kind: 'new' | 'reply', f: { reference: string; subject: string; name: string; email: string; category: string; message: string; url: string }) {
  return {
    subject: `${kind === 'new' ? 'New support ticket' : 'New reply on ticket'} [${f.reference}]: ${f.subject}`,
    text: [
      kind === 'new' ? `A new ticket (${f.category}); first answer due within ${SUPPORT_RULES.firstAnswerHours} hours.` : 'The person replied; the ticket waits for support again.',
      '',
      `From: ${f.name} <${f.email}>`,
      '',
      f.message,
      '',
      `Open it in the queue: ${f.url}`,
    ].join('\n'),
  };
}

/** The web push of an answer (the person's browsers, when they take push). */
export const SUPPORT_PUSH_COPY: Record<Locale, { title: string }> = {
  en: { title: 'Khedma support replied' },
  fr: { title: 'Le support Khedma a répondu' },
  ar: { title: 'الدعم ديال Khedma جاوبك' },
};
