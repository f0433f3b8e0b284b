/** Email copy of job requests and quotes, in en, fr and ar (docs/job-quotes.md). */
import type { Locale } from '@khedma/shared';
import { formatMoney } from '../bookings';

type Mail = { subject: string; text: string };

const sign = { en: 'The Khedma team', fr: 'L’équipe Khedma', ar: 'فريق خدمة' } as const;

/** To the professionals who offer the service in the city: a job to quote. */
export function newRequestEmail(locale: Locale, o: { name: string; service: string; city: string; url: string }): Mail {
  switch (locale) {
    case 'fr':
      return {
        subject: `Nouvelle demande de devis : ${o.service} à ${o.city}`,
        text: `Bonjour ${o.name},\n\nUn client demande des devis pour « ${o.service} » à ${o.city}. Lisez la demande et envoyez votre prix :\n${o.url}\n\n${sign.fr}`,
      };
    case 'ar':
      return {
        subject: `طلب عرض سعر جديد: ${o.service} ف ${o.city}`,
        text: `السلام ${o.name}،\n\nواحد الزبون كيطلب عروض الأسعار على «${o.service}» ف ${o.city}. قرا الطلب وصيفط الثمن ديالك:\n${o.url}\n\n${sign.ar}`,
      };
    default:
      return {
        subject: `New quote request: ${o.service} in ${o.city}`,
        text: `Hello ${o.name},\n\nA customer is asking for quotes for "${o.service}" in ${o.city}. Read the request and send your price:\n${o.url}\n\n${sign.en}`,
      };
  }
}

/** To the customer: a professional answered with a price. */
export function newQuoteEmail(locale: Locale, o: { name: string; pro: string; service: string; total: number; url: string }): Mail {
  const total = formatMoney(o.total);
  switch (locale) {
    case 'fr':
      return {
        subject: `${o.pro} vous propose un devis de ${total}`,
        text: `Bonjour ${o.name},\n\n${o.pro} a répondu à votre demande « ${o.service} » : ${total}, frais de service compris. Comparez les devis et choisissez :\n${o.url}\n\n${sign.fr}`,
      };
    case 'ar':
      return {
        subject: `${o.pro} صيفط ليك عرض سعر ديال ${total}`,
        text: `السلام ${o.name}،\n\n${o.pro} جاوب على الطلب ديالك «${o.service}»: ${total} مع مصاريف الخدمة. قارن العروض واختار:\n${o.url}\n\n${sign.ar}`,
      };
    default:
      return {
        subject: `${o.pro} sent you a quote of ${total}`,
        text: `Hello ${o.name},\n\n${o.pro} answered your request "${o.service}": ${total}, service fee included. Compare the quotes and choose:\n${o.url}\n\n${sign.en}`,
      };
  }
}

/** To the professional whose quote was accepted, or to those whose quotes were not. */
export function quoteDecidedEmail(locale: Locale, o: { name: string; service: string; accepted: boolean; url: string }): Mail {
  if (o.accepted) {
    switch (locale) {
      case 'fr':
        return { subject: `Votre devis « ${o.service} » est accepté`, text: `Bonjour ${o.name},\n\nLe client a accepté votre devis. La réservation vous attend dès son paiement :\n${o.url}\n\n${sign.fr}` };
      case 'ar':
        return { subject: `العرض ديالك «${o.service}» تقبل`, text: `السلام ${o.name}،\n\nالزبون قبل العرض ديالك. الحجز غادي يوصلك ملي يخلص:\n${o.url}\n\n${sign.ar}` };
      default:
        return { subject: `Your quote for "${o.service}" was accepted`, text: `Hello ${o.name},\n\nThe customer accepted your quote. The booking is yours once they pay:\n${o.url}\n\n${sign.en}` };
    }
  }
  switch (locale) {
    case 'fr':
      return { subject: `Demande « ${o.service} » : un autre devis a été choisi`, text: `Bonjour ${o.name},\n\nLe client a choisi un autre devis pour cette demande. Merci pour votre réponse.\n${o.url}\n\n${sign.fr}` };
    case 'ar':
      return { subject: `الطلب «${o.service}»: الزبون اختار عرض آخر`, text: `السلام ${o.name}،\n\nالزبون اختار عرض آخر لهاد الطلب. شكرا على الجواب ديالك.\n${o.url}\n\n${sign.ar}` };
    default:
      return { subject: `Request "${o.service}": another quote was chosen`, text: `Hello ${o.name},\n\nThe customer chose another quote for this request. Thank you for answering.\n${o.url}\n\n${sign.en}` };
  }
}

const INTL: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-MA' };

/** A Casablanca calendar date ('YYYY-MM-DD') as "Tuesday 1 December" in the recipient's language. */
function formatDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${INTL[locale]}-u-nu-latn`, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * A request takes quotes again (the accepted quote's booking expired unpaid, docs/job-quotes.md): to a
 * professional whose quote is open again (`quote_open`), or who offers the service there and has not
 * quoted (`request_open`).
 */
export function requestReopenedEmail(locale: Locale, o: { name: string; service: string; city: string; closesOn: string; kind: 'quote_open' | 'request_open'; url: string }): Mail {
  const until = formatDay(o.closesOn, locale);
  if (o.kind === 'quote_open') {
    switch (locale) {
      case 'fr':
        return {
          subject: `Demande «\u00a0${o.service}\u00a0»\u202f: votre devis est de nouveau ouvert`,
          text: `Bonjour ${o.name},\n\nLa réservation du devis choisi n’a pas été payée\u202f: la demande «\u00a0${o.service}\u00a0» à ${o.city} reçoit de nouveau des devis jusqu’au ${until}. Votre devis est de nouveau ouvert (dans sa validité) et le client peut le choisir.\n${o.url}\n\n${sign.fr}`,
        };
      case 'ar':
        return {
          subject: `الطلب «${o.service}»: العرض ديالك رجع مفتوح`,
          text: `السلام ${o.name}،\n\nالحجز ديال العرض اللي تختار ما تخلصش: الطلب «${o.service}» ف ${o.city} رجع كياخد العروض حتى ${until}. العرض ديالك رجع مفتوح (فالمدة ديال الصلاحية ديالو) والزبون يقدر يختارو.\n${o.url}\n\n${sign.ar}`,
        };
      default:
        return {
          subject: `Request "${o.service}": your quote is open again`,
          text: `Hello ${o.name},\n\nThe booking of the chosen quote was not paid: the request "${o.service}" in ${o.city} takes quotes again until ${until}. Your quote is open again (within its validity) and the customer may choose it.\n${o.url}\n\n${sign.en}`,
        };
    }
  }
  switch (locale) {
    case 'fr':
      return {
        subject: `Demande de devis de nouveau ouverte\u202f: ${o.service} à ${o.city}`,
        text: `Bonjour ${o.name},\n\nLa demande «\u00a0${o.service}\u00a0» à ${o.city} reçoit de nouveau des devis jusqu’au ${until}. Lisez-la et envoyez votre prix\u202f:\n${o.url}\n\n${sign.fr}`,
      };
    case 'ar':
      return {
        subject: `طلب عرض السعر رجع مفتوح: ${o.service} ف ${o.city}`,
        text: `السلام ${o.name}،\n\nالطلب «${o.service}» ف ${o.city} رجع كياخد العروض حتى ${until}. قراه وصيفط الثمن ديالك:\n${o.url}\n\n${sign.ar}`,
      };
    default:
      return {
        subject: `Quote request open again: ${o.service} in ${o.city}`,
        text: `Hello ${o.name},\n\nThe request "${o.service}" in ${o.city} takes quotes again until ${until}. Read it and send your price:\n${o.url}\n\n${sign.en}`,
      };
  }
}
