import type { FastifyPluginAsync } from 'fastify';
import { CATEGORIES, LOCALES } from '@khedma/shared';
import type { CatalogService } from '../catalog';

/**
 * Public pages search engines should know (the SPA's paths.ts holds the same URLs for links): pages the
 * server renders with their content, title and description. /become-pro joins when the onboarding
 * capability builds it (today it is a heading rendered in the browser).
 */
export const PUBLIC_PAGES = ['/', '/about', '/services', '/pricing', '/faq', '/contact', '/terms', '/privacy', '/cookies'];

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * sitemap.xml (public pages, the category pages and every active service) with an hreflang
 * alternate per language (`?lang=fr`), and robots.txt pointing at it.
 */
export const seoRoutes: FastifyPluginAsync<{ catalog: CatalogService; publicUrl: string }> = async (app, { catalog, publicUrl }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const services = JSON.parse((await catalog.services(undefined, undefined)).body) as Array<{ id: string }>;
    const paths = [...PUBLIC_PAGES, ...CATEGORIES.map((c) => `/services/${c}`), ...services.map((s) => `/services/${s.id}`)];
    const urls = paths.map((p) => {
      const loc = `${publicUrl}${p}`;
      const alternates = [
        ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(l === 'en' ? loc : `${loc}?lang=${l}`)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(loc)}"/>`,
      ];
      return `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${alternates.join('\n')}\n  </url>`;
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /profile',
      'Disallow: /admin/',
      'Disallow: /dev/',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
};
