import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../lib/i18n';
import { useLanguage } from '../lib/localized';

/**
 * Per-page head tags (issue 4 SEO): "<Page> | Khedma" title and meta description in the current
 * language, the canonical URL, hreflang alternates (en at the bare URL, fr/ar as `?lang=xx`, which the
 * app honours on load, the same URLs as /sitemap.xml), Open Graph basics and optional JSON-LD.
 * Render once per page, next to its h1.
 */
export interface SeoProps {
  title: string;
  description?: string;
  /** Structured data built from real data (schema.org objects). */
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
  /** og:type; 'website' by default. */
  type?: 'website' | 'article' | 'product';
  /** Absolute or root-relative image for link previews; the app icon by default. */
  image?: string;
  /** Keep the page out of search results (account pages). */
  noindex?: boolean;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_US', fr: 'fr_MA', ar: 'ar_MA' };
const DEFAULT_IMAGE = '/icons/icon-512.png';

/** The URL of `pathname` in `language`: English at the bare path, others with ?lang=xx. */
export function localizedUrl(origin: string, pathname: string, language: Language): string {
  return `${origin}${pathname}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`;
}

function upsert<K extends 'meta' | 'link' | 'script'>(tag: K, key: string, apply: (element: HTMLElementTagNameMap[K]) => void) {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[data-seo="${key}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute('data-seo', key);
    document.head.appendChild(element);
  }
  apply(element);
  return element;
}

function setMeta(key: string, attribute: 'name' | 'property', name: string, content: string) {
  upsert('meta', key, (meta) => {
    meta.setAttribute(attribute, name);
    meta.content = content;
  });
}

export function Seo({ title, description, jsonLd, type = 'website', image = DEFAULT_IMAGE, noindex = false }: SeoProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const fullTitle = t('app.titleTemplate', { page: title });

  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);

  useEffect(() => {
    const origin = window.location.origin;
    const canonical = localizedUrl(origin, pathname, language);
    upsert('link', 'canonical', (link) => {
      link.rel = 'canonical';
      link.href = canonical;
    });
    for (const lang of LANGUAGES) {
      upsert('link', `alternate-${lang}`, (link) => {
        link.rel = 'alternate';
        link.hreflang = lang;
        link.href = localizedUrl(origin, pathname, lang);
      });
    }
    upsert('link', 'alternate-x-default', (link) => {
      link.rel = 'alternate';
      link.hreflang = 'x-default';
      link.href = localizedUrl(origin, pathname, DEFAULT_LANGUAGE);
    });
    setMeta('og:title', 'property', 'og:title', fullTitle);
    setMeta('og:type', 'property', 'og:type', type);
    setMeta('og:url', 'property', 'og:url', canonical);
    setMeta('og:site_name', 'property', 'og:site_name', 'Khedma');
    setMeta('og:locale', 'property', 'og:locale', OG_LOCALE[language]);
    setMeta('og:image', 'property', 'og:image', new URL(image, origin).href);
    setMeta('twitter:card', 'name', 'twitter:card', 'summary');
    if (description) setMeta('og:description', 'property', 'og:description', description);
    else document.head.querySelector('meta[data-seo="og:description"]')?.remove();
    if (noindex) setMeta('robots', 'name', 'robots', 'noindex');
    else document.head.querySelector('meta[data-seo="robots"]')?.remove();
  }, [pathname, language, fullTitle, description, type, image, noindex]);

  const structured = jsonLd ? JSON.stringify(jsonLd) : null;
  useEffect(() => {
    if (!structured) return;
    const script = upsert('script', 'jsonld', (element) => {
      element.type = 'application/ld+json';
      // "<" escaped so data can never close the script element.
      element.textContent = structured.replace(/</g, '\\u003c');
    });
    return () => script.remove();
  }, [structured]);

  return null;
}
