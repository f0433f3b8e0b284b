import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FeatureRealtimeModule } from '../lib/feature-realtime';
import { getRealtimeClient } from '../lib/realtime';
import { useTranslation } from '../lib/use-translation';

/** Every feature's realtime subscriptions (features/<name>/realtime.ts, see lib/feature-realtime.ts). */
const featureSubscriptions = import.meta.glob<FeatureRealtimeModule>('../features/*/realtime.ts', { eager: true });

/**
 * Keeps the realtime channel open while a user is signed in (mounted once, lazily, by the root
 * layout) and lets each feature listen to its own events on it.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // The i18n instance is stable: switching language must not reconnect the socket.
  const { i18n } = useTranslation();

  useEffect(() => {
    const client = getRealtimeClient();
    const unsubscribes = Object.keys(featureSubscriptions)
      .sort()
      .map((file) => featureSubscriptions[file]!.subscribe({ client, queryClient, i18n }));
    const online = () => client.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') client.reconnectNow();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    client.start();
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      client.stop();
    };
    // A different user (sign-out then sign-in) gets a fresh connection with their own session.
  }, [queryClient, i18n, userId]);

  return null;
}
