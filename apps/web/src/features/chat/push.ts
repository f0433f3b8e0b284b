/**
 * Web push for new messages (docs/chat.md, decision 0015): asked for after the user sent a message
 * (they are waiting for an answer), never on a first visit. The subscription is saved per browser;
 * the server deletes it when the push service says it is gone.
 */
import { chatApiPaths } from '../../entities/conversation/api';
import { api } from '../../lib/api';

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
    const config = await api.get<{ enabled: boolean; publicKey: string | null }>(chatApiPaths.pushConfig);
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
  const config = await api.get<{ enabled: boolean; publicKey: string | null }>(chatApiPaths.pushConfig);
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
  await api.post(chatApiPaths.pushSubscriptions, subscription.toJSON());
  return 'enabled';
}
