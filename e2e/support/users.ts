import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';

/**
 * Each journey makes the people it needs through the API, as a visitor would (sign-up, then the
 * confirmation link from the development outbox), and signs them in by cookie: journeys never share an
 * account, so they can run in parallel and in any order. One journey per area still signs in through
 * the form (accounts.spec, booking.spec's signed-out visitor).
 */

export const PASSWORD = 'Strong!Pass1';

export type Language = 'en' | 'fr' | 'ar';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

let counter = 0;
/** An address no other journey (or retry, or worker) uses. */
export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${process.pid.toString(36)}-${(counter++).toString(36)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ma`;

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
}

/** The newest email to `to` (waits for it: emails leave after the commit). */
export async function emailTo(request: APIRequestContext, to: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      found = list.find((m) => m.channel === 'email' && m.to === to);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The path of the first link of an email (the server writes absolute links to itself). */
export function linkPath(message: OutboxMessage): string {
  const match = /(https?:\/\/[^\s"<>]+)/.exec(message.text);
  if (!match) throw new Error(`no link in ${message.text}`);
  const url = new URL(match[1]!);
  return `${url.pathname}${url.search}`;
}

/**
 * A confirmed customer account of its own: signed up through the API, confirmed through the emailed
 * link. Pass the test's `request` fixture (a cookie jar of its own): the link may sign that context in.
 */
export async function createCustomer(
  request: APIRequestContext,
  { lang = 'en', tag = 'customer', name = 'Salma Bennani' }: { lang?: Language; tag?: string; name?: string } = {},
): Promise<TestUser> {
  // An account costs the server two password hashes (sign-up, then sign-in) and the journey three
  // requests and a look at the outbox: about 14 s with the machine's cores shared six ways (trace of
  // shell.spec's account menu journey), so the journey gets that time on top of its own.
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + 15_000);
  const email = uniqueEmail(tag);
  const res = await request.post('/api/accounts/sign-up', {
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD, userType: 'customer', acceptAge: true, acceptTerms: true, locale: lang },
  });
  expect(res.status(), await res.text()).toBe(201);
  // The link confirms the address, then redirects to the app: the redirect is not needed.
  const confirmed = await request.get(linkPath(await emailTo(request, email)), { maxRedirects: 0 });
  expect(confirmed.status(), await confirmed.text()).toBeLessThan(400);
  return { email, password: PASSWORD, name };
}

/**
 * Signs `email` in through the API: the session cookie lands in the browser context (context.request
 * shares its cookie jar), so the next page opened is signed in without going through the form.
 */
export async function signInByCookie(context: BrowserContext, user: Pick<TestUser, 'email' | 'password'>) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}
