/** Profiles (docs/accounts.md Profile, §5 profile rules): GET/PATCH /api/profile, POST /api/profile/avatar. */
import { z } from 'zod';
import { ICE_PATTERN } from '../domain/invoices';
import { USER_TYPES, ACCOUNT_LIMITS } from '../domain/accounts';
import { LOCALES } from '../domain/constants';
import { VALIDATION_MESSAGES, isPlainText, isSingleLineText, isValidName, normalizeMoroccanPhone } from '../domain/validation';

export const PROFILE_LIMITS = {
  locationMax: 100,
  aboutMeMax: 1000,
  avatarUrlMax: 500,
  avatarMaxBytes: ACCOUNT_LIMITS.avatarMaxBytes,
  /** Side of the square WebP every avatar becomes. */
  avatarSize: 512,
  /** Pictures one account may upload per hour (each is decoded and re-encoded: the costly part). */
  avatarUploadsPerHour: 20,
} as const;

export const PROFILE_MESSAGES = {
  location: `Location must be at most ${PROFILE_LIMITS.locationMax} characters`,
  aboutMe: `About me must be at most ${PROFILE_LIMITS.aboutMeMax} characters`,
  avatarUrl: 'Please upload the picture instead of giving a link',
  avatarTooLarge: 'Image size must be less than 5MB',
  avatarType: 'Please choose a JPEG, PNG, WebP, GIF, AVIF or HEIC image',
  avatarUnreadable: 'Failed to upload image. Please try again.',
  avatarMissing: 'Please choose an image to upload',
  ice: "An ICE is the 15 digits of your company's identifier.",
  avatarTooMany: 'You have uploaded many pictures in a short time. Please wait a moment and try again.',
} as const;

/** The fields docs/accounts.md lets a user change on their own profile (plus their language). */
export const EDITABLE_PROFILE_FIELDS = ['name', 'phone', 'location', 'full_name', 'about_me', 'avatar_url', 'locale', 'ice'] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const profileSchema = z
  .object({
    id: z.string(),
    /** First name: the only name clients see of a professional. */
    name: z.string().nullable(),
    full_name: z.string().nullable(),
    region: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Shown as "City". */
    location: z.string().nullable(),
    about_me: z.string().nullable(),
    /** Same-origin path of the avatar (GET /api/files/avatars/...), or null. */
    avatar_url: z.string().nullable(),
    user_type: z.enum(USER_TYPES),
    locale: z.enum(LOCALES),
    /** A business customer's ICE (15 digits), printed on their invoices (docs/payments.md "Invoices"). */
    ice: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Trim; an empty field is stored as null (docs/accounts.md). */
const blankToNull = (v: string | null) => {
  if (v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/** A text field that may be cleared: string or null in, trimmed string or null out, then the rule. */
function clearable<T extends z.ZodType<string, string>>(rule: T) {
  return z.string().nullable().transform(blankToNull).pipe(rule.nullable());
}

const profileName = z
  .string()
  .refine(isValidName, VALIDATION_MESSAGES.name)
  .transform((n) => n.replace(/\s+/g, ' '));

const profilePhone = z
  .string()
  .refine((p) => normalizeMoroccanPhone(p) !== null, VALIDATION_MESSAGES.phone)
  .transform((p) => normalizeMoroccanPhone(p)!);

/**
 * PATCH /api/profile. Only the fields above change; any other field in the body (user_type, email,
 * role, id ...) is dropped and the attempt written to the audit log as role_change_attempt.
 */
export const updateProfileRequestSchema = z
  .looseObject({
    name: clearable(profileName).optional(),
    full_name: clearable(profileName).optional(),
    phone: clearable(profilePhone).optional(),
    location: clearable(
      z.string().max(PROFILE_LIMITS.locationMax, PROFILE_MESSAGES.location).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
    ).optional(),
    about_me: clearable(
      z.string().max(PROFILE_LIMITS.aboutMeMax, PROFILE_MESSAGES.aboutMe).refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
    ).optional(),
    /** Only null (remove the picture) or the user's own uploaded avatar path. */
    avatar_url: clearable(
      z.string().max(PROFILE_LIMITS.avatarUrlMax, PROFILE_MESSAGES.avatarUrl).refine(isSingleLineText, PROFILE_MESSAGES.avatarUrl),
    ).optional(),
    locale: z.enum(LOCALES, { error: VALIDATION_MESSAGES.locale }).optional(),
    ice: clearable(z.string().regex(ICE_PATTERN, PROFILE_MESSAGES.ice)).optional(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Profile form (web): the four fields of "Update Profile", same rules. */
export const profileFormSchema = updateProfileRequestSchema.pick({ full_name: true, phone: true, location: true, about_me: true, ice: true });
