/**
 * One home for the price of a service in a city (issue 39): shared cityServicePrice is the rule, and the
 * migration's calculate_service_price (0002, which the app no longer calls) answers the same for every
 * service x every city, by slug, by name, by borough and with no city, with and without the city's own
 * price. Disagreement fails here, naming the pair.
 */
import { cityServicePrice } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as s from '../../db/schema/index';
import { createTestDatabase, queryRows } from '../../test/db';
import { CatalogRepository } from './catalog.repository';
import { servicePriceFrom } from './price';

let database: Database;
let repo: CatalogRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = new CatalogRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function sqlPrice(serviceId: string, region: string, boroughId: string | null): Promise<number> {
  const [r] = await queryRows<{ price: number }>(database.db, sql`SELECT calculate_service_price(${serviceId}::uuid, ${region}, ${boroughId}::uuid) AS price`);
  return Number(r!.price);
}

/** Every (service, region, borough) the catalogue holds, and a few that match no city. */
async function cases() {
  const services = await database.db.select({ id: s.serviceTypes.id }).from(s.serviceTypes);
  const cities = await database.db.select({ id: s.cities.id, slug: s.cities.slug, name: s.cities.name }).from(s.cities);
  const boroughs = await database.db.select({ id: s.boroughs.id, cityId: s.boroughs.cityId }).from(s.boroughs);
  const oneBoroughPerCity = [...new Map(boroughs.map((b) => [b.cityId, b.id])).values()];
  const places: Array<[string, string | null]> = [
    ...cities.flatMap((c): Array<[string, string | null]> => [[c.slug, null], [` ${c.name.toUpperCase()} `, null]]),
    ...oneBoroughPerCity.map((id): [string, string | null] => ['', id]),
    ['', null],
    ['atlantis', null],
  ];
  return { services: [...services.map((x) => x.id), '00000000-0000-4000-8000-000000000000'], places };
}

describe('the price of a service in a city has one rule', () => {
  it('calculate_service_price and cityServicePrice agree on every service x every city', async () => {
    const { services, places } = await cases();
    expect(services.length).toBeGreaterThan(10);
    let checked = 0;
    for (const serviceId of services) {
      for (const [region, boroughId] of places) {
        const facts = await repo.priceFacts(serviceId, region, boroughId);
        expect({ serviceId, region, boroughId, price: cityServicePrice(facts) }).toEqual({ serviceId, region, boroughId, price: await sqlPrice(serviceId, region, boroughId) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('agrees where binary floating point would not (190 x 1.15 = 218.5 gives 219), without a city price', async () => {
    const [fes] = await database.db.select().from(s.cities).where(sql`${s.cities.slug} = 'fes'`);
    const [service] = await database.db.select().from(s.serviceTypes).limit(1);
    await database.db.update(s.cities).set({ priceFactor: 1.15 }).where(sql`${s.cities.id} = ${fes!.id}`);
    await database.db.delete(s.serviceTypePricesByRegion).where(sql`${s.serviceTypePricesByRegion.serviceTypeId} = ${service!.id} AND ${s.serviceTypePricesByRegion.cityId} = ${fes!.id}`);
    await database.db.update(s.serviceTypes).set({ basePrice: 190 }).where(sql`${s.serviceTypes.id} = ${service!.id}`);
    expect(Math.round(190 * 1.15)).toBe(218);
    expect(await sqlPrice(service!.id, 'fes', null)).toBe(219);
    expect(cityServicePrice(await repo.priceFacts(service!.id, 'fes', null))).toBe(219);
    const answer = await servicePriceFrom(repo, { id: service!.id, basePrice: 190 }, 'fes', undefined);
    expect(answer).toEqual({ serviceTypeId: service!.id, price: 219, source: 'function' });
  });
});
