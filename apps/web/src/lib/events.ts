/**
 * Window events that decouple the shell from features (features do not import each other).
 * The cookie-consent feature listens for OPEN_COOKIE_SETTINGS_EVENT and opens its settings dialog.
 */
export const OPEN_COOKIE_SETTINGS_EVENT = 'khedma:open-cookie-settings';

export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT));
}
