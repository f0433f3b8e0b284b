import {
  APPLICATION_MESSAGES,
  COUNTRY,
  type MyApplication,
  type SessionUser,
  type SubmitApplicationRequest,
} from '@khedma/shared';
import { AppError } from '../../http/errors';
import type { ApplicationsRepository } from './applications.repository';
import { incompleteSteps } from './draft-view';

const exists = (message: string) => new AppError('APPLICATION_EXISTS', message);

/** PostgreSQL unique_violation, wherever it sits in the error's cause chain. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Submitting the application (docs/professionals.md Application): the final step's fields plus the saved draft
 * become one pending application; the draft goes (its documents now belong to the application).
 * Refused, with the draft kept: a step not complete, a pending application (one at a time, also held
 * by the one-pending unique index when two submits race) or an approved one.
 */
export class SubmitService {
  constructor(private readonly repo: ApplicationsRepository) {}

  async submit(user: SessionUser, input: SubmitApplicationRequest): Promise<MyApplication> {
    try {
      return await this.repo.transaction(async (repo) => {
        const data = (await repo.draftForUpdate(user.id)) ?? {};
        if (await repo.hasApplicationWithStatus(user.id, ['pending'])) throw exists(APPLICATION_MESSAGES.pending);
        if (await repo.hasApplicationWithStatus(user.id, ['approved'])) throw exists(APPLICATION_MESSAGES.approved);

        const phone = await repo.verifiedPhone(user.id);
        const missing = incompleteSteps({ data, updatedAt: null, phone, citySlug: null });
        // Services or a city withdrawn since the step was saved make that step incomplete again.
        if (data.services && (await repo.countActiveServices(data.services.serviceIds)) !== data.services.serviceIds.length) {
          missing.services = APPLICATION_MESSAGES.services;
        }
        if (data.area && !(await repo.activeCity(data.area.cityId))) missing.area = APPLICATION_MESSAGES.city;
        if (Object.keys(missing).length) {
          throw new AppError('APPLICATION_INCOMPLETE', APPLICATION_MESSAGES.incomplete, missing as Record<string, string>);
        }

        const { personal, area, services, availability, documents } = data as Required<typeof data>;
        const created = await repo.insert({
          userId: user.id,
          status: 'pending',
          fullName: `${personal.firstName} ${personal.lastName}`,
          email: personal.email,
          phoneNumber: phone!.number,
          dateOfBirth: personal.dateOfBirth,
          country: area.country || COUNTRY,
          cityId: area.cityId,
          coverageBoroughs: area.boroughIds,
          serviceCatalogIds: services.serviceIds,
          serviceId: services.serviceIds[0] ?? null,
          availability,
          profilePhotoUrl: documents.profilePhoto!.key,
          nationalIdUrl: documents.idFront!.key,
          idVerificationUrl: documents.idBack!.key,
          addressProofUrl: documents.addressProof?.key ?? null,
          experienceYears: input.experienceYears,
          expertiseDescription: input.description,
          bankName: input.bankName,
          bankAccountIban: input.rib,
          accountHolder: input.accountHolder,
        });
        await repo.deleteDraft(user.id);
        return { id: created.id, status: 'pending' as const, submittedAt: created.submittedAt.toISOString(), rejectionReason: null };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw exists(APPLICATION_MESSAGES.pending);
      throw err;
    }
  }
}
