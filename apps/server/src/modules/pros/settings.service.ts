/**
 * A professional's own profile (/pro-profile, the dashboard's Services tab; docs/professionals.md "a
 * professional manages the services they offer and their hourly rate"): about, hourly rate, skills,
 * services, cities with their boroughs, weekly availability and days off. Only an approved, active
 * professional has one, and only their own: the record is found from the session, never from the
 * request, so there is no way to name another professional's.
 */
import { can, type SessionUser } from '@khedma/shared';
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
    const details = await this.repo.details(pro.id);
    return { id: pro.id, name: pro.name, about: pro.about, hourlyRate: pro.hourlyRate, skills: pro.skills, ...details };
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
    await this.repo.replace(pro.id, input);
    return this.get(user);
  }
}
