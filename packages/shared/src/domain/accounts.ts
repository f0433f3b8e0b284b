/**
 * Accounts (docs/accounts.md): who a person is (customer, professional, admin and the admin roles),
 * the limits of their fields, and how long an emailed confirmation link works. The field rules built on
 * these are validation.ts; who may do what, permissions.ts.
 */

/** profiles.user_type; anything else read from outside becomes `customer`. */
export const USER_TYPES = ['customer', 'pro', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const DEFAULT_USER_TYPE: UserType = 'customer';
/** Sign-up lets a visitor choose only these. */
export const SIGNUP_USER_TYPES = ['customer', 'pro'] as const satisfies readonly UserType[];
/** admin_roles.role. An admin user_type with no active role record has all rights. */
export const ADMIN_ROLES = ['super_admin', 'application_reviewer', 'finance_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** profile_audit_log.change_type (free text in the database; these are the values the product writes). */
export const PROFILE_CHANGE_TYPES = ['create', 'update', 'role_change_attempt', 'avatar_update'] as const;
export type ProfileChangeType = (typeof PROFILE_CHANGE_TYPES)[number];

/** Account field limits (docs/accounts.md): names, passwords, the emailed code, the age to sign up, the avatar. */
export const ACCOUNT_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 8,
  loginPasswordMin: 6,
  verificationCodeLength: 6,
  minimumAge: 18,
  avatarMaxBytes: 5 * 1024 * 1024,
} as const;

/** How long a confirmation email's link works (sign-up's and an added address's: docs/accounts.md "Confirmation"). */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
