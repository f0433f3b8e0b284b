/** Email copy of payouts, in en, fr and ar. */
import type { Locale } from '@khedma/shared';
import { receiptMoney } from './receipt-pdf';

export function payoutPaidEmail(locale: Locale, o: { name: string; amount: number; earningsUrl: string }): { subject: string; text: string } {
  const amount = receiptMoney(o.amount);
  switch (locale) {
    case 'fr':
      return {
        subject: `Votre versement de ${amount} a été effectué`,
        text: `Bonjour ${o.name},\n\nNous avons viré ${amount} sur votre compte bancaire. Il peut falloir 1 à 2 jours ouvrés pour qu’il apparaisse.\n\nVos revenus : ${o.earningsUrl}\n\nL’équipe Khedma`,
      };
    case 'ar':
      return {
        subject: `التحويل ديالك ديال ${amount} تدار`,
        text: `السلام ${o.name}،\n\nحوّلنا ${amount} للحساب البنكي ديالك. يقدر ياخد من يوم حتى جوج أيام ديال الخدمة باش يبان.\n\nالمداخيل ديالك: ${o.earningsUrl}\n\nفريق خدمة`,
      };
    default:
      return {
        subject: `Your payout of ${amount} has been sent`,
        text: `Hello ${o.name},\n\nWe have transferred ${amount} to your bank account. It may take 1 to 2 business days to appear.\n\nYour earnings: ${o.earningsUrl}\n\nThe Khedma team`,
      };
  }
}
