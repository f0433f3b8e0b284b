/**
 * Language helpers the server's capabilities share: the recipient's language from what was stored, and
 * the best of ours for a visitor not signed in. Each capability's texts live beside it
 * (modules/<capability>/*.emails.ts).
 */
import type { Locale } from '@khedma/shared';
import { LOCALES } from '@khedma/shared';

export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';
}

/** The best of our languages for an Accept-Language header (for messages to someone not signed in). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return 'en';
}
