/** Helpers of the API tests, in one place: a fresh app (app.inject against its own database), sign-in, cookies, client addresses, the outbox. Factories: ./factories.ts. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function startApp(overrides: Partial<Config> = {}, plugins: FastifyPluginAsync[] = []): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khedma-test-'));
  const config = testConfig({ dataDir, ...overrides });
  const app = await buildApp({ config, database, plugins });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A distinct client address, so that each test has its own rate-limit counters. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const c = list.find((v) => v.startsWith('khedma.session_token=') && !/Max-Age=0/i.test(v));
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(list)}`);
  return c.split(';')[0]!;
}

/** Signs in through the API with an email and password (the factories' people: signInUser, or their session: sessionFor). */
export async function signIn(app: FastifyInstance, email: string, password: string, ip = freshIp()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: ip, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), token: res.json().token as string, userId: res.json().user.id as string };
}

export const withCookie = (cookie: string, o: InjectOptions): InjectOptions => ({ ...o, headers: { ...o.headers, cookie } });
export const withBearer = (token: string, o: InjectOptions): InjectOptions => ({
  ...o,
  headers: { ...o.headers, authorization: `Bearer ${token}` },
});

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Yasmine Alaoui',
    email: `user-${Math.random().toString(36).slice(2, 10)}@example.ma`,
    password: 'Strong!Pass1',
    confirmPassword: 'Strong!Pass1',
    userType: 'customer',
    acceptAge: true,
    acceptTerms: true,
    locale: 'en',
    ...overrides,
  };
}

export async function outbox(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  return res.json() as Array<{ channel: string; to: string; subject: string | null; text: string; html: string | null }>;
}

export async function lastMessageTo(app: FastifyInstance, to: string) {
  const m = (await outbox(app)).find((x) => x.to === to);
  if (!m) throw new Error(`no message to ${to}`);
  return m;
}

/** The first link of a message, as a path for app.inject. */
export function linkIn(text: string, publicUrl: string): string {
  const m = /(https?:\/\/[^\s"<>]+)/.exec(text);
  if (!m) throw new Error('no link in message');
  const url = new URL(m[1]!);
  if (url.origin !== new URL(publicUrl).origin) throw new Error(`link leaves the site: ${url.origin}`);
  return url.pathname + url.search;
}
