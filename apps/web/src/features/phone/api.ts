/** Phone sign-in and sign-up (docs/accounts.md#phone-sign-in): POST /api/accounts/phone/code and /sign-in. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneCodeChannel } from '@khedma/shared/domain/phone-accounts';
import { api } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';

/** API paths of phone sign-in (the auth module). */
export const phoneApiPaths = {
  code: '/api/accounts/phone/code',
  signIn: '/api/accounts/phone/sign-in',
} as const;

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (input: { phoneNumber: string; channel: PhoneCodeChannel }) =>
      api.post<{ status: true; resendAfterSeconds: number }>(phoneApiPaths.code, { ...input, locale: currentLanguage() }),
  });
}

export interface PhoneSignUp {
  name: string;
  userType: 'customer' | 'pro';
  acceptAge: true;
  acceptTerms: true;
  channel: PhoneCodeChannel;
}

/** Sets the session cookie; the session is fetched again before resolving. */
export function usePhoneSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { phoneNumber: string; code: string; signUp?: PhoneSignUp }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      const body = input.signUp ? { ...input, signUp: { ...input.signUp, locale: currentLanguage() } } : input;
      const answer = await api.post<{ created: boolean }>(phoneApiPaths.signIn, body);
      await refreshSession(queryClient);
      return answer;
    },
  });
}
