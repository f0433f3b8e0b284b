import type { ReassignCandidate } from '@khedma/shared';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { CandidateSummary } from './candidate-summary';

const candidate: ReassignCandidate = {
  professionalId: '00000000-0000-4000-8000-000000000001',
  name: 'Youssef',
  rating: 4.5,
  reviewsCount: 3,
  jobsLast30Days: 2,
  jobsDone: 7,
  distanceKm: 3.2,
};

async function render(lng: 'en' | 'fr' | 'ar', c: ReassignCandidate): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { admin: { en, fr, ar }[lng] } }, initAsync: false, showSupportNotice: false });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <CandidateSummary candidate={c} />
    </I18nextProvider>,
  );
  return html.replace(/<!-- -->/g, '');
}

// Issue 42: the admin's reassignment candidates show their distance to the booking's pin (the API's
// distanceKm), in the reader's number format; never the pin itself.
describe('CandidateSummary', () => {
  it("shows the distance to the booking's pin in the reader's number format", async () => {
    expect(await render('en', candidate)).toContain('3.2\u00a0km away');
    expect(await render('fr', candidate)).toContain('à 3,2\u00a0km');
    expect(await render('ar', candidate)).toContain('على بعد 3,2\u00a0كم');
    expect(await render('fr', candidate)).toContain('Note 4,5');
  });

  it('says the distance is unknown without a base location or a pin', async () => {
    const html = await render('en', { ...candidate, distanceKm: null });
    expect(html).toContain('distance unknown');
    expect(html).not.toMatch(/\d km/);
  });
});
