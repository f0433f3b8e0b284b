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
