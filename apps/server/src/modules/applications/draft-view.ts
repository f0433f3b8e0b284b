import {
  APPLICATION_DOCUMENT_KINDS,
  APPLICATION_MESSAGES,
  ONBOARDING_STEPS,
  REQUIRED_DOCUMENT_KINDS,
  hasAnySlot,
  type ApplicationDraft,
  type OnboardingStep,
} from '@khedma/shared';
import type { ApplicationDraftData } from '../../db/schema/index';

export interface DraftFacts {
  data: ApplicationDraftData;
  updatedAt: Date | null;
  phone: { number: string; verified: boolean } | null;
  /** Slug of the draft's city (null when none or unknown). */
  citySlug: string | null;
}

/** Which of the first six steps hold what docs/professionals.md asks (step 7 is complete only when submitted). */
export function incompleteSteps({ data, phone }: DraftFacts): Partial<Record<OnboardingStep, string>> {
  const missing: Partial<Record<OnboardingStep, string>> = {};
  if (!phone?.verified) missing.phone = APPLICATION_MESSAGES.phoneNotVerified;
  if (!data.personal) missing.personal = APPLICATION_MESSAGES.dateOfBirth;
  if (!data.area) missing.area = APPLICATION_MESSAGES.city;
  if (!data.services?.serviceIds.length) missing.services = APPLICATION_MESSAGES.services;
  if (!data.availability || !hasAnySlot(data.availability)) missing.availability = APPLICATION_MESSAGES.availability;
  if (REQUIRED_DOCUMENT_KINDS.some((k) => !data.documents?.[k])) missing.documents = APPLICATION_MESSAGES.document;
  return missing;
}

/** The draft as the wizard reads it: no storage key ever leaves the server. */
export function toDraftView(facts: DraftFacts): ApplicationDraft {
  const { data } = facts;
  const missing = incompleteSteps(facts);
  const firstSix = ONBOARDING_STEPS.slice(0, 6);
  const completedSteps = firstSix.filter((s) => !(s in missing));
  const firstMissing = firstSix.findIndex((s) => s in missing);
  return {
    phone: facts.phone,
    personal: data.personal ?? null,
    area: data.area && facts.citySlug ? { ...data.area, citySlug: facts.citySlug } : null,
    services: data.services ?? null,
    availability: data.availability ?? null,
    documents: APPLICATION_DOCUMENT_KINDS.flatMap((kind) => {
      const d = data.documents?.[kind];
      return d ? [{ kind, contentType: d.contentType, size: d.size, name: d.name, uploadedAt: d.uploadedAt }] : [];
    }),
    final: data.final ?? null,
    resumeStep: firstMissing === -1 ? ONBOARDING_STEPS.length : firstMissing + 1,
    completedSteps,
    updatedAt: facts.updatedAt ? facts.updatedAt.toISOString() : null,
  };
}
