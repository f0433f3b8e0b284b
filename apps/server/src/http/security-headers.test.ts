import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, helmetOptions, registerSecurityHeaders, securityHeaders } from './security-headers';

/** Two apps with the same routes: @fastify/helmet (per request) and the headers computed once. */
async function pair(isProduction: boolean): Promise<[FastifyInstance, FastifyInstance]> {
  const routes = (app: FastifyInstance) => {
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    app.get('/own-csp', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    return app;
  };
  const reference = Fastify();
  // (helmet types come in an ESM and a CJS copy, which TypeScript deems unrelated.)
  await reference.register(fastifyHelmet, helmetOptions({ isProduction }) as never);
  const ours = Fastify();
  registerSecurityHeaders(ours, securityHeaders(helmetOptions({ isProduction })));
  return [routes(reference), routes(ours)];
}

describe('security headers computed once', () => {
  for (const isProduction of [false, true]) {
    it(`sends exactly what @fastify/helmet sends (${isProduction ? 'production' : 'development'}), on answers, errors, 404 and route overrides`, async () => {
      const [reference, ours] = await pair(isProduction);
      for (const url of ['/ok', '/boom', '/missing', '/own-csp']) {
        const a = await reference.inject({ method: 'GET', url });
        const b = await ours.inject({ method: 'GET', url });
        const strip = (h: Record<string, unknown>) => {
          const { date: _date, ...rest } = h;
          return rest;
        };
        // Ours add the Permissions-Policy helmet does not set.
        const { 'permissions-policy': policy, ...ourHelmet } = b.headers;
        expect(b.statusCode).toBe(a.statusCode);
        expect(strip(ourHelmet)).toEqual(strip(a.headers));
        expect(policy).toBe(PERMISSIONS_POLICY);
      }
      await Promise.all([reference.close(), ours.close()]);
    });
  }

  it('has the strict policy and HSTS only in production', () => {
    const dev = Object.fromEntries(securityHeaders(helmetOptions({ isProduction: false })).set.map(([k, v]) => [k.toLowerCase(), v]));
    const prod = Object.fromEntries(securityHeaders(helmetOptions({ isProduction: true })).set.map(([k, v]) => [k.toLowerCase(), v]));
    expect(dev['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(dev['strict-transport-security']).toBeUndefined();
    expect(prod['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(prod['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(dev['x-content-type-options']).toBe('nosniff');
    expect(dev['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('forbids framing in both headers, and turns off the powerful features the site does not use', () => {
    const dev = Object.fromEntries(securityHeaders(helmetOptions({ isProduction: false })).set.map(([k, v]) => [k.toLowerCase(), v]));
    expect(dev['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(dev['x-frame-options']).toBe('DENY');
    const policy = new Map(dev['permissions-policy']!.split(', ').map((d) => d.split('=') as [string, string]));
    for (const feature of ['microphone', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
      expect(policy.get(feature), feature).toBe('()');
    }
    // The Mobile Features page's camera and position: the site itself only, nothing it embeds.
    expect(policy.get('camera')).toBe('(self)');
    expect(policy.get('geolocation')).toBe('(self)');
  });

  it('refuses options whose headers would depend on the request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
  });
});
