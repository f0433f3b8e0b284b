/** Seed of the catalogue capability: cities, Casablanca's boroughs, categories, services, add-ons, city prices. */
import { CATEGORY_INFO, CATEGORIES } from '@khedma/shared/domain/catalog';
import * as s from '../schema/index';
import { seedId } from './ids';
import { CASABLANCA_BOROUGHS, CITIES } from './places';
import { SERVICES } from './services';
import { addOnId, boroughId, insertAll, type Tx } from './support';

export async function seedPlaces(tx: Tx): Promise<Map<string, string>> {
  await insertAll(
    tx,
    s.cities,
    CITIES.map((c) => ({ id: seedId(`city:${c.slug}`), ...c })),
  );
  // A city may already exist under another id (created outside the seed): key by slug.
  const rows = await tx.select({ id: s.cities.id, slug: s.cities.slug }).from(s.cities);
  const cityIds = new Map(rows.map((r) => [r.slug, r.id]));
  const casablanca = cityIds.get('casablanca')!;
  await insertAll(
    tx,
    s.boroughs,
    CASABLANCA_BOROUGHS.map(({ key, ...b }) => ({ id: boroughId(key), cityId: casablanca, ...b })),
  );
  return cityIds;
}

export async function seedCatalog(tx: Tx, cityIds: Map<string, string>): Promise<Map<string, string>> {
  await insertAll(
    tx,
    s.categories,
    CATEGORIES.map((slug) => {
      const c = CATEGORY_INFO[slug];
      return { slug, name: c.name.en, nameFr: c.name.fr, nameAr: c.name.ar, icon: c.icon, sortOrder: c.sortOrder };
    }),
  );
  const serviceIds = new Map(SERVICES.map((sv) => [sv.key, seedId(`service:${sv.key}`)]));
  await insertAll(
    tx,
    s.serviceTypes,
    SERVICES.map((sv) => ({
      id: serviceIds.get(sv.key)!,
      name: sv.name.en,
      nameFr: sv.name.fr,
      nameAr: sv.name.ar,
      description: sv.description.en,
      descriptionFr: sv.description.fr,
      descriptionAr: sv.description.ar,
      category: sv.category,
      basePrice: sv.basePrice,
      estimatedDurationMinutes: sv.durationMinutes,
      materialsIncluded: sv.materialsIncluded,
      warrantyDays: sv.warrantyDays,
      onQuote: sv.onQuote ?? false,
      includes: sv.includes,
      excludes: sv.excludes,
    })),
  );
  await insertAll(
    tx,
    s.serviceAddOns,
    SERVICES.flatMap((sv) =>
      sv.addOns.map((a) => ({
        id: addOnId(sv.key, a.key),
        serviceTypeId: serviceIds.get(sv.key)!,
        name: a.name.en,
        nameFr: a.name.fr,
        nameAr: a.name.ar,
        description: a.description?.en ?? null,
        descriptionFr: a.description?.fr ?? null,
        descriptionAr: a.description?.ar ?? null,
        price: a.price,
      })),
    ),
  );
  await insertAll(
    tx,
    s.serviceTypePricesByRegion,
    SERVICES.flatMap((sv) =>
      Object.entries(sv.regionPrices ?? {}).map(([slug, price]) => ({
        id: seedId(`region-price:${sv.key}:${slug}`),
        serviceTypeId: serviceIds.get(sv.key)!,
        cityId: cityIds.get(slug)!,
        price,
      })),
    ),
  );
  return serviceIds;
}

