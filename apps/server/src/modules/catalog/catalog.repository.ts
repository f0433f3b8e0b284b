import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boroughs, categories, cities, serviceAddOns, serviceTypePricesByRegion, serviceTypes } from '../../db/schema/index';
import type { AddOn, Borough, Category, CategoryEntry, City, CityPriceFacts, ServiceTypeDetail, ServiceTypeSummary } from '@khedma/shared';
import { LIMITS_SEARCH } from '@khedma/shared';

const summaryColumns = {
  id: serviceTypes.id,
  category: serviceTypes.category,
  name: serviceTypes.name,
  nameFr: serviceTypes.nameFr,
  nameAr: serviceTypes.nameAr,
  description: serviceTypes.description,
  descriptionFr: serviceTypes.descriptionFr,
  descriptionAr: serviceTypes.descriptionAr,
  basePrice: serviceTypes.basePrice,
  estimatedDurationMinutes: serviceTypes.estimatedDurationMinutes,
  imageUrl: serviceTypes.imageUrl,
  materialsIncluded: serviceTypes.materialsIncluded,
  warrantyDays: serviceTypes.warrantyDays,
  onQuote: serviceTypes.onQuote,
};
interface SummaryRow {
  id: string;
  category: ServiceTypeSummary['category'];
  name: string;
  nameFr: string;
  nameAr: string;
  description: string;
  descriptionFr: string;
  descriptionAr: string;
  basePrice: number;
  estimatedDurationMinutes: number;
  imageUrl: string | null;
  materialsIncluded: boolean;
  warrantyDays: number;
  onQuote: boolean;
}

const toSummary = (r: SummaryRow): ServiceTypeSummary => ({
  id: r.id,
  category: r.category,
  name: { en: r.name, fr: r.nameFr, ar: r.nameAr },
  description: { en: r.description, fr: r.descriptionFr, ar: r.descriptionAr },
  basePrice: r.basePrice,
  estimatedDurationMinutes: r.estimatedDurationMinutes,
  imageUrl: r.imageUrl,
  materialsIncluded: r.materialsIncluded,
  warrantyDays: r.warrantyDays,
  onQuote: r.onQuote,
});

/** ILIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class CatalogRepository {
  constructor(private readonly db: Db) {}

  async categories(): Promise<CategoryEntry[]> {
    const rows = await this.db.select().from(categories).orderBy(asc(categories.sortOrder));
    return rows.map((r) => ({ slug: r.slug, name: { en: r.name, fr: r.nameFr, ar: r.nameAr }, icon: r.icon, sortOrder: r.sortOrder }));
  }

  /** The catalogue grid: active services by category order, then base price ascending. */
  async listActive(category?: string): Promise<ServiceTypeSummary[]> {
    const rows = await this.db
      .select(summaryColumns)
      .from(serviceTypes)
      .innerJoin(categories, eq(categories.slug, serviceTypes.category))
      .where(and(eq(serviceTypes.isActive, true), category ? eq(serviceTypes.category, category as never) : undefined))
      .orderBy(asc(categories.sortOrder), asc(serviceTypes.basePrice), asc(serviceTypes.name));
    return rows.map(toSummary);
  }

  /**
   * Service search (docs/catalog.md): a substring of the services' folded text (search_text: the six name
   * and description columns through search_normalize(), the query through the same function), or a
   * service of one of `namedCategories` (the categories the query names, see categoriesMatchingSearch);
   * optional category filter; ordered by category then name; at most 50. Served by the trigram index
   * on search_text and the category index.
   */
  async search(q: string, namedCategories: readonly Category[], category?: string): Promise<ServiceTypeSummary[]> {
    // Escaping before folding is the same as after: folding neither makes nor removes \ % or _.
    const matchesText = sql`${serviceTypes.searchText} like ('%' || search_normalize(${escapeLike(q)}) || '%')`;
    const rows = await this.db
      .select(summaryColumns)
      .from(serviceTypes)
      .innerJoin(categories, eq(categories.slug, serviceTypes.category))
      .where(
        and(
          eq(serviceTypes.isActive, true),
          category ? eq(serviceTypes.category, category as never) : undefined,
          namedCategories.length ? or(matchesText, inArray(serviceTypes.category, [...namedCategories])) : matchesText,
        ),
      )
      .orderBy(asc(categories.sortOrder), asc(serviceTypes.name))
      .limit(LIMITS_SEARCH.serviceResults);
    return rows.map(toSummary);
  }

  async detail(id: string): Promise<ServiceTypeDetail | undefined> {
    const [row] = await this.db
      .select({ ...summaryColumns, includes: serviceTypes.includes, excludes: serviceTypes.excludes })
      .from(serviceTypes)
      .where(and(eq(serviceTypes.id, id), eq(serviceTypes.isActive, true)));
    if (!row) return undefined;
    return { ...toSummary(row), includes: row.includes, excludes: row.excludes, addOns: await this.addOns(id) };
  }

  /** Active add-ons of a service, cheapest first. */
  async addOns(serviceTypeId: string): Promise<AddOn[]> {
    const rows = await this.db
      .select()
      .from(serviceAddOns)
      .where(and(eq(serviceAddOns.serviceTypeId, serviceTypeId), eq(serviceAddOns.isActive, true)))
      .orderBy(asc(serviceAddOns.price), asc(serviceAddOns.name));
    return rows.map((r) => ({
      id: r.id,
      name: { en: r.name, fr: r.nameFr, ar: r.nameAr },
      description: r.description ? { en: r.description, fr: r.descriptionFr ?? r.description, ar: r.descriptionAr ?? r.description } : null,
      price: r.price,
    }));
  }

  async regionPrice(serviceTypeId: string, citySlug: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ price: serviceTypePricesByRegion.price })
      .from(serviceTypePricesByRegion)
      .innerJoin(cities, eq(cities.id, serviceTypePricesByRegion.cityId))
      .where(
        and(
          eq(serviceTypePricesByRegion.serviceTypeId, serviceTypeId),
          eq(serviceTypePricesByRegion.isActive, true),
          sql`lower(${cities.slug}) = lower(${citySlug})`,
        ),
      )
      .limit(1);
    return row?.price;
  }

  /**
   * What the price of a service in a city is made from (shared cityServicePrice applies the rule): the
   * service's base price, and the active city's factor and own active price. The city is matched by slug
   * or name (any case, trimmed); with no region, the borough's city.
   */
  async priceFacts(serviceTypeId: string, region: string, boroughId: string | null): Promise<CityPriceFacts> {
    const res = await this.db.execute(
      sql`WITH city AS (
            SELECT c.id, c.price_factor FROM cities c
             WHERE c.is_active
               AND ((${region} <> '' AND (lower(c.slug) = lower(btrim(${region})) OR lower(c.name) = lower(btrim(${region}))))
                 OR (${region} = '' AND c.id = (SELECT b.city_id FROM boroughs b WHERE b.id = ${boroughId}::uuid)))
             LIMIT 1)
          SELECT (SELECT st.base_price FROM service_types st WHERE st.id = ${serviceTypeId}::uuid) AS base_price,
                 (SELECT city.price_factor FROM city) AS price_factor,
                 (SELECT rp.price FROM service_type_prices_by_region rp JOIN city ON city.id = rp.city_id
                   WHERE rp.service_type_id = ${serviceTypeId}::uuid AND rp.is_active LIMIT 1) AS region_price`,
    );
    type Row = { base_price: number | null; price_factor: string | number | null; region_price: number | null };
    const row = (res as unknown as { rows: Row[] }).rows[0];
    return {
      basePrice: row?.base_price ?? null,
      priceFactor: row?.price_factor === null || row?.price_factor === undefined ? null : Number(row.price_factor),
      regionPrice: row?.region_price ?? null,
    };
  }

  async cities(): Promise<City[]> {
    const rows = await this.db.select().from(cities).where(eq(cities.isActive, true)).orderBy(asc(cities.name));
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: { en: r.name, fr: r.nameFr, ar: r.nameAr },
      region: r.region,
      area: r.centerLat !== null && r.centerLng !== null && r.radiusKm !== null ? { center: { lat: r.centerLat, lng: r.centerLng }, radiusKm: r.radiusKm } : null,
    }));
  }

  async boroughs(citySlug: string): Promise<Borough[] | undefined> {
    const [city] = await this.db.select({ id: cities.id }).from(cities).where(and(eq(cities.slug, citySlug), eq(cities.isActive, true)));
    if (!city) return undefined;
    const rows = await this.db.select().from(boroughs).where(eq(boroughs.cityId, city.id)).orderBy(asc(boroughs.name));
    return rows.map((r) => ({ id: r.id, name: { en: r.name, fr: r.nameFr, ar: r.nameAr } }));
  }
}
