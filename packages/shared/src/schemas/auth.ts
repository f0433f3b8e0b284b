/**
 * Accounts: sign-up, sign-in, confirmation, password reset, sessions, phone codes.
 * Request schemas carry the docs/accounts.md rules; the web forms use the same ones.
 */
import { z } from 'zod';
import { ADMIN_ROLES, SIGNUP_USER_TYPES, USER_TYPES } from '../domain/accounts';
import { APPLICATION_STATUSES } from '../domain/applications';
import { LOCALES } from '../domain/constants';
import { PERMISSIONS } from '../domain/permissions';
import {
  VALIDATION_MESSAGES,
  emailField,
  loginPasswordField,
  moroccanPhoneField,
  nameField,
  newPasswordField,
  singleLineString,
  verificationCodeField,
} from '../domain/validation';
import { profileSchema } from './profile';
import { PHONE_CODE_CHANNELS } from '../domain/phone-accounts';

const bothStrings = (a: string, b: string) => (p: { value: unknown }) => {
  const v = p.value as Record<string, unknown> | undefined;
  return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
};

export const localeSchema = z.enum(LOCALES, { error: VALIDATION_MESSAGES.locale });

// ---------------------------------------------------------------------------------------------
// Sign-up: POST /api/accounts/sign-up
// ---------------------------------------------------------------------------------------------

export const signUpRequestSchema = z
  .object({
    /** Full name (docs/accounts.md calls the sign-up field "name"). */
    name: nameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: VALIDATION_MESSAGES.passwordsDoNotMatch }),
    /** customer or pro only; an admin account cannot be created by signing up. */
    userType: z.enum(SIGNUP_USER_TYPES, { error: VALIDATION_MESSAGES.userType }).default('customer'),
    /** 18 or older (docs/accounts.md legal checkbox 1). */
    acceptAge: z.literal(true, { error: VALIDATION_MESSAGES.acceptAge }),
    /** Terms, privacy and data-processing consent (legal checkbox 2). */
    acceptTerms: z.literal(true, { error: VALIDATION_MESSAGES.acceptTerms }),
    /** Language of the emails and SMS the account will receive. */
    locale: localeSchema.default('en'),
    /**
     * Where the confirmation link lands (a same-site path such as "/book-service?service=..."), with
     * ?verified=1; anything else, or none, lands on /dashboard?verified=1. Checked by the server.
     */
    next: singleLineString().max(2000).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
    when: bothStrings('password', 'confirmPassword'),
  })
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signUpResponseSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      userType: z.enum(SIGNUP_USER_TYPES),
      emailVerified: z.boolean(),
    }),
    /** A confirmation email was sent; the account cannot sign in before it is confirmed. */
    verificationEmailSent: z.boolean(),
  })
  .meta({ id: 'SignUpResponse' });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

// ---------------------------------------------------------------------------------------------
// better-auth routes under /api/auth (request rules checked by our server before better-auth)
// ---------------------------------------------------------------------------------------------

/** POST /api/auth/sign-in/email */
export const signInRequestSchema = z
  .object({
    email: emailField,
    password: loginPasswordField,
    /** false: the session ends when the browser closes. */
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** The account as better-auth returns it (no password, no tokens of anyone else). */
export const authUserSchema = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullish(),
    phoneNumber: z.string().nullish(),
    phoneNumberVerified: z.boolean().nullish(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' });

export const signInResponseSchema = z
  .object({
    redirect: z.boolean(),
    /**
     * Session token for bearer clients (mobile apps). Never sent to a page in a browser (a request
     * with Origin or Sec-Fetch-* headers): its session is the httpOnly cookie alone.
     */
    token: z.string().optional(),
    url: z.string().nullish(),
    user: authUserSchema,
  })
  .meta({ id: 'SignInResponse' });

/**
 * A session as the API shows it: an opaque id (what revoking takes), never its token, which is a
 * credential (a token read by a script works from anywhere as a bearer token).
 */
export const sessionInfoSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/auth/get-session: null when signed out. */
export const getSessionResponseSchema = z
  .object({ session: sessionInfoSchema, user: authUserSchema })
  .nullable()
  .meta({ id: 'SessionResponse' });

/** GET /api/auth/list-sessions: the account's active sessions, the caller's own marked `current`. */
export const listSessionsResponseSchema = z
  .array(sessionInfoSchema.extend({ current: z.boolean() }))
  .meta({ id: 'SessionList' });
export type ListSessionsResponse = z.infer<typeof listSessionsResponseSchema>;

/** POST /api/auth/revoke-session: signs out one session of the account, named by its id. */
export const revokeSessionRequestSchema = z
  .object({ id: singleLineString().min(1).max(100) })
  .meta({ id: 'RevokeSessionRequest' });

/** POST /api/auth/send-verification-email (resend the confirmation email). */
export const resendConfirmationRequestSchema = z
  .object({
    email: emailField,
    /** Where the link lands after confirmation; defaults to /dashboard?verified=1. Same origin only. */
    callbackURL: singleLineString().max(2000).optional(),
    /** Without callbackURL: the same-site path the link lands on, as at sign-up (checked by the server). */
    next: singleLineString().max(2000).optional(),
  })
  .meta({ id: 'ResendConfirmationRequest' });

/** POST /api/auth/request-password-reset (forgot password). */
export const forgotPasswordRequestSchema = z
  .object({
    email: emailField,
    /** Page that receives ?token= (or ?error=INVALID_TOKEN); defaults to /reset-password. Same origin only. */
    redirectTo: singleLineString().max(2000).optional(),
  })
  .meta({ id: 'ForgotPasswordRequest' });

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z
  .object({
    token: singleLineString().min(1).max(200),
    newPassword: newPasswordField,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
    when: bothStrings('newPassword', 'confirmPassword'),
  })
  .meta({ id: 'ResetPasswordRequest' });

/** POST /api/auth/change-password: other sessions end unless revokeOtherSessions is false. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1).max(128),
    newPassword: newPasswordField,
    /** Defaults to true, as a reset does: a thief signed in elsewhere is out. */
    revokeOtherSessions: z.boolean().optional(),
  })
  .meta({ id: 'ChangePasswordRequest' });

export const statusResponseSchema = z.looseObject({ status: z.boolean() }).meta({ id: 'StatusResponse' });
export const signOutResponseSchema = z.object({ success: z.boolean() }).meta({ id: 'SignOutResponse' });

/** POST /api/auth/phone-number/send-otp (onboarding phone step; signed in). */
export const sendPhoneCodeRequestSchema = z
  .object({ phoneNumber: moroccanPhoneField, channel: z.enum(PHONE_CODE_CHANNELS).default('sms') })
  .meta({ id: 'SendPhoneCodeRequest' });
export const sendPhoneCodeResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/phone-number/verify: marks the number verified on the signed-in account. */
export const verifyPhoneCodeRequestSchema = z
  .object({ phoneNumber: moroccanPhoneField, code: verificationCodeField })
  .meta({ id: 'VerifyPhoneCodeRequest' });
export const verifyPhoneCodeResponseSchema = z.looseObject({
  status: z.boolean(),
  user: authUserSchema.nullish(),
});

// ---------------------------------------------------------------------------------------------
// GET /api/me
// ---------------------------------------------------------------------------------------------

/** The signed-in user as every server module sees it. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    userType: z.enum(USER_TYPES),
    /** Active admin roles (empty for non-admins; an admin with none has all rights). */
    adminRoles: z.array(z.enum(ADMIN_ROLES)),
    locale: z.enum(LOCALES),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The user's latest application to become a professional (Become a Pro status card, the shell's button). */
export const myApplicationSummarySchema = z
  .object({
    status: z.enum(APPLICATION_STATUSES),
    submittedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'MyApplicationSummary' });
export type MyApplicationSummary = z.infer<typeof myApplicationSummarySchema>;

export const meResponseSchema = z
  .object({
    user: sessionUserSchema,
    /** null: the account has no profile yet ("Complete Your Profile"). */
    profile: profileSchema.nullable(),
    /** null: the user has never applied to become a professional. */
    application: myApplicationSummarySchema.nullable(),
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;
