/** The receipt's words in the three languages (the printable page has the same ones in the web app's locales). */
import type { Locale, PaymentMethod } from '@khedma/shared';

export interface ReceiptCopy {
  title: string;
  reference: string;
  customer: string;
  professional: string;
  service: string;
  city: string;
  bookedOn: string;
  scheduledFor: string;
  paidOn: string;
  completedOn: string;
  paymentMethod: string;
  methods: Record<PaymentMethod, string>;
  serviceFee: string;
  /** A discount line: a promo code ({{code}}) or referral credit (the promos feature's words). */
  promo: string;
  credit: string;
  total: string;
  refunds: string;
  refunded: string;
  amount: string;
  description: string;
  company: string;
  companyName: string;
  address: string;
  footer: string;
}

export const RECEIPT_COPY: Record<Locale, ReceiptCopy> = {
  en: {
    title: 'Receipt',
    reference: 'Booking reference',
    customer: 'Customer',
    professional: 'Professional',
    service: 'Service',
    city: 'City',
    bookedOn: 'Booked on',
    scheduledFor: 'Scheduled for',
    paidOn: 'Paid on',
    completedOn: 'Completed on',
    paymentMethod: 'Payment method',
    methods: { card: 'Card', bank: 'Bank payment', mobile: 'Mobile payment' },
    serviceFee: 'Service fee',
    promo: 'Promo code {{code}}',
    credit: 'Referral credit',
    total: 'Total paid',
    refunds: 'Refunds',
    refunded: 'Refunded',
    amount: 'Amount',
    description: 'Description',
    company: 'Khedma: home services marketplace',
    companyName: 'Khedma',
    address: 'Casablanca, Morocco',
    footer: 'Thank you for booking with Khedma. Keep this receipt for your records.',
  },
  fr: {
    title: 'Reçu',
    reference: 'Référence de réservation',
    customer: 'Client',
    professional: 'Professionnel',
    service: 'Service',
    city: 'Ville',
    bookedOn: 'Réservé le',
    scheduledFor: 'Prévu le',
    paidOn: 'Payé le',
    completedOn: 'Terminé le',
    paymentMethod: 'Moyen de paiement',
    methods: { card: 'Carte', bank: 'Paiement bancaire', mobile: 'Paiement mobile' },
    serviceFee: 'Frais de service',
    promo: 'Code promo {{code}}',
    credit: 'Crédit de parrainage',
    total: 'Total payé',
    refunds: 'Remboursements',
    refunded: 'Remboursé',
    amount: 'Montant',
    description: 'Désignation',
    company: 'Khedma\u00a0: plateforme de services à domicile',
    companyName: 'Khedma',
    address: 'Casablanca, Maroc',
    footer: 'Merci d’avoir réservé avec Khedma. Conservez ce reçu.',
  },
  ar: {
    title: 'وصل الأداء',
    reference: 'مرجع الحجز',
    customer: 'الزبون',
    professional: 'المهني',
    service: 'الخدمة',
    city: 'المدينة',
    bookedOn: 'تاريخ الحجز',
    scheduledFor: 'موعد الخدمة',
    paidOn: 'تاريخ الأداء',
    completedOn: 'تاريخ الإنجاز',
    paymentMethod: 'طريقة الأداء',
    methods: { card: 'البطاقة البنكية', bank: 'الأداء البنكي', mobile: 'الأداء بالهاتف' },
    serviceFee: 'رسوم الخدمة',
    promo: 'كود التخفيض {{code}}',
    credit: 'رصيد الإحالة',
    total: 'المجموع المؤدى',
    refunds: 'المبالغ المرجعة',
    refunded: 'تم الإرجاع',
    amount: 'المبلغ',
    description: 'البيان',
    company: 'خدمة: منصة خدمات المنزل',
    companyName: 'خدمة (Khedma)',
    address: 'الدار البيضاء، المغرب',
    footer: 'شكرا على الحجز مع خدمة. احتفظ بهاد الوصل.',
  },
};
