/** The catalogue facts a booking is priced from: an active service, a city, a borough, add-ons. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boroughs, cities, serviceAddOns, serviceTypes } from '../../db/schema/index';

export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  async service(id: string) {
    const [row] = await this.db
      .select({ id: serviceTypes.id, name: serviceTypes.name, nameFr: serviceTypes.nameFr, nameAr: serviceTypes.nameAr, basePrice: serviceTypes.basePrice, category: serviceTypes.category, onQuote: serviceTypes.onQuote })
      .from(serviceTypes)
      .where(and(eq(serviceTypes.id, id), eq(serviceTypes.isActive, true)));
    return row;
  }

  async city(by: { id?: string; slug?: string }) {
    const where = by.id ? eq(cities.id, by.id) : sql`lower(${cities.slug}) = lower(${by.slug ?? ''})`;
    const [row] = await this.db
      .select({
        id: cities.id,
        slug: cities.slug,
        name: cities.name,
        nameFr: cities.nameFr,
        nameAr: cities.nameAr,
        centerLat: cities.centerLat,
        centerLng: cities.centerLng,
        radiusKm: cities.radiusKm,
      })
      .from(cities)
      .where(and(where, eq(cities.isActive, true)));
    return row;
  }

  async borough(id: string) {
    const [row] = await this.db.select({ id: boroughs.id, cityId: boroughs.cityId }).from(boroughs).where(eq(boroughs.id, id));
    return row;
  }

  /** Active add-ons of the service. */
  async addOns(serviceTypeId: string) {
    return this.db
      .select({ id: serviceAddOns.id, name: serviceAddOns.name, price: serviceAddOns.price })
      .from(serviceAddOns)
      .where(and(eq(serviceAddOns.serviceTypeId, serviceTypeId), eq(serviceAddOns.isActive, true)));
  }
}
