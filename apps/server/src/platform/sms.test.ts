import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { createSmsSender, SmsDeliveryError, TwilioSmsSender } from './sms';

const log = pino({ level: 'silent' });
const SID = 'AC' + '0123456789abcdef'.repeat(2);
const TOKEN = 'test-auth-token-0123456789';

/** A local stand-in for Twilio's Messages API: records requests, answers what the test sets. */
let server: Server;
let apiUrl: string;
const received: Array<{ method?: string; url?: string; authorization?: string; form: URLSearchParams }> = [];
let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM123', status: 'queued' } };

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, form: new URLSearchParams(raw) });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Twilio SMS sender', () => {
  it('posts the message to the account\'s Messages resource with basic auth, To, From and Body', async () => {
    answer = { status: 201, body: { sid: 'SM123', status: 'queued' } };
    const sms = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: 'Khedma', apiUrl }, log);
    await sms.send('+212612345678', 'Votre code Khedma : 123456');
    const req = received.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(req.form)).toEqual({ To: '+212612345678', Body: 'Votre code Khedma : 123456', From: 'Khedma' });
  });

  it('uses the Messaging Service when one is configured', async () => {
    answer = { status: 201, body: { sid: 'SM124' } };
    const sms = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, messagingServiceSid: 'MG' + 'a'.repeat(32), apiUrl }, log);
    await sms.send('+212612345678', 'x');
    expect(received.at(-1)!.form.get('MessagingServiceSid')).toBe('MG' + 'a'.repeat(32));
    expect(received.at(-1)!.form.has('From')).toBe(false);
  });

  it('a refusal is a permanent error; a 429, a 5xx or an unreachable provider is worth retrying', async () => {
    const sms = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: 'Khedma', apiUrl }, log);
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    await expect(sms.send('+2120', 'x')).rejects.toMatchObject({ retryable: false, providerCode: 21211 });
    answer = { status: 429, body: { code: 20429, message: 'Too Many Requests' } };
    await expect(sms.send('+212612345678', 'x')).rejects.toMatchObject({ retryable: true });
    answer = { status: 503, body: {} };
    await expect(sms.send('+212612345678', 'x')).rejects.toBeInstanceOf(SmsDeliveryError);
    const unreachable = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: 'Khedma', apiUrl: 'http://127.0.0.1:1' }, log);
    await expect(unreachable.send('+212612345678', 'x')).rejects.toMatchObject({ retryable: true });
  });
});

describe('SMS configuration', () => {
  it('reads TWILIO_* into the config, and refuses half a configuration', () => {
    const config = configFromEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+212600000000' });
    expect(config.twilio).toEqual({ accountSid: SID, authToken: TOKEN, from: '+212600000000', messagingServiceSid: undefined, apiUrl: 'https://api.twilio.com' });
    expect(configFromEnv({}).twilio).toBeUndefined();
    expect(() => configFromEnv({ TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => configFromEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN })).toThrow(/TWILIO_FROM/);
    expect(() => configFromEnv({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: 'Khedma' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it('outside production the outbox gets the SMS (never the provider); in production the provider does', async () => {
    const added: unknown[] = [];
    const outbox = { add: async (row: unknown) => void added.push(row) } as never;
    const twilio = { accountSid: SID, authToken: TOKEN, from: 'Khedma', apiUrl };
    const before = received.length;
    await createSmsSender({ outbox, twilio, log }).send('+212612345678', 'dev');
    expect(added).toEqual([{ channel: 'sms', to: '+212612345678', subject: null, text: 'dev' }]);
    expect(received.length).toBe(before);
    answer = { status: 201, body: { sid: 'SM9' } };
    await createSmsSender({ twilio, log }).send('+212612345678', 'prod');
    expect(received.at(-1)!.form.get('Body')).toBe('prod');
    await expect(createSmsSender({ log }).send('+212612345678', 'x')).rejects.toThrow(/No SMS provider/);
  });
});
