/**
 * The texts auth sends (docs/accounts.md "Where it lives"): the emails that confirm an address (sign-up's
 * and one a phone account adds), the password reset email, and the SMS carrying a phone sign-in code, in
 * the three product languages. Every message goes out in the recipient's language (profiles.locale),
 * English when unknown.
 */
import type { Locale } from '@khedma/shared';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface EmailCopy {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  button: string;
  expiry: string;
  ignore: string;
}

const VERIFY: Record<Locale, EmailCopy> = {
  en: {
    subject: 'Confirm your email address for Khedma',
    greeting: (n) => `Hello ${n},`,
    body: 'Thank you for signing up to Khedma. Please confirm your email address and choose your password to activate your account.',
    button: 'Confirm my email',
    expiry: 'This link is valid for 24 hours.',
    ignore: 'If you did not create a Khedma account, you can ignore this email.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Khedma',
    greeting: (n) => `Bonjour ${n},`,
    body: 'Merci de votre inscription sur Khedma. Veuillez confirmer votre adresse e-mail et choisir votre mot de passe pour activer votre compte.',
    button: 'Confirmer mon e-mail',
    expiry: 'Ce lien est valable 24 heures.',
    ignore: "Si vous n'avez pas créé de compte Khedma, ignorez simplement cet e-mail.",
  },
  ar: {
    subject: 'أكّد البريد الإلكتروني ديالك ف Khedma',
    greeting: (n) => `السلام ${n}،`,
    body: 'شكرا حيت تسجلتي ف Khedma. عافاك أكّد البريد الإلكتروني ديالك وختار كلمة السر ديالك باش يتفعّل الحساب ديالك.',
    button: 'أكّد البريد ديالي',
    expiry: 'هاد الرابط صالح لمدة 24 ساعة.',
    ignore: 'إلا ما درتيش حساب ف Khedma، ما تدير والو، تجاهل هاد الرسالة.',
  },
};

const RESET: Record<Locale, EmailCopy> = {
  en: {
    subject: 'Reset your Khedma password',
    greeting: (n) => `Hello ${n},`,
    body: 'We received a request to reset the password of your Khedma account. Choose a new password with the link below.',
    button: 'Choose a new password',
    expiry: 'This link is valid for 1 hour and can be used once. Your other sessions will be signed out.',
    ignore: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Khedma',
    greeting: (n) => `Bonjour ${n},`,
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Khedma. Choisissez un nouveau mot de passe avec le lien ci-dessous.',
    button: 'Choisir un nouveau mot de passe',
    expiry: "Ce lien est valable 1 heure et ne sert qu'une fois. Vos autres sessions seront déconnectées.",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  ar: {
    subject: 'بدّل كلمة السر ديال Khedma',
    greeting: (n) => `السلام ${n}،`,
    body: 'وصلنا طلب باش تبدّل كلمة السر ديال الحساب ديالك ف Khedma. ختار كلمة سر جديدة من الرابط اللي لتحت.',
    button: 'ختار كلمة سر جديدة',
    expiry: 'هاد الرابط صالح لمدة ساعة وحدة وكيتستعمل غير مرة وحدة. غادي يتسدّو الجلسات الأخرى ديالك.',
    ignore: 'إلا ماشي نتا اللي طلبتي هادشي، تجاهل هاد الرسالة: كلمة السر ديالك ما غاديش تتبدّل.',
  },
};

/** The link to an address a phone account adds from its profile (issue 42). */
const ADD_EMAIL: Record<Locale, EmailCopy> = {
  en: {
    subject: 'Confirm the email address of your Khedma account',
    greeting: (n) => `Hello ${n},`,
    body: 'You added this email address to your Khedma account. Confirm it to receive your emails here and to sign in with it too.',
    button: 'Confirm my email',
    expiry: 'This link is valid for 24 hours and can be used once.',
    ignore: 'If you did not add this address to a Khedma account, ignore this email: nothing changes.',
  },
  fr: {
    subject: "Confirmez l'adresse e-mail de votre compte Khedma",
    greeting: (n) => `Bonjour ${n},`,
    body: "Vous avez ajouté cette adresse e-mail à votre compte Khedma. Confirmez-la pour recevoir vos e-mails ici et pour vous connecter aussi avec elle.",
    button: 'Confirmer mon e-mail',
    expiry: "Ce lien est valable 24 heures et ne sert qu'une fois.",
    ignore: "Si vous n'avez pas ajouté cette adresse à un compte Khedma, ignorez cet e-mail. Rien ne change.",
  },
  ar: {
    subject: 'أكّد البريد الإلكتروني ديال الحساب ديالك ف Khedma',
    greeting: (n) => `السلام ${n}،`,
    body: 'زدتي هاد البريد الإلكتروني للحساب ديالك ف Khedma. أكّدو باش توصلك الرسائل هنا وتقدر تدخل بيه حتى هو.',
    button: 'أكّد البريد ديالي',
    expiry: 'هاد الرابط صالح لمدة 24 ساعة وكيتستعمل غير مرة وحدة.',
    ignore: 'إلا ما زدتيش هاد البريد لشي حساب ف Khedma، تجاهل هاد الرسالة: ما غادي يتبدّل والو.',
  },
};

const PHONE_CODE: Record<Locale, (code: string) => string> = {
  en: (c) => `Your Khedma verification code is ${c}. It expires in 5 minutes. Never share it.`,
  fr: (c) => `Votre code de vérification Khedma est ${c}. Il expire dans 5 minutes. Ne le partagez jamais.`,
  ar: (c) => `الكود ديال التحقق ف Khedma هو ${c}. صالح لمدة 5 دقايق. ما تعطيه لحتى واحد.`,
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(copy: EmailCopy, locale: Locale, name: string, url: string): RenderedEmail {
  const who = name.trim() || (locale === 'fr' ? 'à vous' : locale === 'ar' ? '' : 'there');
  const greeting = copy.greeting(who).replace(/\s+([,،])/, '$1');
  const text = [greeting, '', copy.body, '', `${copy.button}: ${url}`, '', copy.expiry, copy.ignore, '', 'Khedma'].join('\n');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(copy.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(copy.button)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(copy.expiry)}<br>${escapeHtml(copy.ignore)}</p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(url)}</p>
<p>Khedma</p>
</body></html>`;
  return { subject: copy.subject, text, html };
}

export const verificationEmail = (locale: Locale, name: string, url: string) => render(VERIFY[locale], locale, name, url);
export const addedEmailConfirmation = (locale: Locale, name: string, url: string) => render(ADD_EMAIL[locale], locale, name, url);
export const passwordResetEmail = (locale: Locale, name: string, url: string) => render(RESET[locale], locale, name, url);
export const phoneCodeSms = (locale: Locale, code: string) => PHONE_CODE[locale](code);
