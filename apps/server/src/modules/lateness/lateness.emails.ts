/**
 * Copy of running late, no-shows and suspension (issue 41) in the three product languages: the
 * customer's "running late" email, SMS and push; the no-show emails to both parties; the suspension
 * and reinstatement emails to the professional.
 */
import type { Locale } from '@khedma/shared';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** 1250 -> "1 250 MAD" (French-Moroccan grouping, no decimals). */
export function formatMad(amount: number): string {
  return `${new Intl.NumberFormat('fr-MA', { maximumFractionDigits: 0 }).format(amount).replace(/\s/g, '\u202f')}\u00a0MAD`;
}

export interface LateFacts {
  reference: string;
  title: string;
  /** Casablanca wall clock: the day (YYYY-MM-DD) and the new arrival (HH:mm). */
  date: string;
  arrival: string;
  freeCancellation: boolean;
}

export interface NoShowFacts {
  reference: string;
  title: string;
  fee: number;
  refund: number;
}

interface Copy {
  greeting: (name: string) => string;
  late: { subject: string; body: (f: LateFacts) => string; free: string; sms: (f: LateFacts) => string; pushTitle: string };
  proAbsent: { subject: string; customer: (f: NoShowFacts) => string; professional: (f: NoShowFacts) => string };
  customerAbsent: { subject: string; customer: (f: NoShowFacts) => string; professional: (f: NoShowFacts) => string };
  suspended: { subject: string; body: string; reason: string; earnings: string };
  reinstated: { subject: string; body: string };
  button: { booking: string; dashboard: string };
}

const COPY: Record<Locale, Copy> = {
  en: {
    greeting: (n) => `Hello ${n},`,
    late: {
      subject: 'Your professional is running late',
      body: (f) => `Your professional will arrive at ${f.arrival} for booking ${f.reference} (${f.title}) on ${f.date}.`,
      free: 'As the delay is more than 30 minutes, you may cancel this booking free of charge.',
      sms: (f) => `Khedma: your professional will arrive at ${f.arrival} (booking ${f.reference}).`,
      pushTitle: 'Your professional is running late',
    },
    proAbsent: {
      subject: 'No-show: your booking is cancelled',
      customer: (f) => `We are sorry: you reported that the professional did not come for booking ${f.reference} (${f.title}). It is cancelled and ${formatMad(f.refund)} is refunded to you in full.`,
      professional: (f) => `The customer reported that you did not come for booking ${f.reference} (${f.title}). It is cancelled, the customer is refunded in full, and the no-show is counted on your record.`,
    },
    customerAbsent: {
      subject: 'Customer absent: booking cancelled',
      customer: (f) => `The professional reported that nobody was at the address for booking ${f.reference} (${f.title}). It is cancelled with the under-2-hour cancellation fee: ${formatMad(f.fee)} is kept, ${formatMad(f.refund)} is refunded to you.`,
      professional: (f) => `You reported the customer absent for booking ${f.reference} (${f.title}). It is cancelled; the cancellation fee of ${formatMad(f.fee)} is yours.`,
    },
    suspended: {
      subject: 'Your Khedma professional account is suspended',
      body: 'Your professional account has been suspended: you are no longer listed and receive no new bookings.',
      reason: 'Reason',
      earnings: 'Your earnings already due remain in your dashboard, and you can still request payouts. Contact us if you have any question.',
    },
    reinstated: {
      subject: 'Your Khedma professional account is active again',
      body: 'Your professional account has been reinstated: you are listed again and can receive bookings.',
    },
    button: { booking: 'View my booking', dashboard: 'Open my dashboard' },
  },
  fr: {
    greeting: (n) => `Bonjour ${n},`,
    late: {
      subject: 'Votre professionnel a du retard',
      body: (f) => `Votre professionnel arrivera à ${f.arrival} pour la réservation ${f.reference} (${f.title}) du ${f.date}.`,
      free: 'Le retard dépassant 30 minutes, vous pouvez annuler cette réservation sans frais.',
      sms: (f) => `Khedma\u00a0: votre professionnel arrivera à ${f.arrival} (réservation ${f.reference}).`,
      pushTitle: 'Votre professionnel a du retard',
    },
    proAbsent: {
      subject: 'Absence\u00a0: votre réservation est annulée',
      customer: (f) => `Nous sommes désolés\u00a0: vous avez signalé que le professionnel n'est pas venu pour la réservation ${f.reference} (${f.title}). Elle est annulée et ${formatMad(f.refund)} vous sont remboursés en totalité.`,
      professional: (f) => `Le client a signalé que vous n'êtes pas venu pour la réservation ${f.reference} (${f.title}). Elle est annulée, le client est remboursé en totalité et l'absence est comptée à votre dossier.`,
    },
    customerAbsent: {
      subject: 'Client absent\u00a0: réservation annulée',
      customer: (f) => `Le professionnel a signalé que personne n'était à l'adresse pour la réservation ${f.reference} (${f.title}). Elle est annulée avec les frais d'annulation de moins de 2 heures\u00a0: ${formatMad(f.fee)} sont retenus, ${formatMad(f.refund)} vous sont remboursés.`,
      professional: (f) => `Vous avez signalé l'absence du client pour la réservation ${f.reference} (${f.title}). Elle est annulée\u00a0; les frais d'annulation de ${formatMad(f.fee)} vous reviennent.`,
    },
    suspended: {
      subject: 'Votre compte professionnel Khedma est suspendu',
      body: "Votre compte professionnel a été suspendu\u00a0: vous n'apparaissez plus dans les résultats et ne recevez plus de nouvelles réservations.",
      reason: 'Motif',
      earnings: 'Vos gains déjà dus restent dans votre tableau de bord et vous pouvez toujours demander un virement. Contactez-nous pour toute question.',
    },
    reinstated: {
      subject: 'Votre compte professionnel Khedma est réactivé',
      body: 'Votre compte professionnel a été réactivé\u00a0: vous apparaissez de nouveau et pouvez recevoir des réservations.',
    },
    button: { booking: 'Voir ma réservation', dashboard: 'Ouvrir mon tableau de bord' },
  },
  ar: {
    greeting: (n) => `السلام ${n}،`,
    late: {
      subject: 'المهني ديالك غادي يتعطل',
      body: (f) => `المهني ديالك غادي يوصل مع ${f.arrival} للحجز ${f.reference} (${f.title}) نهار ${f.date}.`,
      free: 'حيت التأخير فات 30 دقيقة، تقدر تلغي هاد الحجز بلا مصاريف.',
      sms: (f) => `Khedma: المهني ديالك غادي يوصل مع ${f.arrival} (الحجز ${f.reference}).`,
      pushTitle: 'المهني ديالك غادي يتعطل',
    },
    proAbsent: {
      subject: 'غياب: الحجز ديالك تلغى',
      customer: (f) => `سمح لينا: بلّغتي بلي المهني ما جاش للحجز ${f.reference} (${f.title}). تلغى الحجز وغادي يترجع ليك ${formatMad(f.refund)} كاملين.`,
      professional: (f) => `الزبون بلّغ بلي ما جيتيش للحجز ${f.reference} (${f.title}). تلغى الحجز، الزبون تخلّص كامل، والغياب تحسب ف الملف ديالك.`,
    },
    customerAbsent: {
      subject: 'الزبون ما كانش: الحجز تلغى',
      customer: (f) => `المهني بلّغ بلي حتى واحد ما كان ف العنوان للحجز ${f.reference} (${f.title}). تلغى بمصاريف الإلغاء ديال أقل من ساعتين: تحبسو ${formatMad(f.fee)} وترجع ليك ${formatMad(f.refund)}.`,
      professional: (f) => `بلّغتي بغياب الزبون للحجز ${f.reference} (${f.title}). تلغى الحجز؛ مصاريف الإلغاء ${formatMad(f.fee)} ديالك.`,
    },
    suspended: {
      subject: 'الحساب المهني ديالك ف Khedma توقف',
      body: 'الحساب المهني ديالك توقف: ما بقيتيش كتبان ف النتائج وما غاديش توصلك حجوزات جداد.',
      reason: 'السبب',
      earnings: 'الأرباح اللي مستحقة ليك باقية ف لوحة التحكم ديالك، وتقدر ديما تطلب التحويل. تواصل معانا إلا كان عندك شي سؤال.',
    },
    reinstated: {
      subject: 'الحساب المهني ديالك ف Khedma رجع خدام',
      body: 'الحساب المهني ديالك رجع: ولّيتي كتبان من جديد وتقدر توصلك الحجوزات.',
    },
    button: { booking: 'شوف الحجز ديالي', dashboard: 'حل لوحة التحكم ديالي' },
  },
};

const copyOf = (locale: Locale): Copy => COPY[locale] ?? COPY.en;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(locale: Locale, greeting: string, subject: string, paragraphs: string[], button: string, url: string): RenderedEmail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${button}: ${url}`, '', 'Khedma'].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p><bdi>${escapeHtml(p)}</bdi></p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>Khedma</p>
</body></html>`;
  return { subject, text, html };
}

export function runningLateEmail(locale: Locale, name: string, f: LateFacts, url: string): RenderedEmail {
  const c = copyOf(locale);
  return render(locale, c.greeting(name), c.late.subject, [c.late.body(f), ...(f.freeCancellation ? [c.late.free] : [])], c.button.booking, url);
}

export function runningLateSms(locale: Locale, f: LateFacts): string {
  return copyOf(locale).late.sms(f);
}

export function runningLatePush(locale: Locale, f: LateFacts): { title: string; body: string } {
  const c = copyOf(locale);
  return { title: c.late.pushTitle, body: c.late.body(f) };
}

export function noShowEmail(locale: Locale, name: string, absent: 'professional' | 'customer', to: 'customer' | 'professional', f: NoShowFacts, url: string): RenderedEmail {
  const c = copyOf(locale);
  const block = absent === 'professional' ? c.proAbsent : c.customerAbsent;
  return render(locale, c.greeting(name), block.subject, [block[to](f)], c.button.booking, url);
}

export function suspensionEmail(locale: Locale, name: string, reason: string, url: string): RenderedEmail {
  const c = copyOf(locale);
  return render(locale, c.greeting(name), c.suspended.subject, [c.suspended.body, `${c.suspended.reason}: ${reason}`, c.suspended.earnings], c.button.dashboard, url);
}

export function reinstatementEmail(locale: Locale, name: string, url: string): RenderedEmail {
  const c = copyOf(locale);
  return render(locale, c.greeting(name), c.reinstated.subject, [c.reinstated.body], c.button.dashboard, url);
}
