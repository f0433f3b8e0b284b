import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { Rating } from './rating';

async function render(lng: 'en' | 'fr' | 'ar', rating: number): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { booking: { en, fr, ar }[lng] } }, initAsync: false, showSupportNotice: false });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Rating rating={rating} reviewsCount={3} />
    </I18nextProvider>,
  );
}

// The wizard's professional card said "4.5" in every language; the professional's page says it in the
// reader's number format (formatNumber), as French writes decimals: "4,5".
describe('Rating', () => {
  it("writes the average in the reader's number format", async () => {
    expect(await render('en', 4.5)).toContain('>4.5<');
    expect(await render('fr', 4.5)).toContain('>4,5<');
    expect(await render('fr', 4)).toContain('>4,0<');
  });
});
