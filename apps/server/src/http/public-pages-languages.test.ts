import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/**
 * Every public page in English, French and Arabic, rendered in-process by the real web build
 * (apps/web/dist, made by `npm run build`): the language's own strings and the catalogue's real data
 * on home, about, the catalogue, a category, a service, pricing, FAQ and contact. What needs no
 * browser is checked here in milliseconds per page; the browser journeys (e2e/site.spec.ts) keep
 * what needs one (axe, layout, the app taking the page over) in English and Arabic, and run French
 * too when the whole matrix is asked for (@matrix). Skipped when the web app is not built.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../../web/dist');
const features = path.resolve(here, '../../../web/src/features');
const built = existsSync(path.join(webDist, '.ssr', 'entry-server.mjs')) && existsSync(path.join(webDist, 'index.html'));

type Language = 'en' | 'fr' | 'ar';
type Strings = Record<string, Record<string, unknown>>;
const read = (file: string) => JSON.parse(readFileSync(path.join(features, file), 'utf8')) as Strings;
const stringsOf = (lang: Language) => ({
  home: read(`home/locales/${lang}.json`) as unknown as Record<string, string>,
  site: read(`site/locales/${lang}.json`) as Record<string, Record<string, string>>,
  catalog: read(`catalog/locales/${lang}.json`) as Record<string, Record<string, unknown>>,
});

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** MAD as the site shows it (fr-MA, no decimals: narrow no-break space between thousands, no-break space before MAD). */
const money = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0MAD`;
const count = (body: string, pattern: RegExp) => body.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
/** The <main> element's HTML (the header and footer carry their own links and headings). */
const mainOf = (body: string) => body.slice(body.indexOf('<main'), body.lastIndexOf('</main>'));

interface Service {
  id: string;
  category: string;
  name: Record<Language, string>;
  basePrice: number;
}

describe.skipIf(!built)('public pages in three languages (real web build)', () => {
  let t: TestApp;
  let catalogue: Service[];
  let leak: Service & { addOns: unknown[] };

  beforeAll(async () => {
    t = await createTestApp({ webDist, publicUrl: 'https://khedma.example' });
    catalogue = (await t.app.inject({ method: 'GET', url: '/api/services' })).json();
    const withAddOns = catalogue.find((s) => s.name.en === 'Leak Detection & Repair')!;
    leak = (await t.app.inject({ method: 'GET', url: `/api/services/${withAddOns.id}` })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A page in a language, as a first visit with the language cookie gets it. */
  async function page(url: string, lang: Language) {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `khedma.lang=${lang}` } });
    expect(res.statusCode, `${url} (${lang})`).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
    expect(count(res.body, /<h1[\s>]/), `${url}: one h1`).toBe(1);
    return res.body;
  }

  for (const lang of ['en', 'fr', 'ar'] as const) {
    it(`${lang}: home, about, catalogue, category, service, pricing, FAQ and contact carry their real content`, async () => {
      const s = stringsOf(lang);
      const site = s.site;
      const cat = s.catalog as { catalogue: { cantFindTitle: string; categoryPages: Record<string, { title: string }> }; detail: { includedHeading: string } };

      // Home: How it works, the first six services by name, statistics.
      const home = mainOf(await page('/', lang));
      for (const text of [s.home.howTitle!, s.home.popularTitle!, s.home.statCities!]) expect(home, text).toContain(html(text));
      const popular = home.slice(home.indexOf('popular-heading'));
      for (const service of catalogue.slice(0, 6)) expect(popular).toContain(html(service.name[lang]));
      // The statistics show their final figures before the app (it counts up only once it runs): never "0+".
      const stats = home.slice(home.indexOf('stats-heading'));
      const shown = [...stats.matchAll(/<span aria-hidden="true">([^<]*)<\/span><span class="sr-only">([^<]*)<\/span>/g)];
      expect(shown.length).toBeGreaterThanOrEqual(3);
      for (const [, visible, final] of shown) expect(visible).toBe(final);

      // About: mission, vision, values and the three of them.
      const about = mainOf(await page('/about', lang));
      for (const key of ['missionTitle', 'visionTitle', 'valuesTitle', 'trustTitle', 'reliableTitle', 'effortlessTitle', 'ctaButton']) {
        expect(about, key).toContain(html(site.about![key]!));
      }

      // Catalogue: every active service, in the reader's language, and the "can't find" section.
      const services = mainOf(await page('/services', lang));
      expect(count(services, /<article[\s>]/)).toBe(catalogue.length);
      for (const service of catalogue) expect(services).toContain(html(service.name[lang]));
      expect(services).toContain(html(cat.catalogue.cantFindTitle));

      // A category page: its own title, only its services.
      const cleaningBody = await page('/services/cleaning', lang);
      const title = cat.catalogue.categoryPages.cleaning!.title;
      expect(cleaningBody).toMatch(new RegExp(`<h1[^>]*>${html(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
      expect(cleaningBody).toContain(`<title>${html(title)} | Khedma</title>`);
      expect(count(mainOf(cleaningBody), /<article[\s>]/)).toBe(catalogue.filter((c) => c.category === 'cleaning').length);

      // A service page: its name, what is included, one checkbox per add-on.
      const service = mainOf(await page(`/services/${leak.id}`, lang));
      expect(service).toContain(html(leak.name[lang]));
      expect(service).toContain(html(cat.detail.includedHeading));
      expect(count(service, /type="checkbox"/)).toBe(leak.addOns.length);

      // Pricing: the real "From" price of each sample category.
      const pricing = mainOf(await page('/pricing', lang));
      for (const category of ['plumbing', 'cleaning', 'electrical', 'handyman', 'moving', 'gardening']) {
        expect(pricing, category).toContain(money(Math.min(...catalogue.filter((c) => c.category === category).map((c) => c.basePrice))));
      }
      expect(pricing).toContain(html(site.pricing!.whyTitle!));

      // FAQ: twelve questions, the topic chips.
      const faq = mainOf(await page('/faq', lang));
      expect(count(faq, /<h3[^>]*>\s*<button/)).toBe(12);
      expect(faq).toContain(html(site.faq!.chipsLabel!));

      // Contact: the form's fields and the link to the FAQ.
      const contact = mainOf(await page('/contact', lang));
      expect(contact).toContain(html(site.contact!.name!));
      expect(contact).toContain(html(site.contact!.faqLink!));
    });
  }
});
