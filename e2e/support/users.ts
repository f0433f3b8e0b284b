import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { readStrings } from './locales';

/**
 * Each journey makes the people it needs (createPerson: the development route POST /api/dev/test-people)
 * and signs them in by cookie: journeys never share an account, so they can run in parallel and in any
 * order. Sign-up, the confirmation link and the sign-in form keep journeys of their own (accounts.spec,
 * booking.spec's signed-out visitor).
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

/** The newest email to `to`, with that subject when one is given (waits for it: emails leave after the commit). */
export async function emailTo(request: APIRequestContext, to: string, subject?: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      found = list.find((m) => m.channel === 'email' && m.to === to && (subject === undefined || m.subject === subject));
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

export interface TestPerson extends TestUser {
  userId: string;
  /** Professionals: their professional record, city and services. */
  professionalId?: string;
  cityId?: string;
  serviceTypeIds?: string[];
}

export interface PersonOptions {
  lang?: Language;
  name?: string;
  /** Admins: their roles (default super_admin). */
  roles?: Array<'super_admin' | 'application_reviewer' | 'finance_admin'>;
  /** City slug (default casablanca). */
  city?: string;
  /** Professionals: every active service of this category (default plumbing). */
  category?: string;
  /** Professionals: an approved application with these bank details (where their payouts go). */
  bank?: { bankName: string; accountHolder: string; account: string };
}

/**
 * Where journeys' professionals work: a city and category that no demo professional covers (so the
 * real assignment picks the journey's own professional) and, for each pair, the one spec that uses it,
 * so that journeys running in parallel never take each other's bookings or appear in each other's
 * lists (pros.spec expects pro@demo.ma to be Casablanca's only plumber, for instance). Add a row for a
 * new journey; never use a pair of another spec.
 */
export const PRO_AREAS = [
  { city: 'fes', category: 'gardening', spec: 'admin.spec (two, for a reassignment)' },
  { city: 'marrakech', category: 'delivery', spec: 'holds.spec (en)' },
  { city: 'fes', category: 'delivery', spec: 'holds.spec (ar)' },
  { city: 'tanger', category: 'electrical', spec: 'reviews-earnings.spec (review, en)' },
  { city: 'marrakech', category: 'painting', spec: 'reviews-earnings.spec (review, ar)' },
  { city: 'tanger', category: 'moving', spec: 'reviews-earnings.spec (payout, en)' },
  { city: 'marrakech', category: 'electrical', spec: 'reviews-earnings.spec (payout, ar)' },
  { city: 'tanger', category: 'painting', spec: 'reviews-earnings.spec (receipt)' },
  { city: 'rabat', category: 'handyman', spec: 'booking-fixes.spec' },
  { city: 'rabat', category: 'gardening', spec: 'chat.spec' },
  { city: 'marrakech', category: 'moving', spec: 'pros.spec (Services tab; adds fes as a second city)' },
  { city: 'fes', category: 'moving', spec: 'pros.spec (the Services tab professional\'s second city: no journey books movers there)' },
  { city: 'fes', category: 'plumbing', spec: 'payout-batches.spec (en)' },
  { city: 'fes', category: 'handyman', spec: 'payout-batches.spec (ar)' },
  { city: 'tanger', category: 'plumbing', spec: 'newcomer.spec (refund double click)' },
  { city: 'tanger', category: 'handyman', spec: 'admin.spec (an unpaid hold, en and ar)' },
  { city: 'tanger', category: 'gardening', spec: 'finance-lists.spec (a refused refund, en and ar)' },
  { city: 'agadir', category: 'moving', spec: 'job-quotes.spec (two movers, en)' },
  { city: 'meknes', category: 'moving', spec: 'job-quotes.spec (two movers, ar)' },
  { city: 'agadir', category: 'electrical', spec: 'support.spec (a ticket on a booking, en and ar)' },
  { city: 'agadir', category: 'plumbing', spec: 'claims.spec (en)' },
  { city: 'agadir', category: 'cleaning', spec: 'claims.spec (ar)' },
  { city: 'agadir', category: 'handyman', spec: 'lateness.spec (running late, en)' },
  { city: 'agadir', category: 'painting', spec: 'lateness.spec (running late, ar)' },
  { city: 'agadir', category: 'gardening', spec: 'lateness.spec (suspension, en)' },
  { city: 'agadir', category: 'delivery', spec: 'lateness.spec (suspension, ar)' },
  { city: 'meknes', category: 'plumbing', spec: 'phone.spec (en)' },
  { city: 'meknes', category: 'delivery', spec: 'phone.spec (ar)' },
  { city: 'tanger', category: 'delivery', spec: 'promos.spec (en)' },
  { city: 'meknes', category: 'handyman', spec: 'promos.spec (ar)' },
  { city: 'meknes', category: 'electrical', spec: 'address.spec (a pin and a base location, en)' },
  { city: 'meknes', category: 'painting', spec: 'address.spec (a pin and a base location, ar)' },
  { city: 'tanger', category: 'cleaning', spec: 'recurring.spec (a weekly cleaning series, en and ar)' },
  { city: 'meknes', category: 'cleaning', spec: 'recurring.spec (a series chosen in the wizard, en)' },
  { city: 'meknes', category: 'gardening', spec: 'recurring.spec (a series chosen in the wizard, ar)' },
  { city: 'oujda', category: 'gardening', spec: 'travel.spec (two, for a reassignment with distances, en)' },
  { city: 'oujda', category: 'cleaning', spec: 'travel.spec (two, for a reassignment with distances, ar)' },
  { city: 'kenitra', category: 'cleaning', spec: 'recurring.spec (the professional\'s planned visits, en)' },
  { city: 'kenitra', category: 'gardening', spec: 'recurring.spec (the professional\'s planned visits, ar)' },
  // Free (no demo professional there): tanger cleaning, delivery. Agadir and Meknes are the journeys' own
  // cities (JOURNEY_CITIES, made by the test-people route; no demo professional): their pairs are handed out
  // to the journeys of issues 41-43; add the row with the journey. Oujda is travel.spec's (issue 42), Kenitra
  // recurring.spec's planned visits (issue 43).
] as const;

/** Session cookies of the people made here, by email: signInByCookie uses them instead of a password. */
const sessionCookies = new Map<string, { name: string; value: string }>();

/**
 * A confirmed, signed-in person of their own (customer, professional or admin), made by the server's
 * development route POST /api/dev/test-people (scripts/e2e-server.mjs turns it on): no password is
 * hashed, so a person costs one quick request instead of sign-up, confirmation and sign-in (about 14 s
 * on two shared cores). The session cookie lands in `request`'s cookie jar: pass `context.request` to
 * sign that browser context in. Sign-up and the confirmation link keep their own journeys
 * (accounts.spec.ts); the password still signs in through the form.
 */
export async function createPerson(
  request: APIRequestContext,
  type: 'customer' | 'pro' | 'admin',
  { lang = 'en', name, roles, city, category, bank }: PersonOptions = {},
): Promise<TestPerson> {
  if (type === 'pro' && !PRO_AREAS.some((a) => a.city === city && a.category === category)) {
    throw new Error(`a journey's professional takes a city and category of PRO_AREAS (e2e/support/users.ts), not ${city}/${category}`);
  }
  const res = await request.post('/api/dev/test-people', { data: { type, locale: lang, name, roles, city, category, bank } });
  expect(res.status(), await res.text()).toBe(201);
  const cookie = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0]!)
    .find((c) => c.includes('session_token='));
  const person = (await res.json()) as TestPerson;
  if (cookie) {
    const eq = cookie.indexOf('=');
    sessionCookies.set(person.email, { name: cookie.slice(0, eq), value: cookie.slice(eq + 1) });
  }
  return person;
}

/** A confirmed customer of their own (see createPerson); `tag` is kept for older callers. */
export async function createCustomer(
  request: APIRequestContext,
  { lang = 'en', name = 'Salma Bennani' }: { lang?: Language; tag?: string; name?: string } = {},
): Promise<TestPerson> {
  return createPerson(request, 'customer', { lang, name });
}

/** A person made and signed in inside `context` (its pages open signed in). */
export function createUser(context: BrowserContext, type: 'customer' | 'pro' | 'admin', options: PersonOptions = {}): Promise<TestPerson> {
  return createPerson(context.request, type, options);
}

/**
 * Signs `email` in through the API: the session cookie lands in the browser context (context.request
 * shares its cookie jar), so the next page opened is signed in without going through the form.
 */
export async function signInByCookie(context: BrowserContext, user: Pick<TestUser, 'email' | 'password'>) {
  const known = sessionCookies.get(user.email);
  if (known) {
    await context.addCookies([{ ...known, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    return;
  }
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The confirmation link's step (issue 41): whoever opened the email chooses the password there (a password
 * typed at sign-up could be a stranger's), which confirms the address, signs in and sends on.
 */
export async function choosePasswordOnConfirmation(page: Page, lang: Language, password = PASSWORD) {
  const auth = readStrings<{ fields: Record<'password' | 'confirmPassword', string>; confirm: Record<'title' | 'submit', string> }>(`features/auth/locales/${lang}.json`);
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: auth.confirm.title })).toBeVisible();
  await page.getByRole('main').getByRole('textbox', { name: auth.fields.password, exact: true }).fill(password);
  await page.getByRole('main').getByRole('textbox', { name: auth.fields.confirmPassword, exact: true }).fill(password);
  await page.getByRole('button', { name: auth.confirm.submit }).click();
}
