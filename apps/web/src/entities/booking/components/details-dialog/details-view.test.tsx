import type { BookingDto } from '@khedma/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import common from '../../../../locales/en.json';
import booking from '../../../../features/booking/locales/en.json';
import recurringAr from '../../../../features/recurring/locales/ar.json';
import recurring from '../../../../features/recurring/locales/en.json';
import recurringFr from '../../../../features/recurring/locales/fr.json';
import { RepeatAfterPayment } from '../../../../features/booking/components/repeat-after-payment';
import { DetailsView } from './details-view';

const SERIES = '00000000-0000-4000-8000-0000000000aa';
const base: BookingDto = {
  id: '00000000-0000-4000-8000-000000000001',
  reference: '3F2A9C1E',
  kind: 'service',
  status: 'confirmed',
  paymentStatus: 'paid',
  title: 'Cleaning',
  description: 'Cleaning',
  service: { id: '00000000-0000-4000-8000-000000000002', name: { en: 'Cleaning', fr: 'Ménage', ar: 'تنظيف' } },
  scheduledStart: '2026-12-11T09:00:00.000Z',
  scheduledEnd: '2026-12-11T11:00:00.000Z',
  local: { date: '2026-12-11', startTime: '10:00', endTime: '12:00' },
  durationMinutes: 120,
  location: '12 Rue Ibnou Sina',
  address: { landmark: null, floor: null, door: null, pin: null, links: null },
  city: { id: '00000000-0000-4000-8000-000000000003', name: { en: 'Kenitra', fr: 'Kénitra', ar: 'القنيطرة' } },
  amounts: { servicePrice: 200, addOnsTotal: 0, subtotal: 200, serviceFee: 30, total: 230, cancellationFee: null, currency: 'MAD' },
  lines: [],
  addOns: [],
  professional: { id: '00000000-0000-4000-8000-000000000004', firstName: 'Youssef', rating: null, reviewsCount: 0 },
  customer: null,
  contactPhone: null,
  specialRequests: null,
  completedAt: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  viewerRole: 'customer',
  canCancel: false,
  cancellationFeePreview: null,
  canReschedule: false,
  canAccept: false,
  canDecline: false,
  holdExpiresAt: null,
  canPay: false,
  rebook: null,
  series: null,
  canRepeat: true,
};

async function render(node: ReactNode, lng: 'en' | 'fr' | 'ar' = 'en'): Promise<string> {
  const i18n = i18next.createInstance();
  const rec = { en: recurring, fr: recurringFr, ar: recurringAr }[lng];
  await i18n.init({ lng, fallbackLng: 'en', resources: { [lng]: { translation: common, booking, recurring: rec } }, initAsync: false, showSupportNotice: false });
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<!-- -->/g, '');
}

const details = (b: BookingDto, lng?: 'en' | 'fr' | 'ar') => render(<DetailsView booking={b} onCancel={() => {}} onReschedule={() => {}} onDone={() => {}} />, lng);

// Issue 43: "Book again every …" was offered for a booking that repeats already (the server answered 409), and for a
// visit of a series (a second series of the same visits). The server says which (canRepeat, series); the details
// follow it and link to the series instead.
describe('a booking and its recurring series', () => {
  it('offers "Book again every …" only when the server says the booking may be repeated', async () => {
    const html = await details(base);
    expect(html).toContain('Book again every …');
    expect(html).toContain('href="/recurring/new?booking=');
    expect(html).not.toContain('data-testid="booking-series"');
  });

  it('a booking repeated by a series: no repeat, "Repeats every 2 weeks" and a link to the series', async () => {
    const html = await details({ ...base, canRepeat: false, series: { id: SERIES, intervalWeeks: 2, role: 'repeats' } });
    expect(html).not.toContain('Book again every');
    expect(html).not.toContain('/recurring/new');
    expect(html).toContain('Repeats every 2 weeks');
    expect(html).toContain(`href="/recurring/${SERIES}"`);
  });

  it('a visit of a weekly series: no repeat, "Part of a weekly series" linked, in French and Arabic too', async () => {
    const visit: BookingDto = { ...base, canRepeat: false, series: { id: SERIES, intervalWeeks: 1, role: 'visit' } };
    const html = await details(visit);
    expect(html).not.toContain('Book again every');
    expect(html).toContain('Part of a weekly series');
    expect(html).toContain(`href="/recurring/${SERIES}"`);
    expect(await details(visit, 'fr')).toContain('Fait partie d’une série hebdomadaire');
    expect(await details(visit, 'ar')).toContain('جزء من سلسلة كل سيمانة');
  });

  it('a professional sees the series of their booking, and is never offered to repeat it', async () => {
    const html = await details({ ...base, viewerRole: 'professional', customer: { name: 'Salma' }, canRepeat: false, series: { id: SERIES, intervalWeeks: 4, role: 'visit' } });
    expect(html).toContain('Part of a series every 4 weeks');
    expect(html).not.toContain('Book again every');
  });

  it('the payment-confirmed screen: the series the wizard made, or the one this visit belongs to; nothing for a booking of no series', async () => {
    expect(await render(<RepeatAfterPayment booking={{ ...base, canRepeat: false, series: { id: SERIES, intervalWeeks: 2, role: 'repeats' } }} />)).toContain('Recurring booking set up: Every 2 weeks');
    const visit = await render(<RepeatAfterPayment booking={{ ...base, canRepeat: false, series: { id: SERIES, intervalWeeks: 1, role: 'visit' } }} />);
    expect(visit).toContain('Part of a weekly series');
    expect(visit).toContain(`href="/recurring/${SERIES}"`);
    expect(await render(<RepeatAfterPayment booking={base} />)).toBe('');
  });
});
