/** The promos feature's calls (docs/promos.md): the admins' codes, the referral link and its claim. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCodeRequest, PromoCodeDto, ReferralSummary } from '@khedma/shared/schemas/promos';
import { api } from '../../lib/api';
import { promoKeys } from '../../entities/promo/api';

const codesKey = ['promos', 'admin-codes'] as const;

export function usePromoCodes() {
  return useQuery({ queryKey: codesKey, queryFn: ({ signal }) => api.get<PromoCodeDto[]>('/api/admin/promo-codes', { signal }) });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoCodeRequest) => api.post<PromoCodeDto>('/api/admin/promo-codes', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useSetPromoActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api.post<PromoCodeDto>(`/api/admin/promo-codes/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useReferral(enabled = true) {
  return useQuery({ queryKey: promoKeys.referral, queryFn: ({ signal }) => api.get<ReferralSummary>('/api/referrals/me', { signal }), enabled });
}

export const claimReferral = (code: string) => api.post<{ referred: true }>('/api/referrals/claim', { code });

/** A referral code seen signed out (/r/CODE), claimed once the visitor has an account (realtime.ts). */
export const PENDING_REFERRAL_KEY = 'khedma.referral';
