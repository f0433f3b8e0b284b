/** Professionals, what and where and when they work, and the applications that create them. */
import { APPLICATION_STATUSES } from '@khedma/shared/domain/applications';
import { PROFESSIONAL_STATUSES } from '@khedma/shared/domain/pros';
import { AVAILABILITY_SLOTS, type AvailabilitySlot } from '@khedma/shared/domain/schedule';
import type { Weekday } from '@khedma/shared/domain/time';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext, createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { serviceTypes } from './catalog';
import { boroughs, cities } from './geo';

export const professionals = pgTable(
  'professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First name: the only name clients see. */
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    region: text('region').notNull().default('Morocco'),
    about: text('about'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whole MAD per hour. */
    hourlyRate: integer('hourly_rate').notNull().default(150),
    /**
     * Kept by triggers (migration 0015), never written by the application: the cities of
     * professional_cities (first city first) and the categories of the active services offered, for search.
     */
    cityIds: uuid('city_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: PROFESSIONAL_STATUSES }).notNull().default('active'),
    approvedAt: tstz('approved_at'),
    /** Base location and service radius (issue 42, migration 0029): all three or none (none: the whole of their cities). */
    baseLat: doublePrecision('base_lat'),
    baseLng: doublePrecision('base_lng'),
    serviceRadiusKm: integer('service_radius_km'),
    /** Issue 41 (migration 0026): why and when a super_admin suspended them (status 'suspended'). */
    suspensionReason: text('suspension_reason'),
    suspendedAt: tstz('suspended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('professionals_hourly_rate_check', sql`${t.hourlyRate} >= 0`),
    check(
      'professionals_service_area_check',
      sql`(${t.baseLat} IS NULL AND ${t.baseLng} IS NULL AND ${t.serviceRadiusKm} IS NULL) OR (${t.baseLat} BETWEEN -90 AND 90 AND ${t.baseLng} BETWEEN -180 AND 180 AND ${t.serviceRadiusKm} BETWEEN 1 AND 100)`,
    ),
    check('professionals_status_check', inList(t.status, PROFESSIONAL_STATUSES)),
    // Finder: equality on city_id, ordered by name; assignment: active pros of a city.
    index('professionals_city_name_idx').on(t.cityId, t.name),
    // Finder ordered by name.
    index('professionals_name_idx').on(t.name),
    // Finder / search page: name or full_name ILIKE '%q%'.
    index('professionals_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('professionals_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // Search page sorted by price (the real hourly rate), alone and within a city (migration 0007).
    index('professionals_hourly_rate_idx').on(t.hourlyRate, t.id),
    index('professionals_city_hourly_rate_idx').on(t.cityId, t.hourlyRate, t.id),
    // Search filters on any of the cities / categories (migration 0015).
    // Partial: listed (active, approved) professionals only, so the index answers the whole filter.
    index('professionals_city_ids_idx').using('gin', t.cityIds).where(sql`${t.status} = 'active' and ${t.approvedAt} is not null`),
    index('professionals_categories_idx').using('gin', t.categories).where(sql`${t.status} = 'active' and ${t.approvedAt} is not null`),
    index('professionals_listed_idx').on(t.id).where(sql`${t.status} = 'active' and ${t.approvedAt} is not null`),
    // The finder's location order: one walk per city (first city's name, then name).
    index('professionals_listed_city_name_idx').on(t.cityId, t.name, t.id).where(sql`${t.status} = 'active' and ${t.approvedAt} is not null`),
  ],
);

/**
 * The cities a professional works in (issue 24), position 0 first; professionals.city_id is the first
 * (a trigger lists it here whenever it is written). Their boroughs are the professional_boroughs rows
 * whose borough lies in the city.
 */
export const professionalCities = pgTable(
  'professional_cities',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.cityId], name: 'professional_cities_pkey' }),
    check('professional_cities_position_check', sql`${t.position} >= 0`),
    // Assignment: professionals working in a city.
    index('professional_cities_city_idx').on(t.cityId, t.professionalId),
  ],
);

/** Service types a professional offers (docs/professionals.md's professionals.service_id, many-to-many). */
export const professionalServices = pgTable(
  'professional_services',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.serviceTypeId] }),
    // Finder filter by service / assignment: professionals who offer a service.
    index('professional_services_service_idx').on(t.serviceTypeId),
  ],
);

/** Boroughs a Casablanca professional covers. */
export const professionalBoroughs = pgTable(
  'professional_boroughs',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    boroughId: uuid('borough_id')
      .notNull()
      .references(() => boroughs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.boroughId] }),
    // Assignment: professionals covering a borough.
    index('professional_boroughs_borough_idx').on(t.boroughId),
  ],
);

/** Weekly availability: weekday 1 = Monday ... 7 = Sunday, slot hours in AVAILABILITY_SLOT_HOURS. */
export const professionalAvailability = pgTable(
  'professional_availability',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    slot: text('slot', { enum: AVAILABILITY_SLOTS }).notNull(),
  },
  (t) => [
    // The primary key also serves "availability of a professional".
    primaryKey({ columns: [t.professionalId, t.weekday, t.slot] }),
    check('professional_availability_weekday_check', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('professional_availability_slot_check', inList(t.slot, AVAILABILITY_SLOTS)),
  ],
);

/**
 * Days off (migration 0007): Casablanca calendar days, both ends included, when the professional takes
 * no work. The profile page's slots and the booking assignment skip them.
 */
export const professionalDaysOff = pgTable(
  'professional_days_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('professional_days_off_range_check', sql`${t.endsOn} >= ${t.startsOn}`),
    index('professional_days_off_professional_idx').on(t.professionalId, t.endsOn),
  ],
);

/** Weekly availability as the onboarding wizard sends it. */
export type WeeklyAvailability = Partial<Record<Weekday, Partial<Record<AvailabilitySlot, boolean>>>>;

/**
 * Applications to become a professional. Document fields hold private storage keys, never
 * public URLs (served through short-lived signed URLs).
 */
export const professionalApplications = pgTable(
  'professional_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    // Identity and contact.
    fullName: text('full_name').notNull(),
    email: citext('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    // Area.
    country: text('country').notNull().default('Morocco'),
    cityId: uuid('city_id').references(() => cities.id),
    /** borough ids (Casablanca only). */
    coverageBoroughs: uuid('coverage_boroughs')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // Services and availability.
    /** service_types ids (docs/professionals.md's service_catalog ids). */
    serviceCatalogIds: uuid('service_catalog_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The main service (the first chosen). */
    serviceId: uuid('service_id').references(() => serviceTypes.id, { onDelete: 'set null' }),
    availability: jsonb('availability').$type<WeeklyAvailability>().notNull().default({}),
    // Documents (private storage keys).
    profilePhotoUrl: text('profile_photo_url'),
    /** From the ID front. */
    nationalIdUrl: text('national_id_url'),
    /** From the ID back. */
    idVerificationUrl: text('id_verification_url'),
    addressProofUrl: text('address_proof_url'),
    skillCertificatesUrls: text('skill_certificates_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    certificateUrl: text('certificate_url'),
    insuranceCertificateUrl: text('insurance_certificate_url'),
    portfolioUrls: text('portfolio_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Experience.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experienceYears: integer('experience_years').notNull().default(1),
    yearsInBusiness: integer('years_in_business'),
    hourlyRate: integer('hourly_rate'),
    expertiseDescription: text('expertise_description'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    // Payout details (sensitive: masked unless finance_admin or super_admin).
    bankName: text('bank_name'),
    accountHolder: text('account_holder'),
    /** Holds the RIB. */
    bankAccountIban: text('bank_account_iban'),
    taxId: text('tax_id'),
    // Review.
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('professional_applications_status_check', inList(t.status, APPLICATION_STATUSES)),
    check('professional_applications_experience_check', sql`${t.experienceYears} BETWEEN 1 AND 30`),
    check(
      'professional_applications_hourly_rate_check',
      sql`${t.hourlyRate} IS NULL OR ${t.hourlyRate} >= 0`,
    ),
    // "select by user_id newest first limit 1" (the user's latest application).
    index('professional_applications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // "select pending newest submitted_at first" (admin review list).
    index('professional_applications_status_submitted_idx').on(t.status, t.submittedAt.desc().nullsFirst()),
    // At most one pending application per user.
    uniqueIndex('professional_applications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
