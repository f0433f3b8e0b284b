/**
 * How a feature subscribes to its realtime events (docs/adding-a-capability.md): each
 * `features/<name>/realtime.ts` exports `subscribe`, and src/app/realtime-bridge.tsx calls every
 * feature's while someone is signed in, so a new capability's events need no central switch.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { RealtimeClient } from './realtime';

export interface RealtimeSubscriptionContext {
  client: RealtimeClient;
  queryClient: QueryClient;
  /** For toasts in the current language (stable across language switches). */
  i18n: I18n;
}

/** What a feature's realtime.ts exports: starts listening, returns the function that stops. */
export interface FeatureRealtimeModule {
  subscribe(context: RealtimeSubscriptionContext): () => void;
}
