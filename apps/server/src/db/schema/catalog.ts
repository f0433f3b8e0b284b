/**
 * The service catalogue. docs/catalog.md's service_catalog, services and service_types are one table:
 * service_types.
 */
import { CATEGORIES, type LocalizedText } from '@khedma/shared/domain/catalog';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, updatedAt } from './columns';
import { cities } from './geo';

export const categories = pgTable(
  'categories',
  {
    slug: text('slug', { enum: CATEGORIES }).primaryKey(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('categories_slug_check', inList(t.slug, CATEGORIES))],
);

export const serviceTypes = pgTable(
  'service_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    descriptionAr: text('description_ar').notNull(),
    category: text('category', { enum: CATEGORIES })
      .notNull()
      .references(() => categories.slug),
    /** Whole MAD. */
    basePrice: integer('base_price').notNull(),
    estimatedDurationMinutes: integer('estimated_duration_minutes').notNull(),
    imageUrl: text('image_url'),
    materialsIncluded: boolean('materials_included').notNull().default(false),
    warrantyDays: integer('warranty_days').notNull().default(0),
    /** Priced by the professionals' quotes (moving a home, painting a flat): requested, not booked (migration 0032). */
    onQuote: boolean('on_quote').notNull().default(false),
    includes: jsonb('includes').$type<LocalizedText[]>().notNull().default([]),
    excludes: jsonb('excludes').$type<LocalizedText[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * What the service search compares: the six names and descriptions folded by search_normalize()
     * (migration 0003: case, accents, apostrophes, Arabic spellings). PostgreSQL keeps it in step with
     * every write, whoever makes it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`search_normalize("name" || E'\\n' || "name_fr" || E'\\n' || "name_ar" || E'\\n' || "description" || E'\\n' || "description_fr" || E'\\n' || "description_ar")`,
      ),
    /** The names and category folded by search_normalize(): what a professional search's text is compared with (migration 0044). */
    namesSearchText: text('names_search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_normalize("name" || E'\\n' || "name_fr" || E'\\n' || "name_ar" || E'\\n' || "category")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_types_base_price_check', sql`${t.basePrice} >= 0`),
    check('service_types_duration_check', sql`${t.estimatedDurationMinutes} > 0`),
    check('service_types_warranty_check', sql`${t.warrantyDays} >= 0`),
    // "service_types: select active, ordered by category then name" and "service_catalog: select id by category".
    index('service_types_active_category_name_idx').on(t.category, t.name).where(sql`${t.isActive}`),
    // Service search: substring (LIKE '%q%') of the folded text, served by a trigram index.
    index('service_types_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const serviceAddOns = pgTable(
  'service_add_ons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** service_catalog_id of docs/catalog.md. */
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description'),
    descriptionFr: text('description_fr'),
    descriptionAr: text('description_ar'),
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('service_add_ons_price_check', sql`${t.price} >= 0`),
    // "service_add_ons where service id and is_active, price ascending".
    index('service_add_ons_service_price_idx').on(t.serviceTypeId, t.price).where(sql`${t.isActive}`),
  ],
);

export const serviceTypePricesByRegion = pgTable(
  'service_type_prices_by_region',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_type_prices_by_region_price_check', sql`${t.price} >= 0`),
    // Price lookup by service and region (calculate_service_price).
    unique('service_type_prices_by_region_service_city_key').on(t.serviceTypeId, t.cityId),
  ],
);
