import {
  APPLICATION_MESSAGES,
  type ApplicationDraft,
  type AreaStep,
  type AvailabilityStep,
  type FinalDraft,
  type PersonalStep,
  type ServicesStep,
  type SessionUser,
} from '@khedma/shared';
import type { ApplicationDraftData } from '../../db/schema/index';
import { AppError } from '../../http/errors';

import type { ApplicationsRepository } from './applications.repository';
import { toDraftView } from './draft-view';

/** The Casablanca rule of docs/professionals.md: boroughs apply only there, and there at least one is needed. */
export const BOROUGH_CITY_SLUG = 'casablanca';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * The wizard's draft, saved on the server step by step so that a reload or another device continues
 * where the applicant stopped. Each step is checked when saved (the shared schemas plus what only the
 * database knows: real cities, boroughs and services); the submission checks again.
 */
export class DraftService {
  constructor(private readonly repo: ApplicationsRepository) {}

  async get(user: SessionUser): Promise<ApplicationDraft> {
    const [row, phone] = await Promise.all([this.repo.draft(user.id), this.repo.verifiedPhone(user.id)]);
    const data = row?.data ?? {};
    const citySlug = data.area ? await this.repo.citySlug(data.area.cityId) : null;
    return toDraftView({ data, updatedAt: row?.updatedAt ?? null, phone, citySlug });
  }

  savePersonal(user: SessionUser, input: PersonalStep) {
    return this.update(user, (d) => ({ ...d, personal: input }));
  }

  async saveArea(user: SessionUser, input: AreaStep) {
    const city = await this.repo.activeCity(input.cityId);
    if (!city) throw invalid('cityId', APPLICATION_MESSAGES.city);
    let boroughIds: string[] = [];
    if (city.slug === BOROUGH_CITY_SLUG) {
      if (!input.boroughIds.length) throw invalid('boroughIds', APPLICATION_MESSAGES.boroughs);
      if ((await this.repo.countBoroughsOf(city.id, input.boroughIds)) !== input.boroughIds.length) {
        throw invalid('boroughIds', APPLICATION_MESSAGES.boroughs);
      }
      boroughIds = input.boroughIds;
    }
    // Another city: boroughs do not apply, whatever was sent (changing city clears them).
    return this.update(user, (d) => ({ ...d, area: { country: input.country, cityId: city.id, boroughIds } }));
  }

  async saveServices(user: SessionUser, input: ServicesStep) {
    if ((await this.repo.countActiveServices(input.serviceIds)) !== input.serviceIds.length) {
      throw invalid('serviceIds', APPLICATION_MESSAGES.services);
    }
    return this.update(user, (d) => ({ ...d, services: { serviceIds: input.serviceIds } }));
  }

  saveAvailability(user: SessionUser, input: AvailabilityStep) {
    return this.update(user, (d) => ({ ...d, availability: input.availability }));
  }

  saveFinal(user: SessionUser, input: FinalDraft) {
    return this.update(user, (d) => ({ ...d, final: { ...d.final, ...input } }));
  }

  /** Read, change and write the draft under a row lock, then answer the whole draft. */
  private async update(user: SessionUser, change: (d: ApplicationDraftData) => ApplicationDraftData): Promise<ApplicationDraft> {
    await this.repo.transaction(async (repo) => {
      const current = (await repo.draftForUpdate(user.id)) ?? {};
      await repo.saveDraft(user.id, change(current));
    });
    return this.get(user);
  }
}
