/**
 * Applications to become a professional (docs/professionals.md wizard, §3 professional_applications and onboarding
 * data, §5): the draft saved step by step, the documents, the submission and the applicant's status.
 */
import { z } from 'zod';
import { APPLICATION_DOCUMENT_KINDS, APPLICATION_LIMITS, APPLICATION_MESSAGES, ONBOARDING_STEPS, compactAvailability, hasAnySlot, isAdultOn, isConsistentAvailability, isValidRib, normalizeRib, APPLICATION_STATUSES, BANKS } from '../domain/applications';
import { COUNTRY } from '../domain/constants';
import { AVAILABILITY_SLOTS } from '../domain/schedule';
import { WEEKDAYS } from '../domain/time';
import { emailField, isPlainText, isSingleLineText, isValidName, VALIDATION_MESSAGES } from '../domain/validation';

const nameOf = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isValidName, message)
    .transform((n) => n.replace(/\s+/g, ' '));

// ---------------------------------------------------------------------------------------------
// Steps (PUT /api/applications/draft/{step})
// ---------------------------------------------------------------------------------------------

/** Step 2: first and last name, email, date of birth (18 or over). */
export const personalStepSchema = z
  .object({
    firstName: nameOf(APPLICATION_MESSAGES.firstName),
    lastName: nameOf(APPLICATION_MESSAGES.lastName),
    email: emailField,
    dateOfBirth: z
      .string({ error: APPLICATION_MESSAGES.dateOfBirth })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, APPLICATION_MESSAGES.dateOfBirth)
      .refine((d) => isAdultOn(d), APPLICATION_MESSAGES.underage),
  })
  .meta({ id: 'ApplicationPersonalStep' });
export type PersonalStep = z.infer<typeof personalStepSchema>;

/** Step 3: Morocco, a city, and for Casablanca at least one borough (checked on the server, cities being data). */
export const areaStepSchema = z
  .object({
    country: z.literal(COUNTRY).default(COUNTRY),
    cityId: z.guid({ error: APPLICATION_MESSAGES.city }),
    boroughIds: z
      .array(z.guid({ error: APPLICATION_MESSAGES.boroughs }))
      .max(APPLICATION_LIMITS.boroughsMax)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .meta({ id: 'ApplicationAreaStep' });
export type AreaStep = z.infer<typeof areaStepSchema>;

/** Step 4: at least one service type. */
export const servicesStepSchema = z
  .object({
    serviceIds: z
      .array(z.guid({ error: APPLICATION_MESSAGES.services }))
      .min(1, APPLICATION_MESSAGES.services)
      .max(APPLICATION_LIMITS.servicesMax)
      .transform((ids) => [...new Set(ids)]),
  })
  .meta({ id: 'ApplicationServicesStep' });
export type ServicesStep = z.infer<typeof servicesStepSchema>;

const daySchema = z.strictObject(Object.fromEntries(AVAILABILITY_SLOTS.map((s) => [s, z.boolean().optional()])) as Record<
  (typeof AVAILABILITY_SLOTS)[number],
  z.ZodOptional<z.ZodBoolean>
>);
export const applicationAvailabilitySchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, daySchema.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof daySchema>>)
  .meta({ id: 'ApplicationWeeklyAvailability' });

/** Step 5: slots per weekday; allDay never with another slot of the same day; one slot at least. */
export const availabilityStepSchema = z
  .object({
    availability: applicationAvailabilitySchema
      .refine(isConsistentAvailability, APPLICATION_MESSAGES.availabilityAllDay)
      .refine(hasAnySlot, APPLICATION_MESSAGES.availability)
      .transform(compactAvailability),
  })
  .meta({ id: 'ApplicationAvailabilityStep' });
export type AvailabilityStep = z.infer<typeof availabilityStepSchema>;

/** Step 7 fields (professional background and banking), each with its §5 rule. */
const finalFields = {
  experienceYears: z
    .number({ error: APPLICATION_MESSAGES.experience })
    .int(APPLICATION_MESSAGES.experience)
    .min(APPLICATION_LIMITS.experienceYears.min, APPLICATION_MESSAGES.experience)
    .max(APPLICATION_LIMITS.experienceYears.max, APPLICATION_MESSAGES.experience),
  description: z
    .string({ error: APPLICATION_MESSAGES.description })
    .trim()
    .min(1, APPLICATION_MESSAGES.description)
    .max(APPLICATION_LIMITS.descriptionMax)
    .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
  bankName: z.enum(BANKS, { error: APPLICATION_MESSAGES.bank }),
  rib: z
    .string({ error: APPLICATION_MESSAGES.rib })
    .refine(isValidRib, APPLICATION_MESSAGES.rib)
    .transform(normalizeRib),
  accountHolder: z
    .string({ error: APPLICATION_MESSAGES.accountHolder })
    .trim()
    .min(1, APPLICATION_MESSAGES.accountHolder)
    .max(APPLICATION_LIMITS.accountHolderMax, APPLICATION_MESSAGES.accountHolder)
    .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
  acceptTerms: z.literal(true, { error: APPLICATION_MESSAGES.acceptTerms }),
  acceptPrivacy: z.literal(true, { error: APPLICATION_MESSAGES.acceptPrivacy }),
};

/** POST /api/applications: the final step's fields; every other step comes from the saved draft. */
export const submitApplicationRequestSchema = z.object(finalFields).meta({ id: 'SubmitApplicationRequest' });
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequestSchema>;

/**
 * PUT /api/applications/draft/final: what the applicant typed so far on step 7, kept for a reload or
 * another device. Any field may be missing; those given must be valid. The consents are kept as ticked
 * (so a reload does not untick them behind the applicant's back); submitting still requires both true.
 */
export const finalDraftSchema = z
  .object({
    experienceYears: finalFields.experienceYears.optional(),
    description: z.string().max(APPLICATION_LIMITS.descriptionMax).refine(isPlainText, VALIDATION_MESSAGES.controlCharacters).optional(),
    bankName: finalFields.bankName.optional(),
    /** Kept as typed (it may be half written); checked on submit. */
    rib: z.string().max(40).regex(/^[\d\s-]*$/, APPLICATION_MESSAGES.rib).optional(),
    accountHolder: z.string().max(APPLICATION_LIMITS.accountHolderMax).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional(),
    acceptTerms: z.boolean().optional(),
    acceptPrivacy: z.boolean().optional(),
  })
  .meta({ id: 'ApplicationFinalDraft' });
export type FinalDraft = z.infer<typeof finalDraftSchema>;

export const applicationDocumentKindSchema = z.enum(APPLICATION_DOCUMENT_KINDS, { error: 'Unknown document' });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const draftDocumentSchema = z
  .object({
    kind: applicationDocumentKindSchema,
    contentType: z.string(),
    size: z.number().int(),
    /** The name the file had on the applicant's device (shown back to them only). */
    name: z.string(),
    uploadedAt: z.string(),
  })
  .meta({ id: 'ApplicationDraftDocument' });
export type DraftDocument = z.infer<typeof draftDocumentSchema>;

export const applicationDraftSchema = z
  .object({
    /** The verified phone of the account (step 1), or null. */
    phone: z.object({ number: z.string(), verified: z.boolean() }).nullable(),
    personal: z
      .object({ firstName: z.string(), lastName: z.string(), email: z.string(), dateOfBirth: z.string() })
      .nullable(),
    area: z.object({ country: z.string(), cityId: z.guid(), citySlug: z.string(), boroughIds: z.array(z.guid()) }).nullable(),
    services: z.object({ serviceIds: z.array(z.guid()) }).nullable(),
    availability: applicationAvailabilitySchema.nullable(),
    documents: z.array(draftDocumentSchema),
    final: finalDraftSchema.nullable(),
    /** The first step not yet complete (1-7): where the wizard resumes. */
    resumeStep: z.number().int().min(1).max(ONBOARDING_STEPS.length),
    completedSteps: z.array(z.enum(ONBOARDING_STEPS)),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'ApplicationDraft' });
export type ApplicationDraft = z.infer<typeof applicationDraftSchema>;

export const myApplicationSchema = z
  .object({
    id: z.guid(),
    status: z.enum(APPLICATION_STATUSES),
    submittedAt: z.string(),
    rejectionReason: z.string().nullable(),
  })
  .meta({ id: 'MyApplication' });
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** GET /api/applications/mine: the latest application, or null when the user never applied. */
export const myApplicationResponseSchema = z.object({ application: myApplicationSchema.nullable() });
export type MyApplicationResponse = z.infer<typeof myApplicationResponseSchema>;

export const applicationDocumentParamsSchema = z.object({ kind: applicationDocumentKindSchema });
export const applicationFileParamsSchema = z.object({ id: z.guid({ error: 'Not found' }), kind: applicationDocumentKindSchema });
