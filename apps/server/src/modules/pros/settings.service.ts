/**
 * A professional's own profile (/pro-profile, the dashboard's Services tab; docs/professionals.md "a
 * professional manages the services they offer and their hourly rate"): about, hourly rate, skills,
 * services, cities with their boroughs, weekly availability and days off. Only an approved, active
 * professional has one, and only their own: the record is found from the session, never from the
 * request, so there is no way to name another professional's.
 */
import { ADDRESS_MESSAGES, can, isInsideArea, roundCoordinate, type GeoPoint, type SessionUser } from '@khedma/shared';
import type { ServiceArea } from '@khedma/shared/schemas/address';
import { PROS_MESSAGES, type ProSettings, type ProSettingsInput } from '@khedma/shared/schemas/pros';
import { badRequest, forbidden } from '../../http/errors';
import type { ProsSettingsRepository } from './settings.repository';

export class ProsSettingsService {
  constructor(private readonly repo: ProsSettingsRepository) {}

  private async own(user: SessionUser) {
    if (!can(user, 'services:manage:own')) throw forbidden(PROS_MESSAGES.notAProfessional);
    const pro = await this.repo.professionalOfUser(user.id);
    if (!pro) throw forbidden(PROS_MESSAGES.notAProfessional);
    return pro;
  }

  async get(user: SessionUser): Promise<ProSettings> {
    const pro = await this.own(user);
    const [details, serviceArea] = await Promise.all([this.repo.details(pro.id), this.repo.serviceArea(pro.id)]);
    return { id: pro.id, name: pro.name, about: pro.about, hourlyRate: pro.hourlyRate, skills: pro.skills, ...details, serviceArea };
  }

  async update(user: SessionUser, input: ProSettingsInput): Promise<ProSettings> {
    const pro = await this.own(user);
    const known = new Set(await this.repo.activeServiceIds(input.serviceIds));
    if (input.serviceIds.some((id) => !known.has(id))) throw badRequest(PROS_MESSAGES.unknownService, { serviceIds: PROS_MESSAGES.unknownService });
    const found = new Map((await this.repo.cities(input.areas.map((a) => a.cityId))).map((c) => [c.id, c]));
    for (const [i, area] of input.areas.entries()) {
      const city = found.get(area.cityId);
      if (!city) throw badRequest(PROS_MESSAGES.city, { [`areas.${i}.cityId`]: PROS_MESSAGES.city });
      // Boroughs apply only where the city has them (Casablanca), and there at least one (docs/professionals.md Area).
      const cityBoroughs = new Set(city.boroughIds);
      if (cityBoroughs.size === 0 && area.boroughIds.length > 0) {
        throw badRequest(PROS_MESSAGES.boroughsOutsideCity, { [`areas.${i}.boroughIds`]: PROS_MESSAGES.boroughsOutsideCity });
      }
      if (cityBoroughs.size > 0 && (area.boroughIds.length === 0 || area.boroughIds.some((id) => !cityBoroughs.has(id)))) {
        throw badRequest(PROS_MESSAGES.boroughs, { [`areas.${i}.boroughIds`]: PROS_MESSAGES.boroughs });
      }
    }
    // A base location in none of the new cities would keep them from every pinned job there: it goes (docs/professionals.md).
    const { base } = await this.repo.serviceArea(pro.id);
    const clearServiceArea = base !== null && !insideAnyCity(base, input.areas.map((a) => found.get(a.cityId)!));
    await this.repo.replace(pro.id, input, clearServiceArea);
    return this.get(user);
  }

  /**
   * Sets (or, both null, clears) the base location and service radius (issue 42): the base must be
   * inside one of the professional's cities (400 on `base` otherwise). Assignment uses it at once.
   */
  async setServiceArea(user: SessionUser, input: ServiceArea): Promise<ServiceArea> {
    const pro = await this.own(user);
    const base = input.base ? { lat: roundCoordinate(input.base.lat), lng: roundCoordinate(input.base.lng) } : null;
    if (base && !insideAnyCity(base, await this.repo.cityAreas(pro.id))) {
      throw badRequest(ADDRESS_MESSAGES.baseOutsideCities, { base: ADDRESS_MESSAGES.baseOutsideCities });
    }
    await this.repo.setServiceArea(pro.id, { base, radiusKm: base ? input.radiusKm : null });
    return this.repo.serviceArea(pro.id);
  }
}

/** Whether a point is in the area of one of these cities (a city without an area set takes any point). */
function insideAnyCity(point: GeoPoint, cities: ReadonlyArray<{ centerLat: number | null; centerLng: number | null; radiusKm: number | null }>): boolean {
  return cities.some((c) =>
    c.centerLat === null || c.centerLng === null || c.radiusKm === null ? true : isInsideArea({ center: { lat: c.centerLat, lng: c.centerLng }, radiusKm: c.radiusKm }, point),
  );
}
