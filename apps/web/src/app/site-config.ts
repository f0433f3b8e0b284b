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
