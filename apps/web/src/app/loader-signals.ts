/**
 * What the public pages' loader (/boot.js, decision 0031) learns from the app. The loader starts the app
 * on a public page only when the reader shows intent, except for a reader the app saw signed in: their
 * header shows their account, so for them it starts the app at once, as it did for everyone before.
 * The loader reads the key below (loader.test.ts keeps the two in step).
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../lib/session';

/** localStorage: "1" while the app last saw this browser signed in. */
export const SIGNED_IN_KEY = 'khedma.signedIn';

type Marks = Pick<Storage, 'setItem' | 'removeItem'>;

function storage(): Marks | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a privacy setting): the loader then waits for intent, which only delays the header.
    return null;
  }
}

/**
 * Keeps SIGNED_IN_KEY in step with the session entry of the query cache (lib/session.ts): set when it
 * holds a user, removed when it is null (signed out, or the session ended). An answer not in yet (or
 * failed) changes nothing. Returns the unsubscribe function.
 */
export function rememberSignedIn(queryClient: QueryClient, marks: Marks | null = storage()): () => void {
  const key = JSON.stringify(sessionQueryKey);
  let last: boolean | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (!marks || event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== key) return;
    const data: unknown = event.query.state.data;
    if (data === undefined) return;
    const signedIn = data !== null;
    if (signedIn === last) return;
    last = signedIn;
    try {
      if (signedIn) marks.setItem(SIGNED_IN_KEY, '1');
      else marks.removeItem(SIGNED_IN_KEY);
    } catch {
      // Full or refused: the loader waits for intent on the next public page.
    }
  });
}
