import type { ExternalToast } from 'sonner';
import { showNetworkNotice } from './network-notice';
import { retryableImport } from './retryable-import';

/**
 * Toasts without sonner in the first load. The toast library (about 10 KB compressed) is fetched the
 * first time a toast is shown or the visitor first interacts with the page, and its <Toaster> is
 * mounted then (app/providers.tsx). A toast asked for before that is kept by sonner and appears once
 * the Toaster mounts. Offline, before the library was fetched, the message shows in the shell's network
 * notice instead (lib/network-notice.ts).
 *
 * Shell code (loaded on every first visit) must use this module rather than `import { toast } from
 * 'sonner'`, which would put the library back into the first load. Page chunks may use either.
 */
type Sonner = typeof import('sonner');

// Not remembered when it fails (offline): the next toast fetches it again.
const importSonner = retryableImport(() => import('sonner'));
let needed = false;
const listeners = new Set<() => void>();

/** Loads the toast library and asks the host to mount its Toaster. */
export function loadToaster(): Promise<Sonner> {
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }
  return importSonner();
}

/** Calls `listener` once the Toaster is needed (at once if it already is). */
export function onToasterNeeded(listener: () => void): () => void {
  if (needed) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

function show(kind: Kind) {
  return (message: string, given?: ExternalToast): void => {
    // The same message shown again (a form saved twice) replaces the one on screen instead of stacking a
    // copy behind it: the stack's back toasts are faded, unreadable and announced twice.
    const options: ExternalToast = { id: message, ...given };
    loadToaster().then(
      ({ toast: sonnerToast }) => {
        if (kind === 'message') sonnerToast(message, options);
        else sonnerToast[kind](message, options);
      },
      // The library cannot be fetched (offline): the message still reaches the reader, in the shell's
      // notice, which needs nothing more from the network.
      () => showNetworkNotice({ message }),
    );
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};
