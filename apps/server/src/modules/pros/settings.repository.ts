/** SQL of a professional's own profile: what they offer, where, when, and their days off. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isoToWeekday, weekdayToIso, type AvailabilitySlot, type IsoWeekday, type Weekday } from '@khedma/shared';
import type { ServiceArea } from '@khedma/shared/schemas/address';
import type { ProSettingsInput } from '@khedma/shared/schemas/pros';
import type { Db } from '../../db/client';
import {
  boroughs,
  cities,
  professionalAvailability,
  professionalBoroughs,
  professionalCities,
  professionalDaysOff,
  professionals,
  professionalServices,
  serviceTypes,
} from '../../db/schema/index';

export class ProsSettingsRepository {
  constructor(private readonly db: Db) {}

  /** The approved, active professional record of a user. */
  async professionalOfUser(userId: string) {
    const [row] = await this.db
      .select({ id: professionals.id, name: professionals.name, about: professionals.about, hourlyRate: professionals.hourlyRate, skills: professionals.skills })
      .from(professionals)
      .where(and(eq(professionals.userId, userId), eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`));
    return row;
  }

  async details(professionalId: string) {
    const [services, places, covered, slots, daysOff] = await Promise.all([
      this.db.select({ id: professionalServices.serviceTypeId }).from(professionalServices).where(eq(professionalServices.professionalId, professionalId)),
      this.db
        .select({ cityId: professionalCities.cityId })
        .from(professionalCities)
        .where(eq(professionalCities.professionalId, professionalId))
        .orderBy(asc(professionalCities.position), asc(professionalCities.cityId)),
      this.db
        .select({ id: professionalBoroughs.boroughId, cityId: boroughs.cityId })
        .from(professionalBoroughs)
        .innerJoin(boroughs, eq(boroughs.id, professionalBoroughs.boroughId))
        .where(eq(professionalBoroughs.professionalId, professionalId)),
      this.db
        .select({ weekday: professionalAvailability.weekday, slot: professionalAvailability.slot })
        .from(professionalAvailability)
        .where(eq(professionalAvailability.professionalId, professionalId)),
      this.daysOff(professionalId),
    ]);
    const availability: Partial<Record<Weekday, AvailabilitySlot[]>> = {};
    for (const s of slots) {
      const day = isoToWeekday(s.weekday as IsoWeekday);
      availability[day] = [...(availability[day] ?? []), s.slot];
    }
    const areas = places.map((c) => ({ cityId: c.cityId, boroughIds: covered.filter((b) => b.cityId === c.cityId).map((b) => b.id) }));
    return { serviceIds: services.map((s) => s.id), areas, availability, daysOff };
  }

  /** Days off, earliest first. */
  async daysOff(professionalId: string) {
    return this.db
      .select({ startsOn: professionalDaysOff.startsOn, endsOn: professionalDaysOff.endsOn })
      .from(professionalDaysOff)
      .where(eq(professionalDaysOff.professionalId, professionalId))
      .orderBy(asc(professionalDaysOff.startsOn), asc(professionalDaysOff.endsOn));
  }

  async activeServiceIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: serviceTypes.id })
      .from(serviceTypes)
      .where(and(inArray(serviceTypes.id, ids), eq(serviceTypes.isActive, true)));
    return rows.map((r) => r.id);
  }

  /** The active ones of these cities, each with the ids of its boroughs (none outside Casablanca). */
  async cities(ids: string[]) {
    if (ids.length === 0) return [];
    const [found, inside] = await Promise.all([
      this.db
        .select({ id: cities.id, slug: cities.slug, centerLat: cities.centerLat, centerLng: cities.centerLng, radiusKm: cities.radiusKm })
        .from(cities)
        .where(and(inArray(cities.id, ids), eq(cities.isActive, true))),
      this.db.select({ id: boroughs.id, cityId: boroughs.cityId }).from(boroughs).where(inArray(boroughs.cityId, ids)),
    ]);
    return found.map((c) => ({ ...c, boroughIds: inside.filter((b) => b.cityId === c.id).map((b) => b.id) }));
  }

  /** The base location and service radius (issue 42); both null when not set. */
  async serviceArea(professionalId: string): Promise<ServiceArea> {
    const [row] = await this.db
      .select({ lat: professionals.baseLat, lng: professionals.baseLng, radiusKm: professionals.serviceRadiusKm })
      .from(professionals)
      .where(eq(professionals.id, professionalId));
    return row && row.lat !== null && row.lng !== null && row.radiusKm !== null
      ? { base: { lat: Number(row.lat), lng: Number(row.lng) }, radiusKm: Number(row.radiusKm) }
      : { base: null, radiusKm: null };
  }

  /** The areas (centre and radius) of the professional's cities, for the base location's check. */
  async cityAreas(professionalId: string) {
    return this.db
      .select({ centerLat: cities.centerLat, centerLng: cities.centerLng, radiusKm: cities.radiusKm })
      .from(professionalCities)
      .innerJoin(cities, eq(cities.id, professionalCities.cityId))
      .where(eq(professionalCities.professionalId, professionalId));
  }

  async setServiceArea(professionalId: string, area: ServiceArea): Promise<void> {
    await this.db
      .update(professionals)
      .set({ baseLat: area.base?.lat ?? null, baseLng: area.base?.lng ?? null, serviceRadiusKm: area.radiusKm, updatedAt: sql`now()` })
      .where(eq(professionals.id, professionalId));
  }

  /**
   * Replaces the whole profile in one transaction: search, the finder and the assignment see all of it or none.
   * `clearServiceArea`: the base location is in none of the new cities, so it goes too.
   */
  async replace(professionalId: string, s: ProSettingsInput, clearServiceArea = false): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(professionals)
        .set({
          about: s.about,
          hourlyRate: s.hourlyRate,
          skills: s.skills,
          ...(clearServiceArea ? { baseLat: null, baseLng: null, serviceRadiusKm: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(professionals.id, professionalId));
      await tx.delete(professionalServices).where(eq(professionalServices.professionalId, professionalId));
      await tx.insert(professionalServices).values(s.serviceIds.map((serviceTypeId) => ({ professionalId, serviceTypeId })));
      // The cities in their order, then the first one on the professional's row (its trigger finds it listed).
      await tx.delete(professionalCities).where(eq(professionalCities.professionalId, professionalId));
      await tx.insert(professionalCities).values(s.areas.map((a, position) => ({ professionalId, cityId: a.cityId, position })));
      await tx.update(professionals).set({ cityId: s.areas[0]!.cityId }).where(eq(professionals.id, professionalId));
      await tx.delete(professionalBoroughs).where(eq(professionalBoroughs.professionalId, professionalId));
      const boroughIds = s.areas.flatMap((a) => a.boroughIds);
      if (boroughIds.length) await tx.insert(professionalBoroughs).values(boroughIds.map((boroughId) => ({ professionalId, boroughId })));
      await tx.delete(professionalAvailability).where(eq(professionalAvailability.professionalId, professionalId));
      const slots = Object.entries(s.availability).flatMap(([day, daySlots]) =>
        (daySlots ?? []).map((slot) => ({ professionalId, weekday: weekdayToIso(day as Weekday), slot: slot as AvailabilitySlot })),
      );
      if (slots.length) await tx.insert(professionalAvailability).values(slots);
      await tx.delete(professionalDaysOff).where(eq(professionalDaysOff.professionalId, professionalId));
      if (s.daysOff.length) await tx.insert(professionalDaysOff).values(s.daysOff.map((d) => ({ professionalId, startsOn: d.startsOn, endsOn: d.endsOn })));
    });
  }
}
