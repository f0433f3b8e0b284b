import { CATEGORIES } from '@khedma/shared';
import type { ServiceTypeSummary } from '@khedma/shared';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServiceCard, ServiceCardIcons } from './service-card';

function service(category: string, extra: Partial<ServiceTypeSummary> = {}): ServiceTypeSummary {
  const text = { en: category, fr: category, ar: category };
  return {
    id: '00000000-0000-4000-8000-000000000000',
    category: category as ServiceTypeSummary['category'],
    name: text,
    description: text,
    basePrice: 200,
    estimatedDurationMinutes: 60,
    imageUrl: null,
    materialsIncluded: true,
    warrantyDays: 15,
    onQuote: false,
    ...extra,
  };
}

async function render(services: ServiceTypeSummary[]): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { catalog: {} } }, initAsync: false, showSupportNotice: false });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ServiceCardIcons />
        {services.map((s) => (
          <ServiceCard key={s.category} service={s} />
        ))}
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const hrefs = (html: string) => [...html.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]);
const symbols = (html: string) => [...html.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

describe('service cards and their icon sprite', () => {
  it('draws every icon of every category card from a symbol the sprite defines, once', async () => {
    const html = await render(CATEGORIES.map((category) => service(category)));
    const defined = symbols(html);
    expect(new Set(defined).size).toBe(defined.length);
    const used = hrefs(html);
    // Per card: the category tile and four badges (duration, fixed price, materials, warranty).
    expect(used).toHaveLength(CATEGORIES.length * 5);
    for (const id of used) expect(defined).toContain(id);
    for (const category of CATEGORIES) expect(used).toContain(`service-card-icon-${category}`);
    // The cards carry no paths of their own: only the sprite does.
    const firstCard = html.indexOf('<article');
    expect(html.slice(0, firstCard)).toContain('<path');
    expect(html.slice(firstCard)).not.toContain('<path');
  });

  it('shows the handyman icon for a category it does not know, and only the badges a service has', async () => {
    const html = await render([service('unknown', { materialsIncluded: false, warrantyDays: 0 })]);
    expect(hrefs(html)).toEqual(['service-card-icon-handyman', 'service-card-icon-duration', 'service-card-icon-fixedPrice']);
  });
});
