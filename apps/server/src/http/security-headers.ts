/**
 * Security headers (helmet) computed once and set on every response. @fastify/helmet builds the
 * helmet middleware again on every request (parsing the CSP directives each time, about 2 % of the
 * server's CPU on a booking create); with options that hold no per-request value (no CSP nonces, no
 * directive functions), what it sets is the same on every response, so it is recorded here once at
 * start-up by running helmet's own middleware against a recording response, and replayed by an
 * onRequest hook: same headers, same values, same moment (before the route runs, so a route may
 * still override one, as swagger-ui does with its CSP).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';

export interface SecurityHeaders {
  /** Header name (as helmet spells it) and value, in helmet's order. */
  set: Array<[string, string]>;
  /** Headers helmet removes (X-Powered-By). */
  remove: string[];
}

/** The site's helmet options: a strict content security policy, HSTS in production. */
export function helmetOptions(config: { isProduction: boolean; cmi?: { gatewayUrl: string }; mapTiles?: { tileUrl: string } }): HelmetOptions {
  // The payment screen posts its form to CMI's hosted page (docs/payments.md).
  const gateway = config.cmi ? new URL(config.cmi.gatewayUrl).origin : null;
  // The booking map's tiles (docs/bookings.md "Address"): images from the configured tile server.
  // (The local tile simulator is on this site: 'self'.)
  const tiles = config.mapTiles && /^https?:/.test(config.mapTiles.tileUrl) ? new URL(config.mapTiles.tileUrl.replace(/\{[a-z]\}/g, '0')).origin : null;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the toast library inject small <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(gateway ? [gateway] : [])],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
    // frame-ancestors 'none' above forbids every frame; the legacy header says the same (not SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Powerful features no page of the site uses, turned off for the site and anything it might embed
 * (helmet sets no Permissions-Policy). Only names Chromium knows (an unknown one is a console error on
 * every page). A feature the app starts using (a passkey sign-in: publickey-credentials-get) must
 * leave this list. The camera and the position are the Mobile Features page's (/native-features,
 * docs/chat.md): allowed to the site itself only, never to anything it embeds.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera=(self)',
  'display-capture',
  'geolocation=(self)',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => (feature.includes('=') ? feature : `${feature}=()`))
  .join(', ');

/**
 * What helmet's middleware does to a response under these options (which must hold no per-request
 * value), then the Permissions-Policy.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' && csp.directives ? Object.values(csp.directives) : [];
  if (directives.some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')))) {
    throw new Error('a CSP directive computed per request cannot be sent as a fixed header');
  }
  const recorded: SecurityHeaders = { set: [], remove: [] };
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      recorded.set.push([name, value]);
    },
    removeHeader(name: string) {
      recorded.remove.push(name);
    },
  };
  let finished = false;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  // Every helmet middleware is synchronous; one that was not would not have been recorded whole.
  if (!finished) throw new Error('helmet did not finish synchronously');
  recorded.set.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return recorded;
}

/** Sets the headers on a response (the hook below, and answers Fastify makes before any hook runs). */
export function applySecurityHeaders(res: ServerResponse, { set, remove }: SecurityHeaders): void {
  for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
  for (let i = 0; i < remove.length; i++) res.removeHeader(remove[i]!);
}

/** The headers as raw header lines, for an answer written straight to the socket (a request Node could not parse). */
export function securityHeaderLines({ set }: SecurityHeaders): string[] {
  return set.map(([name, value]) => `${name}: ${value}`);
}

/** Sets the headers on every response of the app (registered on the root instance). */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_req, reply, done) => {
    applySecurityHeaders(reply.raw, headers);
    done();
  });
}
