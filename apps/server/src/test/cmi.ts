/**
 * Paying in API tests as a customer's browser does (docs/payments.md): POST /pay answers the signed
 * form, the form is posted to the CMI simulator's hosted page over HTTP, a test card is entered, the
 * simulator sends its signed callback to our server (over HTTP) and posts the browser back. The app
 * listens on a port of its own for this (app.inject never reaches a socket).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { TEST_3DS_CODE, TEST_CARDS } from '../platform/cmi-simulator';

export { TEST_CARDS, TEST_3DS_CODE };

/** Makes the app listen (once) and points the simulator's URLs at it; its origin. */
export async function cmiReachable(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  Object.assign(app.ctx.config.cmi, { gatewayUrl: `${base}/__cmi/fim/est3Dgate`, apiUrl: `${base}/__cmi/fim/api`, callbackBaseUrl: base });
  return base;
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });

/** The hidden fields of the auto-submitting form a simulator page answers (what the browser posts back). */
export function formOf(html: string): { url: string; fields: Record<string, string> } | null {
  const action = /<form method="post" action="([^"]+)" data-auto="1">/.exec(html);
  if (!action) return null;
  const un = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[un(m[1]!)] = un(m[2]!);
  return { url: un(action[1]!), fields };
}

export interface PayOutcome {
  /** POST /pay's answer. */
  initiate: LightMyRequestResponse;
  /** What the simulator posts the browser back with (ok or fail URL and the signed fields). */
  back: { url: string; fields: Record<string, string> } | null;
}

/**
 * The customer pays `bookingId` on the simulator with `card` (approved by default). With the default
 * behaviour the callback is delivered before the simulator answers the browser.
 */
export async function payOnSimulator(
  app: FastifyInstance,
  auth: Pick<InjectOptions, 'headers'>,
  bookingId: string,
  o: { method?: string; card?: string; code?: string } = {},
): Promise<PayOutcome> {
  const base = await cmiReachable(app);
  const initiate = await app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/pay`, headers: auth.headers, payload: { method: o.method ?? 'card' } });
  const redirect = initiate.statusCode === 200 ? (initiate.json().redirect as { url: string; fields: Record<string, string> } | undefined) : undefined;
  if (!redirect) return { initiate, back: null };
  const page = await post(redirect.url, redirect.fields);
  if (page.status !== 200) throw new Error(`hosted page refused: ${page.status} ${await page.text()}`);
  await page.text();
  const card = o.card ?? TEST_CARDS.approved;
  let answer = await (await post(`${base}/__cmi/fim/est3Dgate/pay`, { oid: redirect.fields.oid!, pan: card })).text();
  if (card === TEST_CARDS.threeDSecure) answer = await (await post(`${base}/__cmi/fim/est3Dgate/3ds`, { oid: redirect.fields.oid!, code: o.code ?? TEST_3DS_CODE })).text();
  return { initiate, back: formOf(answer) };
}
