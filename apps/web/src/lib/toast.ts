import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the first load. The toast library (about 10 KB compressed) is fetched the
 * first time a toast is shown or the visitor first interacts with the page, and its <Toaster> is
 * mounted then (app/providers.tsx). A toast asked for before that is kept by sonner and appears once
 * the Toaster mounts.
 *
 * Shell code (loaded on every first visit) must use this module rather than `import { toast } from
 * 'sonner'`, which would put the library back into the first load. Page chunks may use either.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads the toast library and asks the host to mount its Toaster. */
export function loadToaster(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
    listeners.clear();
  }
  return sonner;
}

/** Calls `listener` once the Toaster is needed (at once if it already is). */
export function onToasterNeeded(listener: () => void): () => void {
  if (sonner) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void loadToaster().then(({ toast: sonnerToast }) => {
      if (kind === 'message') sonnerToast(message, options);
      else sonnerToast[kind](message, options);
    });
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};
