import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Paying on the CMI simulator's hosted page (docs/payments.md "Simulator"): the test gateway the server
 * mounts under /__cmi outside production. Journeys pay there as a customer does; API set-ups pay through
 * the same pages over HTTP (payByApi), so every journey runs the real CMI code path.
 */
export const TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003063',
  timeout: '4000000000000119',
} as const;

/** On the hosted page (after Pay): enters `card` and pays; the 3-D Secure step with the test code when asked. */
export async function payOnHostedPage(page: Page, card: string = TEST_CARDS.approved): Promise<void> {
  await expect(page).toHaveURL(/\/__cmi\/fim\/est3Dgate/, { timeout: 15_000 });
  await expect(page.getByTestId('cmi-test-banner')).toContainText('TEST GATEWAY');
  await page.getByLabel('Card number').fill(card);
  await page.getByTestId('cmi-pay').click();
  if (card === TEST_CARDS.threeDSecure) {
    await page.getByLabel('Code').fill('1234');
    await page.getByTestId('cmi-3ds-submit').click();
  }
}

/** The simulator delays the callbacks of `email`'s orders (the ok page then waits "Confirming…"). */
export async function delayCallbacksOf(request: APIRequestContext, email: string, delayMs: number): Promise<void> {
  const res = await request.post('/__cmi/control', { data: { email, delayMs } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The hidden fields of a simulator page's auto-submitting form. */
function autoForm(html: string): { url: string; fields: Record<string, string> } | null {
  const action = /<form method="post" action="([^"]+)" data-auto="1">/.exec(html);
  if (!action) return null;
  const un = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[un(m[1]!)] = un(m[2]!);
  return { url: un(action[1]!), fields };
}

/**
 * A customer's `request` pays `bookingId` as the browser would: POST /pay, the form to the hosted page,
 * the card; then waits until the simulator's callback has made the booking paid.
 */
export async function payByApi(request: APIRequestContext, bookingId: string, card: string = TEST_CARDS.approved): Promise<void> {
  const res = await request.post(`/api/bookings/${bookingId}/pay`, { data: { method: 'card' } });
  expect(res.status(), await res.text()).toBe(200);
  const { redirect } = (await res.json()) as { redirect?: { url: string; fields: Record<string, string> } };
  if (!redirect) return;
  const gate = new URL(redirect.url).pathname;
  const page = await request.post(gate, { form: redirect.fields });
  expect(page.status(), await page.text()).toBe(200);
  const done = await request.post(`${gate}/pay`, { form: { oid: redirect.fields.oid!, pan: card } });
  expect(autoForm(await done.text())).not.toBeNull();
  if (card !== TEST_CARDS.approved) return;
  await expect
    .poll(async () => ((await (await request.get(`/api/bookings/${bookingId}`)).json()) as { paymentStatus: string }).paymentStatus, { timeout: 15_000 })
    .toBe('paid');
}
