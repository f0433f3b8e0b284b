/**
 * Operator-owned links shown in the footer. PLACEHOLDERS until the operator supplies the real accounts
 * and store listings: the store links point at the stores' search pages, the social links at the
 * handles we intend to register. Change them here only.
 */
export const SOCIAL_LINKS = [
  { id: 'facebook', href: 'https://www.facebook.com/khedma.ma' },
  { id: 'instagram', href: 'https://www.instagram.com/khedma.ma' },
  { id: 'x', href: 'https://x.com/khedma_ma' },
  { id: 'linkedin', href: 'https://www.linkedin.com/company/khedma-ma' },
  { id: 'youtube', href: 'https://www.youtube.com/@khedma-ma' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['id'];

export const APP_STORE_URL = 'https://apps.apple.com/ma/search?term=khedma';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/search?q=khedma&c=apps';

/**
 * Support contact details shown on /contact. PLACEHOLDERS until the operator supplies the real line
 * and address; the email matches the server's SUPPORT_EMAIL default. Change them here only.
 */
export const SUPPORT_CONTACT = {
  /** E.164, used for the tel: link. */
  phone: '+212522000000',
  phoneDisplay: '+212 5 22 00 00 00',
  email: 'support@khedma.ma',
  city: { en: 'Casablanca, Morocco', fr: 'Casablanca, Maroc', ar: 'الدار البيضاء، المغرب' },
} as const;

/**
 * Marketing figures of the home statistics band (docs/public-site.md: configurable copy, docs/public-site.md). The
 * operator edits them here; the cities figure is counted from the served cities instead.
 */
export const MARKETING_FIGURES = {
  verifiedProfessionals: 1000,
  completedTasks: 5000,
  averageRating: 4.8,
} as const;
