/**
 * Where to go after logging in: the `?next=` path a guarded page sent the visitor from.
 *
 * Only same-origin relative paths are followed ("/dashboard/bookings?x=1#y"); anything that could
 * leave the site (an absolute URL, "//evil.example", "/\\evil.example", "javascript:", control
 * characters) falls back to the dashboard, so a crafted login link cannot send someone elsewhere.
 */

export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** Query parameters that belong to one landing only (the language is remembered anyway) and must not survive a round trip through login. */
const ONE_SHOT_PARAMS = ['verified', 'error', 'lang'];

export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  // One leading slash and then not a second slash or backslash (protocol-relative URLs).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines and read backslashes as slashes in URLs: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'https://khedma.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://khedma.invalid') return fallback;
  // Never back to the account pages themselves (a loop after logging in).
  if (['/login', '/signup', '/forgot-password', '/reset-password'].includes(url.pathname)) return fallback;
  for (const p of ONE_SHOT_PARAMS) url.searchParams.delete(p);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, with `next` when there is somewhere worth coming back to. */
export function loginPathWithNext(next?: string | null): string {
  const target = next ? safeNextPath(next, '') : '';
  return target && target !== DEFAULT_AFTER_LOGIN ? `/login?${new URLSearchParams({ next: target }).toString()}` : '/login';
}
