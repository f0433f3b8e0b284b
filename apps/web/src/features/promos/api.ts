/** The promos feature's calls (docs/promos.md): the admins' codes, the referral link and its claim. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCodeRequest, PromoCodeDto, ReferralSummary } from '@khedma/shared/schemas/promos';
import { api } from '../../lib/api';
import { promoKeys } from '../../entities/promo/api';

/** API paths of the promos module: the admin's codes and one's referral. */
export const promosApiPaths = {
  codes: '/api/admin/promo-codes',
  setActive: (id: string, active: boolean) => `/api/admin/promo-codes/${id}/${active ? 'activate' : 'deactivate'}`,
  myReferral: '/api/referrals/me',
  claimReferral: '/api/referrals/claim',
} as const;

const codesKey = ['promos', 'admin-codes'] as const;

export function usePromoCodes() {
  return useQuery({ queryKey: codesKey, queryFn: ({ signal }) => api.get<PromoCodeDto[]>(promosApiPaths.codes, { signal }) });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoCodeRequest) => api.post<PromoCodeDto>(promosApiPaths.codes, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useSetPromoActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api.post<PromoCodeDto>(promosApiPaths.setActive(id, active)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useReferral(enabled = true) {
  return useQuery({ queryKey: promoKeys.referral, queryFn: ({ signal }) => api.get<ReferralSummary>(promosApiPaths.myReferral, { signal }), enabled });
}

export const claimReferral = (code: string) => api.post<{ referred: true }>(promosApiPaths.claimReferral, { code });

/** A referral code seen signed out (/r/CODE), claimed once the visitor has an account (realtime.ts). */
export const PENDING_REFERRAL_KEY = 'khedma.referral';
