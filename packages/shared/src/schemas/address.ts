/**
 * The booking's address (issue 42, docs/bookings.md "Address"): the street address (required), a map pin,
 * a landmark or directions, floor and door; and a professional's base location and service radius.
 * The rules are in domain/travel.ts; the server checks the pin against the city's area.
 */
import { z } from 'zod';
import { BOOKING_LIMITS } from '../domain/booking-status';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES } from '../domain/travel';
import { VALIDATION_MESSAGES, isSingleLineText } from '../domain/validation';

export const ADDRESS_FIELD_MESSAGES = {
  streetRequired: 'Please enter the address',
  street: `Address must be at most ${BOOKING_LIMITS.locationMax} characters`,
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  radius: `The radius must be between ${ADDRESS_LIMITS.serviceRadiusKmMin} and ${ADDRESS_LIMITS.serviceRadiusKmMax} km`,
} as const;

/** A point on the map: WGS 84 degrees. */
export const geoPointSchema = z
  .object({
    lat: z.number({ error: ADDRESS_FIELD_MESSAGES.latitude }).min(-90, ADDRESS_FIELD_MESSAGES.latitude).max(90, ADDRESS_FIELD_MESSAGES.latitude),
    lng: z.number({ error: ADDRESS_FIELD_MESSAGES.longitude }).min(-180, ADDRESS_FIELD_MESSAGES.longitude).max(180, ADDRESS_FIELD_MESSAGES.longitude),
  })
  .meta({ id: 'GeoPoint' });

/** The street address: required, one line. */
export const streetAddressField = z
  .string({ error: ADDRESS_FIELD_MESSAGES.streetRequired })
  .trim()
  .min(1, { message: ADDRESS_FIELD_MESSAGES.streetRequired, abort: true })
  .max(BOOKING_LIMITS.locationMax, ADDRESS_FIELD_MESSAGES.street)
  .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine);

const optionalLine = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine)
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * The address's extra fields of both create requests: the pin (optional: without a map, none), a
 * landmark or directions, floor and door.
 */
export const addressRequestShape = {
  /** The map pin: inside the booked city's area (else 400 on `pin`). */
  pin: geoPointSchema.nullish(),
  landmark: optionalLine(ADDRESS_LIMITS.landmarkMax, ADDRESS_MESSAGES.landmark),
  floor: optionalLine(ADDRESS_LIMITS.floorMax, ADDRESS_MESSAGES.floor),
  door: optionalLine(ADDRESS_LIMITS.doorMax, ADDRESS_MESSAGES.door),
};

/**
 * The address's details as a booking shows them. `pin` and `links` only to the booking's customer
 * and its assigned professional (null for anyone else, and when no pin was placed).
 */
export const bookingAddressSchema = z
  .object({
    landmark: z.string().nullable(),
    floor: z.string().nullable(),
    door: z.string().nullable(),
    pin: geoPointSchema.nullable(),
    /** Open the pin in a maps app: a geo: URI (phones) and a web maps link. */
    links: z.object({ geo: z.string(), web: z.string() }).nullable(),
  })
  .meta({ id: 'BookingAddress' });
export type BookingAddress = z.infer<typeof bookingAddressSchema>;

/** A city's area, for the map (GET /api/cities carries it). */
export const cityAreaSchema = z.object({ center: geoPointSchema, radiusKm: z.number().positive() }).meta({ id: 'CityArea' });

/**
 * A professional's base location and service radius (their Services tab; PUT /api/pros/me/service-area).
 * Both null: the whole of their cities; one without the other is refused. The server also refuses a base
 * outside every city of theirs (ADDRESS_MESSAGES.baseOutsideCities).
 */
export const serviceAreaSchema = z
  .object({
    base: geoPointSchema.nullable(),
    radiusKm: z
      .number({ error: ADDRESS_FIELD_MESSAGES.radius })
      .int(ADDRESS_FIELD_MESSAGES.radius)
      .min(ADDRESS_LIMITS.serviceRadiusKmMin, ADDRESS_FIELD_MESSAGES.radius)
      .max(ADDRESS_LIMITS.serviceRadiusKmMax, ADDRESS_FIELD_MESSAGES.radius)
      .nullable(),
  })
  .refine((a) => (a.base === null) === (a.radiusKm === null), { message: ADDRESS_MESSAGES.serviceAreaIncomplete, path: ['radiusKm'] })
  .meta({ id: 'ServiceArea' });
export type ServiceArea = z.infer<typeof serviceAreaSchema>;
