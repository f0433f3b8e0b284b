/**
 * The shell's one notice for "this could not be fetched" (app/network-notice.tsx shows it). It lives in
 * the first download, so it can be shown when nothing else can be fetched: a piece of UI whose code did
 * not arrive (components/lazy-piece.tsx), or a toast while the toast library itself cannot load
 * (lib/toast.ts). One notice at a time; a newer one replaces the older.
 */
export interface NetworkNotice {
  /** Already translated; without it, errors.api.network ("We could not reach Khedma..."). */
  message?: string;
  /** Shown as Try again; the notice closes when it is pressed. */
  retry?: () => void;
}

let current: NetworkNotice | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showNetworkNotice(notice: NetworkNotice): void {
  current = notice;
  emit();
}

/** Closes `notice` if it is the one showing (or whatever shows, without an argument). */
export function dismissNetworkNotice(notice?: NetworkNotice): void {
  if (!current || (notice && notice !== current)) return;
  current = null;
  emit();
}

export function currentNetworkNotice(): NetworkNotice | null {
  return current;
}

export function subscribeNetworkNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
