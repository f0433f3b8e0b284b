import { z } from 'zod';
import { cityAreaSchema } from './address';
import { CATEGORIES } from '../domain/catalog';
import { VALIDATION_MESSAGES, isSingleLineText } from '../domain/validation';
import { LIMITS_SEARCH } from './limits';

/** A text in the three interface languages. */
export const localizedTextSchema = z.object({ en: z.string(), fr: z.string(), ar: z.string() }).meta({ id: 'LocalizedText' });
export const categorySlugSchema = z.enum(CATEGORIES);

export const categorySchema = z
  .object({ slug: categorySlugSchema, name: localizedTextSchema, icon: z.string(), sortOrder: z.number().int() })
  .meta({ id: 'Category' });
export type CategoryEntry = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.array(categorySchema);

export const serviceTypeSummarySchema = z
  .object({
    id: z.guid(),
    category: categorySlugSchema,
    name: localizedTextSchema,
    description: localizedTextSchema,
    basePrice: z.number().int().nonnegative(),
    estimatedDurationMinutes: z.number().int().positive(),
    imageUrl: z.string().nullable(),
    materialsIncluded: z.boolean(),
    warrantyDays: z.number().int().nonnegative(),
    /** Priced by professionals' quotes (docs/job-quotes.md): requested at /quotes/new, never booked at a fixed price. */
    onQuote: z.boolean(),
  })
  .meta({ id: 'ServiceTypeSummary' });
export type ServiceTypeSummary = z.infer<typeof serviceTypeSummarySchema>;
export const serviceTypesResponseSchema = z.array(serviceTypeSummarySchema);

export const addOnSchema = z
  .object({
    id: z.guid(),
    name: localizedTextSchema,
    description: localizedTextSchema.nullable(),
    price: z.number().int().nonnegative(),
  })
  .meta({ id: 'AddOn' });
export type AddOn = z.infer<typeof addOnSchema>;

export const serviceTypeDetailSchema = serviceTypeSummarySchema
  .extend({
    includes: z.array(localizedTextSchema),
    excludes: z.array(localizedTextSchema),
    addOns: z.array(addOnSchema),
  })
  .meta({ id: 'ServiceTypeDetail' });
export type ServiceTypeDetail = z.infer<typeof serviceTypeDetailSchema>;

export const serviceSearchQuerySchema = z.object({
  q: z.string().trim().max(LIMITS_SEARCH.queryMax).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional(),
  category: categorySlugSchema.optional(),
});

export const serviceIdParamsSchema = z.object({ id: z.guid({ message: 'Service not found' }) });

export const priceQuerySchema = z.object({
  city: z.string().trim().max(64).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional(),
  borough: z.guid().optional(),
});
export const priceResponseSchema = z.object({
  serviceTypeId: z.guid(),
  price: z.number().int().nonnegative(),
  source: z.enum(['region', 'function', 'base']),
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;

export const citySchema = z
  .object({
    id: z.guid(),
    slug: z.string(),
    name: localizedTextSchema,
    region: z.string(),
    /** Where the booking map opens and where a pin may go (issue 42); null: no area set. */
    area: cityAreaSchema.nullable(),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof citySchema>;
export const citiesResponseSchema = z.array(citySchema);

export const boroughSchema = z.object({ id: z.guid(), name: localizedTextSchema }).meta({ id: 'Borough' });
export type Borough = z.infer<typeof boroughSchema>;
export const boroughsResponseSchema = z.array(boroughSchema);
export const citySlugParamsSchema = z.object({
  slug: z.string().trim().min(1).max(64).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
});
