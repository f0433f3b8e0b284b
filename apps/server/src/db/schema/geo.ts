/** Served cities and the Casablanca boroughs (cities are data, not code). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key (casablanca, rabat, ...); the `region` argument of calculate_service_price. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    /** Administrative region (Casablanca-Settat, ...). */
    region: text('region').notNull(),
    /** Multiplies a service's base price when no region price is set. */
    priceFactor: numeric('price_factor', { precision: 4, scale: 2, mode: 'number' }).notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    /** The city's area (issue 42, migration 0029): a booking's pin must fall within radius_km of the centre. */
    centerLat: doublePrecision('center_lat'),
    centerLng: doublePrecision('center_lng'),
    radiusKm: doublePrecision('radius_km'),
    /** The names and slug folded by search_normalize(): what a professional search's text is compared with (migration 0044). */
    namesSearchText: text('names_search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_normalize("name" || E'\\n' || "name_fr" || E'\\n' || "name_ar" || E'\\n' || "slug")`),
    createdAt: createdAt(),
  },
  // "cities select ordered by name": a handful of rows, no index needed.
  (t) => [
    check('cities_price_factor_check', sql`${t.priceFactor} > 0`),
    check(
      'cities_area_check',
      sql`(${t.centerLat} IS NULL AND ${t.centerLng} IS NULL AND ${t.radiusKm} IS NULL) OR (${t.centerLat} BETWEEN -90 AND 90 AND ${t.centerLng} BETWEEN -180 AND 180 AND ${t.radiusKm} > 0)`,
    ),
  ],
);

export const boroughs = pgTable(
  'boroughs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    createdAt: createdAt(),
  },
  // Boroughs of a city ordered by name (casablanca_boroughs of docs/README.md).
  (t) => [unique('boroughs_city_name_key').on(t.cityId, t.name)],
);
