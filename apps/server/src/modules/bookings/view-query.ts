/**
 * The join a booking's view reads (docs/bookings.md#reads): the booking with its professional, city,
 * customer (account and profile) and service. The bookings pages' view and the admin's list and detail
 * (docs/admin.md) select their own columns from it and add their own filters and order.
 */
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { bookings, cities, professionals, profiles, serviceTypes, users } from '../../db/schema/index';

/**
 * Joins the booking view's tables to `query`, a dynamic select from `bookings`
 * (`db.select(columns).from(bookings).$dynamic()`); chain `.where(...)` after. The profile and the service
 * are left joins: their columns may be null whatever `columns` says (the result keeps `query`'s type).
 */
export function joinBookingView<Q extends PgSelect>(query: Q): Q {
  return query
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .innerJoin(cities, eq(cities.id, bookings.cityId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(profiles, eq(profiles.id, bookings.userId))
    .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId)) as unknown as Q;
}
