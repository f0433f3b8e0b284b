/**
 * The WhatsApp message templates Khedma has approved with Meta (docs/notifications.md#whatsapp): a
 * business may open a conversation only with an approved template, sent by name, language and body
 * parameters. This table is the one source: the sender checks parameters against it, the simulator
 * refuses what Meta would refuse, and the outbox shows the body as the person reads it. A change here
 * must be submitted to Meta (WhatsApp Manager) under the same name before it is deployed.
 */
import type { Locale } from '@khedma/shared';

interface TemplateDef<P extends readonly string[]> {
  /** Meta's template category (authentication templates carry the code alone, no links). */
  category: 'AUTHENTICATION' | 'UTILITY';
  /** Body parameters in order: {{1}}, {{2}} ... */
  params: P;
  body: Record<Locale, string>;
}

const def = <const P extends readonly string[]>(d: TemplateDef<P>) => d;

export const WHATSAPP_TEMPLATES = {
  khedma_code: def({
    category: 'AUTHENTICATION',
    params: ['code'],
    body: {
      en: '{{1}} is your Khedma verification code. It expires in 10 minutes. Do not share it.',
      fr: '{{1}} est votre code de vérification Khedma. Il expire dans 10 minutes. Ne le partagez pas.',
      ar: '{{1}} هو رمز التحقق ديالك ف خدمة. صالح لمدة 10 دقايق. ما تعطيه لحتى واحد.',
    },
  }),
  khedma_booking_confirmed: def({
    category: 'UTILITY',
    params: ['service', 'date', 'reference'],
    body: {
      en: 'Your booking is confirmed: {{1}} on {{2}} ({{3}}). Reply STOP to stop WhatsApp messages.',
      fr: 'Votre réservation est confirmée : {{1}} le {{2}} ({{3}}). Répondez STOP pour ne plus recevoir de messages WhatsApp.',
      ar: 'الحجز ديالك تأكد: {{1}} نهار {{2}} ({{3}}). صيفط STOP باش توقف رسائل واتساب.',
    },
  }),
  khedma_booking_reminder: def({
    category: 'UTILITY',
    params: ['service', 'date', 'reference'],
    body: {
      en: 'Reminder: {{1}} on {{2}} ({{3}}). Reply STOP to stop WhatsApp messages.',
      fr: 'Rappel : {{1}} le {{2}} ({{3}}). Répondez STOP pour ne plus recevoir de messages WhatsApp.',
      ar: 'تذكير: {{1}} نهار {{2}} ({{3}}). صيفط STOP باش توقف رسائل واتساب.',
    },
  }),
  khedma_pro_on_the_way: def({
    category: 'UTILITY',
    params: ['service', 'time', 'reference'],
    body: {
      en: 'Your professional is on the way for {{1}} and expects to arrive at {{2}} ({{3}}).',
      fr: 'Votre professionnel est en route pour {{1}} et pense arriver à {{2}} ({{3}}).',
      ar: 'المهني ديالك فالطريق ل {{1}} وغادي يوصل مع {{2}} ({{3}}).',
    },
  }),
  khedma_pro_late: def({
    category: 'UTILITY',
    params: ['service', 'time', 'reference'],
    body: {
      en: 'Your professional is running late for {{1}}: new arrival time {{2}} ({{3}}).',
      fr: 'Votre professionnel a du retard pour {{1}} : nouvelle heure d’arrivée {{2}} ({{3}}).',
      ar: 'المهني ديالك معطل شوية ف {{1}}: الوقت الجديد ديال الوصول {{2}} ({{3}}).',
    },
  }),
  khedma_payment_received: def({
    category: 'UTILITY',
    params: ['amount', 'service', 'reference'],
    body: {
      en: 'We received your payment of {{1}} for {{2}} ({{3}}).',
      fr: 'Nous avons bien reçu votre paiement de {{1}} pour {{2}} ({{3}}).',
      ar: 'وصلنا الخلاص ديالك ديال {{1}} على {{2}} ({{3}}).',
    },
  }),
  khedma_refund_sent: def({
    category: 'UTILITY',
    params: ['amount', 'reference'],
    body: {
      en: 'Your refund of {{1}} for booking {{2}} is on its way to your card.',
      fr: 'Votre remboursement de {{1}} pour la réservation {{2}} est en route vers votre carte.',
      ar: 'الفلوس ديالك ({{1}}) ديال الحجز {{2}} راجعين للبطاقة ديالك.',
    },
  }),
} as const;

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;
export type WhatsAppTemplateParams<N extends WhatsAppTemplateName> = Record<(typeof WHATSAPP_TEMPLATES)[N]['params'][number], string>;

export const isWhatsAppTemplateName = (name: string): name is WhatsAppTemplateName => Object.hasOwn(WHATSAPP_TEMPLATES, name);

/** The body parameters of a template, in their {{n}} order. */
export function orderedParams<N extends WhatsAppTemplateName>(name: N, params: WhatsAppTemplateParams<N>): string[] {
  return (WHATSAPP_TEMPLATES[name].params as readonly string[]).map((p) => (params as Record<string, string>)[p] ?? '');
}

/** The body as the person reads it: {{n}} replaced by the n-th parameter. */
export function renderWhatsAppBody(name: WhatsAppTemplateName, locale: Locale, values: readonly string[]): string {
  return WHATSAPP_TEMPLATES[name].body[locale].replace(/\{\{(\d+)\}\}/g, (_m, n: string) => values[Number(n) - 1] ?? '');
}
