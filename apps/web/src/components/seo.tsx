import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../lib/i18n';
import { reportPageTitle, withdrawPageTitle } from '../lib/page-title';
import { useLanguage } from '../lib/localized';

/**
 * Per-page head tags (issue 4 SEO): "<Page> | Khedma" title and meta description in the current
 * language, the canonical URL, hreflang alternates (en at the bare URL, fr/ar as `?lang=xx`, which the
 * app honours on load, the same URLs as /sitemap.xml), Open Graph basics and optional JSON-LD.
 * Render once per page, next to its h1.
 */
export interface SeoProps {
  title: string;
  /** The page's meta description; the site's description in the current language when left out. */
  description?: string;
  /** Structured data built from real data (schema.org objects). */
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
  /** og:type; 'website' by default. */
  type?: 'website' | 'article' | 'product';
  /** Absolute or root-relative image for link previews; the app icon by default. */
  image?: string;
  /** Keep the page out of search results (account pages). */
  noindex?: boolean;
  /**
   * The HTTP status the server answers with when it renders this page: 404 for a page that does not
   * exist (never indexed, and no canonical or hreflang URL that would point at the wrong address).
   */
  status?: number;
  /** The path whose URL is canonical for this page, when it is shown at another path too (/terms-new shows /terms). */
  canonicalPath?: string;
  /**
   * The page is still loading what it is about ("Loading service…"): the title is shown, but route
   * changes are announced with the title the page then settles on.
   */
  pending?: boolean;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_US', fr: 'fr_MA', ar: 'ar_MA' };
const DEFAULT_IMAGE = '/icons/icon-512.png';

/** The URL of `pathname` in `language`: English at the bare path, others with ?lang=xx. */
export function localizedUrl(origin: string, pathname: string, language: Language): string {
  return `${origin}${pathname}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`;
}

/** One head element the page wants, keyed by `data-seo` so the browser updates in place what the server wrote. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  key: string;
  attrs: Record<string, string>;
  text?: string;
}

export interface HeadInput {
  origin: string;
  pathname: string;
  language: Language;
  fullTitle: string;
  description?: string;
  type: NonNullable<SeoProps['type']>;
  image: string;
  noindex: boolean;
  /** A missing page (404): no canonical URL, no alternates, no og:url. */
  missing?: boolean;
  /** JSON-LD, already serialised. */
  structured: string | null;
}

/** The canonical URL, hreflang alternates, Open Graph, robots and JSON-LD of a page: for the browser and the server alike. */
export function headTags(input: HeadInput): HeadTag[] {
  const { origin, pathname, language, fullTitle, description, type, image, noindex, missing = false, structured } = input;
  const canonical = localizedUrl(origin, pathname, language);
  const tags: HeadTag[] = [];
  if (!missing) {
    tags.push({ tag: 'link', key: 'canonical', attrs: { rel: 'canonical', href: canonical } });
    for (const lang of LANGUAGES) {
      tags.push({ tag: 'link', key: `alternate-${lang}`, attrs: { rel: 'alternate', hreflang: lang, href: localizedUrl(origin, pathname, lang) } });
    }
    tags.push({ tag: 'link', key: 'alternate-x-default', attrs: { rel: 'alternate', hreflang: 'x-default', href: localizedUrl(origin, pathname, DEFAULT_LANGUAGE) } });
  }
  const meta = (key: string, attribute: 'name' | 'property', content: string) => tags.push({ tag: 'meta', key, attrs: { [attribute]: key, content } });
  meta('og:title', 'property', fullTitle);
  meta('og:type', 'property', type);
  if (!missing) meta('og:url', 'property', canonical);
  meta('og:site_name', 'property', 'Khedma');
  meta('og:locale', 'property', OG_LOCALE[language]);
  meta('og:image', 'property', new URL(image, origin).href);
  meta('twitter:card', 'name', 'summary');
  if (description) meta('og:description', 'property', description);
  if (noindex || missing) meta('robots', 'name', 'noindex');
  // "<" escaped so data can never close the script element.
  if (structured) tags.push({ tag: 'script', key: 'jsonld', attrs: { type: 'application/ld+json' }, text: structured.replace(/</g, '\\u003c') });
  return tags;
}

/** What the server render collects from the page's <Seo>: the title, the description and the head tags. */
export interface CollectedHead {
  title: string;
  description?: string;
  tags: HeadTag[];
  /** The page's HTTP status when it set one (404 for a missing page). */
  status?: number;
}

export interface HeadCollector {
  /** The public origin (canonical and structured-data URLs). */
  origin: string;
  collect(head: CollectedHead): void;
}

/** Provided only by the server render (src/entry-server.tsx); in the browser <Seo> writes to the document. */
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/**
 * The public origin in the browser: the one the server wrote into the first page's canonical link (the
 * site can be reached at another address, e.g. www or an IP, and its canonical URLs must not follow),
 * else the page's own.
 */
const browserOrigin: string = (() => {
  if (typeof document === 'undefined') return '';
  try {
    const href = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (href) return new URL(href).origin;
  } catch {
    // not a URL: fall back to the page's origin
  }
  return window.location.origin;
})();

/** The site's origin for absolute URLs (canonical, hreflang, structured data): the public one, on the server and in the browser. */
export function useSiteOrigin(): string {
  const collector = useContext(HeadCollectorContext);
  return collector?.origin ?? browserOrigin;
}

// A missing page has no canonical, alternates or og:url: the previous page's go when it shows.
const MANAGED_KEYS = ['og:description', 'robots', 'jsonld', 'canonical', 'og:url', 'alternate-x-default', ...LANGUAGES.map((lang) => `alternate-${lang}`)];

export function Seo({ title, description: ownDescription, jsonLd, type = 'website', image = DEFAULT_IMAGE, noindex = false, status, canonicalPath, pending = false }: SeoProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const pathname = canonicalPath ?? location.pathname;
  const collector = useContext(HeadCollectorContext);
  const fullTitle = t('app.titleTemplate', { page: title });
  // A page without its own description gets the site's, in its language (never index.html's English one).
  const description = ownDescription ?? t('app.description');
  const structured = jsonLd ? JSON.stringify(jsonLd) : null;
  const missing = status === 404;

  if (collector) {
    // Server render: effects never run there, so hand the head to the page template instead.
    collector.collect({
      title: fullTitle,
      description,
      tags: headTags({ origin: collector.origin, pathname, language, fullTitle, description, type, image, noindex, missing, structured }),
      status,
    });
  }

  const shownAt = location.pathname;
  useEffect(() => {
    if (document.title !== fullTitle) document.title = fullTitle;
    const reported = { pathname: shownAt, title: fullTitle, settled: !pending };
    reportPageTitle(reported);
    return () => withdrawPageTitle(reported);
  }, [fullTitle, shownAt, pending]);

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
    const tags = headTags({ origin: browserOrigin, pathname, language, fullTitle, description, type, image, noindex, missing, structured });
    for (const { tag, key, attrs, text } of tags) {
      let element = document.head.querySelector(`${tag}[data-seo="${key}"]`);
      if (!element) {
        element = document.createElement(tag);
        element.setAttribute('data-seo', key);
        document.head.appendChild(element);
      }
      // Only what differs: on the first page the server wrote them all already.
      for (const [name, value] of Object.entries(attrs)) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
      if (text !== undefined && element.textContent !== text) element.textContent = text;
    }
    // Tags this page does not want (a previous page's description, robots or structured data) go.
    const present = new Set(tags.map((tag) => tag.key));
    for (const key of MANAGED_KEYS) {
      if (!present.has(key)) document.head.querySelector(`[data-seo="${key}"]`)?.remove();
    }
  }, [pathname, language, fullTitle, description, type, image, noindex, missing, structured]);

  return null;
}
