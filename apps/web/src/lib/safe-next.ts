/**
 * Where to go after logging in or signing up: the `?next=` path a guarded page sent the visitor from.
 * The rule of what is safe lives in the shared domain (the server checks the same `next` when it
 * builds the confirmation email's link); this file adds the account pages' links that carry it.
 */
import { DEFAULT_AFTER_LOGIN, safeNextPath } from '@khedma/shared/domain/safe-next';

export { DEFAULT_AFTER_LOGIN, safeNextPath };

/** `path`, with `next` when there is somewhere worth coming back to. */
function withNext(path: string, next?: string | null): string {
  const target = next ? safeNextPath(next, '') : '';
  return target && target !== DEFAULT_AFTER_LOGIN ? `${path}?${new URLSearchParams({ next: target }).toString()}` : path;
}

/** /login, with `next` when there is somewhere worth coming back to. */
export function loginPathWithNext(next?: string | null): string {
  return withNext('/login', next);
}

/** /signup, with `next`: creating an account on the way somewhere still gets there. */
export function signupPathWithNext(next?: string | null): string {
  return withNext('/signup', next);
}
