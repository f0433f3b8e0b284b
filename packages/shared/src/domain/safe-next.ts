/**
 * Where to go after logging in or confirming an email: the `next` path a guarded page sent the
 * visitor from. Used by the web app (login, sign-up) and by the server, which builds the
 * confirmation email's link from the `next` a sign-up sends and must not trust it.
 *
 * Only same-origin relative paths are followed ("/dashboard/bookings?x=1#y"); anything that could
 * leave the site (an absolute URL, "//evil.example", "/\\evil.example", "javascript:", control
 * characters) falls back to the dashboard, so a crafted link cannot send someone elsewhere.
 */

export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** Query parameters that belong to one landing only (the language is remembered anyway) and must not survive a round trip through login. */
const ONE_SHOT_PARAMS = ['verified', 'error', 'lang'];

/** Any origin will do: only paths that stay on it are kept. */
const BASE = 'https://khedma.invalid';

export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  // One leading slash and then not a second slash or backslash (protocol-relative URLs).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines and read backslashes as slashes in URLs: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Never back to the account pages themselves (a loop after logging in).
  if (['/login', '/signup', '/forgot-password', '/reset-password', '/confirm-email', '/confirm-new-email'].includes(url.pathname)) return fallback;
  for (const p of ONE_SHOT_PARAMS) url.searchParams.delete(p);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the confirmation email's link lands: the safe `next` (the dashboard by default) with
 * `verified=1`, which the web app turns into the "email confirmed" notice wherever it lands.
 */
export function verifiedLandingPath(next?: string | null): string {
  const url = new URL(safeNextPath(next), BASE);
  url.searchParams.set('verified', '1');
  return `${url.pathname}${url.search}${url.hash}`;
}
