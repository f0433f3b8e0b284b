/** Account calls (docs/accounts.md Authentication): better-auth's routes under /api/auth and our sign-up. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailRequest, ConfirmEmailResponse } from '@khedma/shared/schemas/account-data';
import type { ConfirmAddedEmailResponse } from '@khedma/shared/schemas/account-email';
import type { SignUpResponse } from '@khedma/shared/schemas/auth';
import { accountEmailKeys } from '../../entities/account/api';
import { api } from '../../lib/api';
import { currentLanguage, hasChosenLanguage, isLanguage, setLanguage } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  userType: 'customer' | 'pro';
  acceptAge: true;
  acceptTerms: true;
  /** Where the confirmation link should land (the server keeps only a path on this site). */
  next?: string;
}

/** API paths of accounts and sessions (better-auth's routes under /api/auth, ours under /api/accounts). */
export const authApiPaths = {
  signUp: '/api/accounts/sign-up',
  signIn: '/api/auth/sign-in/email',
  resendConfirmation: '/api/auth/send-verification-email',
  requestPasswordReset: '/api/auth/request-password-reset',
  confirmEmail: '/api/accounts/confirm-email',
  resetPassword: '/api/auth/reset-password',
  confirmAddedEmail: '/api/accounts/email/confirm',
} as const;

/** POST /api/accounts/sign-up: the account's emails will be in the language the visitor reads now. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<SignUpResponse>(authApiPaths.signUp, { ...input, locale: currentLanguage() }),
  });
}

/** POST /api/auth/sign-in/email: sets the session cookie; the session is fetched again before resolving. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      // Whatever another account left in the cache is not this user's.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await api.post(authApiPaths.signIn, { ...input, rememberMe: true });
      const me = await refreshSession(queryClient);
      // The language saved on the account (chosen on another device, or at sign-up) follows the user to a
      // device where no language was chosen; a choice made on this device (the switch, a ?lang= link) stays.
      const saved = me?.user.locale;
      if (saved && isLanguage(saved) && saved !== currentLanguage() && !hasChosenLanguage()) await setLanguage(saved).catch(() => undefined);
      return me;
    },
  });
}

/** POST /api/auth/send-verification-email (answers the same for unknown addresses); the link lands on `next` like the first one. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: ({ email, next }: { email: string; next?: string }) => api.post(authApiPaths.resendConfirmation, { email, next }),
  });
}

/** POST /api/auth/request-password-reset (answers the same for unknown addresses). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post(authApiPaths.requestPasswordReset, { email }),
  });
}

/**
 * POST /api/accounts/confirm-email: the confirmation link's step (issue 41). Sets the password chosen
 * now, confirms the address and signs in (the session is fetched before resolving); answers where to go.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConfirmEmailRequest) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      const answer = await api.post<ConfirmEmailResponse>(authApiPaths.confirmEmail, input);
      await refreshSession(queryClient).catch(() => undefined);
      return answer;
    },
  });
}

/** POST /api/auth/reset-password: ends every session of the account. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string; confirmPassword: string }) => api.post(authApiPaths.resetPassword, input),
  });
}

/**
 * POST /api/accounts/email/confirm: the token of the link sent to the email a phone account adds (issue 42);
 * a signed-in session then shows the new email, and the profile's view of the account's email is refreshed.
 */
export function useConfirmAddedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const answer = await api.post<ConfirmAddedEmailResponse>(authApiPaths.confirmAddedEmail, { token });
      await refreshSession(queryClient).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: accountEmailKeys.email });
      return answer;
    },
  });
}
