import type { AddOn } from '@khedma/shared';
import { SERVICE_FEE_RATE, quote } from '@khedma/shared/domain/pricing';
import { paths } from '../../config/paths';

/**
 * The service page's summary, computed with the server's own pricing function (packages/shared
 * domain/pricing.ts `quote`): service price (base, or the city's price) + chosen add-ons, then the
 * service fee on top, rounded the same way. So the total shown is the total the booking will carry.
 */
export interface ServiceTotals {
  chosen: AddOn[];
  servicePrice: number;
  addOnsTotal: number;
  subtotal: number;
  serviceFee: number;
  total: number;
}

export const SERVICE_FEE_PERCENT = Math.round(SERVICE_FEE_RATE * 100);

export function serviceTotals(servicePrice: number, addOns: readonly AddOn[], selected: ReadonlySet<string>): ServiceTotals {
  const chosen = addOns.filter((addOn) => selected.has(addOn.id));
  const q = quote({ servicePrice, addOns: chosen.map((a) => ({ id: a.id, name: a.name.en, price: a.price })) });
  return { chosen, servicePrice: q.servicePrice, addOnsTotal: q.addOnsTotal, subtotal: q.subtotal, serviceFee: q.serviceFee, total: q.total };
}

/**
 * Book This Service: the booking wizard with the service and the chosen add-ons (in catalogue order),
 * and the city when one was picked: /book-service?service=<id>&addons=<id,id>&city=<slug>.
 */
export function bookServiceHref(serviceId: string, addOnIds: readonly string[], city?: string | null): string {
  const parts = [`service=${encodeURIComponent(serviceId)}`];
  // Commas left readable (ids are uuids): the wizard splits the value on ",".
  if (addOnIds.length) parts.push(`addons=${addOnIds.map(encodeURIComponent).join(',')}`);
  if (city) parts.push(`city=${encodeURIComponent(city)}`);
  return `${paths.bookService()}?${parts.join('&')}`;
}
