/**
 * Web push (docs/chat.md, decision 0015): new messages and booking status changes. Asked for at a
 * moment that makes sense, never on a first visit: after the user sent a message (they wait for an
 * answer), after their first booking (they wait for the professional), or from the profile's
 * Notifications section. The subscription is saved per browser; the server deletes it when the push
 * service says it is gone, and pushes only while the account's push choice is on.
 */
import { api } from './api';

export const pushApiPaths = {
  config: '/api/push/config',
  subscriptions: '/api/push/subscriptions',
} as const;

const DISMISSED_KEY = 'khedma.push.dismissed';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** Whether to offer push now: supported, not yet decided in this browser, not dismissed. */
export async function shouldOfferPush(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  try {
    if (window.localStorage.getItem(DISMISSED_KEY)) return false;
  } catch {
    // Storage blocked: offering is still fine.
  }
  try {
    const config = await api.get<{ enabled: boolean; publicKey: string | null }>(pushApiPaths.config);
    return config.enabled && !!config.publicKey;
  } catch {
    return false;
  }
}

export function dismissPush(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage blocked: asked again next time.
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser, subscribes with the server's VAPID key, and saves the subscription. */
export async function enablePush(): Promise<'enabled' | 'denied' | 'unavailable'> {
  if (!pushSupported()) return 'unavailable';
  const config = await api.get<{ enabled: boolean; publicKey: string | null }>(pushApiPaths.config);
  if (!config.enabled || !config.publicKey) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => window.setTimeout(() => resolve(null), 10_000)),
  ]);
  if (!registration) return 'unavailable';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(config.publicKey) }));
  await api.post(pushApiPaths.subscriptions, subscription.toJSON());
  return 'enabled';
}

/** What this browser can do about push: not supported, blocked by the user, allowed, or not asked yet. */
export function browserPushState(): 'unsupported' | 'denied' | 'granted' | 'default' {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission;
}
