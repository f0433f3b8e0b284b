/**
 * Emails of the application review in the three product languages: the welcome of an approved
 * professional (SPEC sendProWelcome) and the rejection with its reason. Sent through ctx.mailer
 * (a durable job each) after the decision committed.
 */
import type { Locale } from '@khedma/shared';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface ReviewCopy {
  greeting: (name: string) => string;
  welcome: { subject: string; body: string; button: string };
  rejected: { subject: string; body: string; reason: string; button: string };
}

const COPY: Record<Locale, ReviewCopy> = {
  en: {
    greeting: (n) => `Hello ${n},`,
    welcome: {
      subject: 'Welcome to Khedma: your application is approved',
      body: 'Good news: your application has been approved and you are now a Khedma professional. Sign in to set your services and hours; booking requests will reach you as soon as customers book.',
      button: 'Open my dashboard',
    },
    rejected: {
      subject: 'Your Khedma application',
      body: 'Thank you for applying to Khedma. After review, we cannot approve your application at this time.',
      reason: 'Reason',
      button: 'Contact us',
    },
  },
  fr: {
    greeting: (n) => `Bonjour ${n},`,
    welcome: {
      subject: 'Bienvenue sur Khedma\u00a0: votre candidature est acceptée',
      body: 'Bonne nouvelle\u00a0: votre candidature est acceptée et vous êtes désormais professionnel sur Khedma. Connectez-vous pour régler vos services et vos horaires\u00a0; les demandes de réservation vous arriveront dès que des clients réserveront.',
      button: 'Ouvrir mon tableau de bord',
    },
    rejected: {
      subject: 'Votre candidature Khedma',
      body: "Merci d'avoir postulé sur Khedma. Après examen, nous ne pouvons pas accepter votre candidature pour le moment.",
      reason: 'Motif',
      button: 'Nous contacter',
    },
  },
  ar: {
    greeting: (n) => `السلام ${n}،`,
    welcome: {
      subject: 'مرحبا بيك ف Khedma: الطلب ديالك تقبل',
      body: 'خبار زوينة: الطلب ديالك تقبل ودابا راك مهني ف Khedma. دخل باش تختار الخدمات والأوقات ديالك؛ طلبات الحجز غادي يوصلوك ملي الزبناء يحجزو.',
      button: 'حل لوحة التحكم ديالي',
    },
    rejected: {
      subject: 'الطلب ديالك ف Khedma',
      body: 'شكرا حيت قدّمتي ف Khedma. من بعد المراجعة، ما نقدروش نقبلو الطلب ديالك دابا.',
      reason: 'السبب',
      button: 'تواصل معانا',
    },
  },
};

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

export function welcomeEmail(locale: Locale, name: string, publicUrl: string): RenderedEmail {
  const c = COPY[locale] ?? COPY.en;
  return render(locale, c.greeting(name), c.welcome.subject, [c.welcome.body], c.welcome.button, `${publicUrl}/dashboard`);
}

export function rejectionEmail(locale: Locale, name: string, reason: string, publicUrl: string): RenderedEmail {
  const c = COPY[locale] ?? COPY.en;
  return render(locale, c.greeting(name), c.rejected.subject, [c.rejected.body, `${c.rejected.reason}: ${reason}`], c.rejected.button, `${publicUrl}/contact`);
}
