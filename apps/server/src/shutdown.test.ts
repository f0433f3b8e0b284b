/**
 * Issue 21 item 4: SIGTERM under keep-alive load. The real server (main.ts) on a fresh PGlite data
 * directory, under keep-alive load from autocannon; SIGTERM must end it with exit code 0 once the
 * requests in flight are answered and the database is closed, long before the forced exit (10 s).
 * Requests that arrive on a kept-alive connection while it closes get the error contract's shape.
 * A reduced size of the operator's test (a few seconds of load from 10 connections).
 * Issue 38 item 12: requests already sent on kept-alive connections when the signal arrives are answered,
 * not reset (ECONNRESET); and with SHUTDOWN_DELAY_MS the instance is first only not ready (/readyz 503).
 * Issue 28 adds slow requests in flight at the signal (sign-ups hashing a password, a contact message
 * whose body arrives after it): each is answered in full, not failed.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(serverDir, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface LogLine {
  msg?: string;
  level?: number;
  req?: { method?: string; url?: string };
}

interface Running {
  child: ChildProcess;
  url: string;
  logs: () => LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function startServer(extraEnv: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khedma-shutdown-'));
  dirs.push(dataDir);
  const port = await freePort();
  // On PGlite whatever the suite runs on (test:pg sets DATABASE_URL): the data directory is the point.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'main.ts')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        lines.push({ msg: line });
      }
    }
  });
  child.stderr!.on('data', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  while (!lines.some((l) => l.msg?.startsWith('Khedma is running'))) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${JSON.stringify(lines.slice(-5))}`);
    if (Date.now() - started > 300_000) throw new Error('the server did not start in 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: `http://127.0.0.1:${port}`, logs: () => lines, exited };
}

/**
 * A client that keeps one connection alive and sends a request as soon as the previous answer
 * arrives, recording every answer (status, Connection header, body), until the connection closes.
 */
function keepAliveClient(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Array<{ status: number; connection: string | undefined; body: string }> = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const answer = await new Promise<{ status: number; connection: string | undefined; body: string } | null>((resolve) => {
        const req = http.get(`${url}/api/health`, { agent }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        });
        req.on('error', () => resolve(null));
      });
      if (!answer) break;
      answers.push(answer);
    }
    agent.destroy();
  })();
  return {
    answers,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * A client like a browser or a proxy's pool: one request on a keep-alive connection, then it keeps the
 * connection open and sends nothing more. Resolves with the answer, and tells when the server closed it.
 */
function quietClient(url: string) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  let answer = '';
  socket.on('data', (c: Buffer) => (answer += c.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  return { closed, answer: () => answer, destroy: () => socket.destroy() };
}

/**
 * A POST sent by hand on its own connection: the head now, the body when `finish` is called (a slow
 * upload still arriving). Resolves with the status line and body of the answer.
 */
function rawPost(url: string, pathname: string, body: unknown, o: { holdBody?: boolean; ip?: string } = {}) {
  const payload = JSON.stringify(body);
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  let answer = '';
  socket.on('data', (c: Buffer) => (answer += c.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const head =
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
    `Connection: keep-alive\r\n${o.ip ? `X-Forwarded-For: ${o.ip}\r\n` : ''}\r\n`;
  socket.write(o.holdBody ? head : head + payload);
  return { answer: closed, finish: () => socket.write(payload), destroy: () => socket.destroy() };
}

const signUp = (i: number) => ({
  name: 'Drain Person',
  email: `drain-${i}-${Date.now()}@example.com`,
  password: 'Drain!Pass1',
  confirmPassword: 'Drain!Pass1',
  acceptAge: true,
  acceptTerms: true,
});

// The server under test runs on its own embedded database whatever the run: `npm run test:pg` would repeat it as is.
describe.skipIf(Boolean(inject('pgServerUrl')))('SIGTERM under keep-alive load', () => {
  it('answers what is in flight, closes every connection, closes the database and exits 0 well before the forced exit', async () => {
    const server = await startServer();
    const load = autocannon({ url: `${server.url}/api/health`, connections: 10, duration: 20, pipelining: 1 });
    const watcher = keepAliveClient(server.url);
    // Let the load settle, then stop the server in the middle of it.
    await new Promise((r) => setTimeout(r, 2000));
    // Requests in flight when SIGTERM arrives, on connections their clients then leave open.
    const quiet = [];
    for (let i = 0; i < 4; i++) {
      quiet.push(quietClient(server.url));
      await new Promise((r) => setTimeout(r, 10));
    }
    // Slow requests in flight when SIGTERM arrives (issue 28: "no in-flight request fails"): sign-ups and a
    // contact message, each with its body still on its way, so that the sign-ups hash their passwords while
    // the server drains. (Sent whole, a sign-up could be answered before the signal on a fast machine, on a
    // connection rightly kept open: the check of Connection: close below failed there once.)
    const slow = [0, 1, 2].map((i) => rawPost(server.url, '/api/accounts/sign-up', signUp(i), { holdBody: true }));
    const upload = rawPost(server.url, '/api/contact', { name: 'Drain Sender', email: 'drain@example.com', message: 'Sent while the server stops.' }, { holdBody: true });
    const seen = () => server.logs().filter((l) => l.msg === 'incoming request' && /^\/api\/(accounts\/sign-up|contact)$/.test(l.req?.url ?? '')).length;
    for (const waitStart = Date.now(); seen() < 4; ) {
      if (Date.now() - waitStart > 60_000) throw new Error(`the slow requests did not arrive: ${seen()} of 4`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    upload.finish();
    for (const r of slow) r.finish();
    const { code, signal } = await server.exited;
    const tookMs = Date.now() - sentAt;
    load.stop();
    await watcher.stop();
    for (const q of quiet) q.destroy();
    const slowAnswers = await Promise.all(slow.map((r) => r.answer));
    const uploadAnswer = await upload.answer;

    const messages = server.logs().map((l) => l.msg ?? '');
    expect(signal).toBeNull();
    expect(code, messages.slice(-10).join('\n')).toBe(0);
    expect(messages).toContain('database closed');
    expect(messages).not.toContain('forced exit after 10 s');
    // Generous: well under the 10 s after which the server gives up and exits 1.
    expect(tookMs).toBeLessThan(8000);

    // The slow requests in flight were answered in full, as if nothing happened (then their connection closed).
    for (const a of slowAnswers) expect(a, a.slice(0, 300)).toMatch(/^HTTP\/1\.1 201 /);
    for (const a of slowAnswers) expect(a).toMatch(/\r\nconnection: close\r\n/i);
    expect(uploadAnswer, uploadAnswer.slice(0, 300)).toMatch(/^HTTP\/1\.1 201 /);

    // The quiet clients' requests were answered (200, or our 503), and the server closed their connections.
    for (const q of quiet) expect(q.answer()).toMatch(/^HTTP\/1\.1 (200|503) /);

    // Requests kept going until the end; every answer is ours: 200, or 503 in the error contract's shape.
    expect(watcher.answers.length).toBeGreaterThan(0);
    for (const a of watcher.answers) {
      if (a.status === 200) continue;
      expect(a.status).toBe(503);
      expect(JSON.parse(a.body)).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
    }
  }, 400_000);

  it('answers the requests sent on kept-alive connections just as the signal arrives, then closes them (issue 38 item 12)', async () => {
    const server = await startServer();
    const port = Number(new URL(server.url).port);
    // 20 clients, each with a connection kept alive after a first answer (idle on the server's side).
    const clients = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const socket = net.connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (c: Buffer) => (received += c.toString()));
        const errors: string[] = [];
        socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
        const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
        for (const t0 = Date.now(); !received.includes('"status":"ok"'); ) {
          if (Date.now() - t0 > 30_000) throw new Error('no first answer');
          await new Promise((r) => setTimeout(r, 10));
        }
        received = '';
        return { socket, errors, closed, received: () => received };
      }),
    );
    // The signal, and a second request on each connection in the same instant: they reach the server
    // with the signal, before it has handled it (closing these idle connections then reset them).
    server.child.kill('SIGTERM');
    for (const c of clients) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await Promise.all(clients.map((c) => c.closed));
    const { code } = await server.exited;
    expect(code).toBe(0);
    for (const c of clients) {
      expect(c.errors).toEqual([]);
      // Answered (before the signal was handled, with keep-alive, or after it, with Connection: close), and
      // the connection closed by the server: never reset.
      expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    }
  }, 400_000);

  it('with SHUTDOWN_DELAY_MS: first not ready (/readyz 503) while alive and answering, then exits 0', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: '3000' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    const seen = () => server.logs().some((l) => l.msg?.startsWith('shutting down'));
    for (const t0 = Date.now(); !seen(); ) {
      if (Date.now() - t0 > 30_000) throw new Error('no shutdown log');
      await new Promise((r) => setTimeout(r, 10));
    }
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.stringMatching(/shutting down/) } });
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.logs().map((l) => l.msg)).toContain('database closed');
  }, 400_000);
});
