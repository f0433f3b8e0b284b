import type { RealtimeSubscriptionContext } from '../../lib/feature-realtime';
import { claimReferral, PENDING_REFERRAL_KEY } from './api';

/**
 * Not an event: run while someone is signed in, this claims a referral code the visitor kept from a
 * /r/CODE link before signing up (docs/promos.md), once; the server refuses what is not theirs to claim.
 */
export function subscribe({ queryClient }: RealtimeSubscriptionContext) {
  let code: string | null = null;
  try {
    code = window.localStorage.getItem(PENDING_REFERRAL_KEY);
    if (code) window.localStorage.removeItem(PENDING_REFERRAL_KEY);
  } catch {
    code = null;
  }
  if (code) {
    void claimReferral(code)
      .then(() => queryClient.invalidateQueries({ queryKey: ['promos'] }))
      .catch(() => undefined);
  }
  return () => undefined;
}
