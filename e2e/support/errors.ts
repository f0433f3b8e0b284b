import type { Page } from '@playwright/test';

/**
 * The page's errors and console errors, collected for a journey to expect none at its end.
 * `ignoreWebSocket`: a WebSocket closed by the test's own context teardown is not an application error.
 */
export function watchErrors(page: Page, { ignoreWebSocket = false }: { ignoreWebSocket?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !(ignoreWebSocket && /WebSocket/.test(message.text()))) errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}
