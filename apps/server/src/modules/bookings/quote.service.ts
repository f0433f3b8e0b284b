/**
 * Prices (docs/payments.md wizard, §7 city prices): a wizard choice (service, city, borough, add-ons) or an
 * hourly booking from a professional's page, always computed here from the catalogue, never taken
 * from the client. The rules are packages/shared/src/domain (quote, hourlyQuote).
 */
import {
  CURRENCY,
  hourlyQuote,
  quote as priceQuote,
  type HourlyQuoteRequest,
  type Quote,
  type QuoteRequest,
  type QuoteResponse,
} from '@khedma/shared';
import { JOB_QUOTE_MESSAGES } from '@khedma/shared/domain/job-quotes';
import type { BookingAddon } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { CatalogReference } from '../catalog';
import type { PoolMember, ProfessionalPoolRepository } from './pool.repository';

export class QuoteService {
  constructor(
    private readonly reference: CatalogReference,
    private readonly pool: ProfessionalPoolRepository,
    private readonly clock: Clock,
  ) {}

  /** Service, city, borough and add-ons of a wizard choice, checked, and the price computed here. */
  async priceWizard(input: { serviceTypeId: string; cityId?: string; citySlug?: string; boroughId?: string | null; addOnIds?: string[] }) {
    const [service, city] = await Promise.all([
      this.reference.service(input.serviceTypeId),
      this.reference.city(input.cityId ? { id: input.cityId } : { slug: input.citySlug }),
    ]);
    if (!service) throw badRequest('Service not found', { serviceTypeId: 'Service not found' });
    if (!city) throw badRequest('City not found', { cityId: 'City not found' });
    // A job priced by quotes is requested (docs/job-quotes.md), never booked at a catalogue price.
    if (service.onQuote) throw badRequest(JOB_QUOTE_MESSAGES.onQuoteService, { serviceTypeId: JOB_QUOTE_MESSAGES.onQuoteService });
    let boroughId: string | null = null;
    if (input.boroughId) {
      const wantedBorough = input.boroughId;
      const borough = await this.reference.borough(wantedBorough);
      if (!borough || borough.cityId !== city.id) throw badRequest('Borough not found in this city', { boroughId: 'Borough not found in this city' });
      boroughId = borough.id;
    }
    const wanted = input.addOnIds ?? [];
    const offered = wanted.length ? ((await this.reference.addOns(service.id)) ?? []) : [];
    const addOns = wanted.map((id) => offered.find((a) => a.id === id));
    if (addOns.some((a) => a === undefined)) {
      throw badRequest('This add-on is not available for this service', { addOnIds: 'This add-on is not available for this service' });
    }
    const price = await this.reference.price(service, city.slug, boroughId);
    const quote = priceQuote({ servicePrice: price.price, serviceLabel: service.name, addOns: addOns as BookingAddon[] });
    return { service, city, boroughId, addOns: addOns as BookingAddon[], quote };
  }

  async quote(input: QuoteRequest): Promise<QuoteResponse> {
    const { quote } = await this.priceWizard(input);
    return toQuoteResponse(quote);
  }

  async hourlyQuote(input: HourlyQuoteRequest): Promise<QuoteResponse> {
    const pro = await this.professional(input.professionalId);
    return toQuoteResponse(hourlyQuote({ hourlyRate: pro.hourlyRate, hours: input.durationHours }));
  }

  /** An approved, active professional (else 400), as the pool sees them now. */
  async professional(id: string): Promise<PoolMember> {
    const now = this.clock.now();
    const [pro] = await this.pool.pool({ professionalId: id }, { from: now, to: now }, now);
    if (!pro) throw badRequest('Professional not found', { professionalId: 'Professional not found' });
    return pro;
  }
}

export function toQuoteResponse(q: Quote): QuoteResponse {
  return { lines: q.lines, servicePrice: q.servicePrice, addOnsTotal: q.addOnsTotal, subtotal: q.subtotal, serviceFee: q.serviceFee, total: q.total, currency: CURRENCY };
}
