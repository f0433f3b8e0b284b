/** Phone sign-in and sign-up (docs/accounts.md#phone-sign-in): POST /api/accounts/phone/code and /sign-in. */
import { z } from 'zod';
import { SIGNUP_USER_TYPES } from '../domain/accounts';
import { LOCALES } from '../domain/constants';
import { PHONE_CODE_CHANNELS } from '../domain/phone-accounts';
import { moroccanPhoneField, nameField, VALIDATION_MESSAGES, verificationCodeField } from '../domain/validation';
import { authUserSchema } from './auth';

/** A code to a Moroccan mobile, by SMS or WhatsApp (the person's choice), to sign in or up. */
export const phoneCodeRequestSchema = z
  .strictObject({
    phoneNumber: moroccanPhoneField,
    channel: z.enum(PHONE_CODE_CHANNELS).default('sms'),
    /** Language of the code's message (the account's own once it exists). */
    locale: z.enum(LOCALES).default('en'),
  })
  .meta({ id: 'PhoneCodeRequest' });
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeResponseSchema = z
  .object({ status: z.literal(true), resendAfterSeconds: z.number().int() })
  .meta({ id: 'PhoneCodeResponse' });

/**
 * The code back: signs into the account that has this verified number, whatever signed it up (an email
 * account whose owner verified the number signs in here too). With `signUp` and no such account, makes
 * one (customer or pro) and signs in; without, an unknown number is 404 PHONE_NOT_REGISTERED.
 */
export const phoneSignInRequestSchema = z
  .strictObject({
    phoneNumber: moroccanPhoneField,
    code: verificationCodeField,
    signUp: z
      .strictObject({
        name: nameField,
        userType: z.enum(SIGNUP_USER_TYPES).default('customer'),
        acceptAge: z.literal(true, { error: VALIDATION_MESSAGES.acceptAge }),
        acceptTerms: z.literal(true, { error: VALIDATION_MESSAGES.acceptTerms }),
        locale: z.enum(LOCALES).default('en'),
        /** The channel the code came by; WhatsApp here is the person's opt-in to WhatsApp messages. */
        channel: z.enum(PHONE_CODE_CHANNELS).default('sms'),
      })
      .optional(),
  })
  .meta({ id: 'PhoneSignInRequest' });
export type PhoneSignInRequest = z.input<typeof phoneSignInRequestSchema>;

export const phoneSignInResponseSchema = z
  .object({
    /** Bearer clients only (never to a page in a browser: its session is the httpOnly cookie). */
    token: z.string().nullish(),
    user: authUserSchema,
    /** A new account was made by this request. */
    created: z.boolean(),
  })
  .meta({ id: 'PhoneSignInResponse' });
