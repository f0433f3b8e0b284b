import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { createPushSender, PushDeliveryError, VapidPushSender } from './push';

const log = pino({ level: 'silent' });
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@khedma.ma' };
// A browser's subscription keys (P-256 public key and 16-byte auth secret), as PushManager gives them.
const subscriptionKeys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** A local stand-in for a push service (HTTPS, as web-push requires): records, answers what the test sets. */
let server: Server;
let base: string;
let dir: string;
const received: Array<{ url?: string; headers: Record<string, unknown>; size: number }> = [];
let status = 201;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, size });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const agent = () => new Agent({ rejectUnauthorized: false });

describe('VAPID push sender', () => {
  it('sends an encrypted message signed with the VAPID key, with its TTL and urgency', async () => {
    status = 201;
    const push = new VapidPushSender(vapid, log, agent());
    const result = await push.send({ endpoint: `${base}/push/device-1`, keys: subscriptionKeys }, { title: 'Booking confirmed', body: 'Your booking on 3 March has been confirmed.', url: '/dashboard' }, { ttlSeconds: 600, urgency: 'high' });
    expect(result).toEqual({ status: 'sent' });
    const req = received.at(-1)!;
    expect(req.url).toBe('/push/device-1');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe('600');
    expect(req.headers.urgency).toBe('high');
    expect(String(req.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    // Encrypted: the body is not the JSON sent.
    expect(req.size).toBeGreaterThan(0);
  });

  it('a subscription the browser dropped (404/410) is gone; a 5xx is worth retrying; a 400 is not', async () => {
    const push = new VapidPushSender(vapid, log, agent());
    const sub = { endpoint: `${base}/push/device-2`, keys: subscriptionKeys };
    status = 410;
    expect(await push.send(sub, { title: 't', body: 'b' })).toEqual({ status: 'gone' });
    status = 404;
    expect(await push.send(sub, { title: 't', body: 'b' })).toEqual({ status: 'gone' });
    status = 503;
    await expect(push.send(sub, { title: 't', body: 'b' })).rejects.toMatchObject({ retryable: true });
    status = 400;
    await expect(push.send(sub, { title: 't', body: 'b' })).rejects.toBeInstanceOf(PushDeliveryError);
    await expect(push.send(sub, { title: 't', body: 'b' })).rejects.toMatchObject({ retryable: false });
  });
});

describe('push configuration', () => {
  it('reads VAPID_* together, refuses half of them; outside production pushes go to the outbox', async () => {
    const config = configFromEnv({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject });
    expect(config.vapid).toEqual(vapid);
    expect(() => configFromEnv({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID/);
    expect(() => configFromEnv({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'khedma.ma' })).toThrow(/VAPID_SUBJECT/);

    const added: unknown[] = [];
    const outbox = { add: async (row: unknown) => void added.push(row) } as never;
    const before = received.length;
    const dev = createPushSender({ outbox, vapid, log });
    expect(dev.publicKey).toBe(vapid.publicKey);
    expect(await dev.send({ endpoint: `${base}/push/device-3`, keys: subscriptionKeys }, { title: 'Hi', body: 'there' })).toEqual({ status: 'sent' });
    expect(added).toEqual([{ channel: 'push', to: `${base}/push/device-3`, subject: 'Hi', text: JSON.stringify({ title: 'Hi', body: 'there' }) }]);
    expect(received.length).toBe(before);

    const off = createPushSender({ log });
    expect(off.enabled).toBe(false);
    await expect(off.send({ endpoint: `${base}/x`, keys: subscriptionKeys }, { title: 't', body: 'b' })).rejects.toThrow(/not configured/);
  });
});
