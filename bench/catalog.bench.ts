import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { load, processCpuMs, startServer, type LoadResult } from './lib';

export interface RoundFigures {
  /** Which server was measured first in this round (the three take turns). */
  first: 'khedma' | 'bare' | 'same bytes';
  khedma: LoadResult;
  bare: LoadResult;
  /** khedma / bare: against a bare server sending the body with three headers. */
  ratio: number;
  /** The bare server sending the very bytes Khedma sends: its header lines (security headers, caching, request id) and the body. */
  bareWithHeaders?: LoadResult;
  /** bareWithHeaders / bare: what the header bytes alone cost node:http and the client, with no framework at all. */
  headersFloor?: number;
  /** khedma / bareWithHeaders: issue 23's figure, the ratio to bare node:http sending the same bytes. */
  sameBytesRatio?: number;
  /** CPU microseconds per request of each server's process in this round (Linux /proc; null where unreadable). */
  cpuUs?: { khedma: number | null; sameBytes: number | null; bare: number | null };
}

export interface EndpointFigures {
  endpoint: string;
  /** The Accept-Encoding the load sent (none: the plain body), and the coding the answer came in. */
  acceptEncoding?: string;
  contentEncoding?: string;
  /** A server-rendered page rather than an API answer. */
  page?: boolean;
  bytes: number;
  /** The round with the median same-bytes ratio (with one round: that round). */
  khedma: LoadResult;
  bare: LoadResult;
  /** That round's ratio to the three-header bare server. */
  ratio: number;
  /** That round's bare server sending Khedma's bytes, and its ratio to the three-header bare server. */
  bareWithHeaders?: LoadResult;
  headersFloor?: number;
  /** The median of the rounds' ratios to the bare server sending the same bytes (issue 23: at least 0.8). */
  sameBytesRatio?: number;
  /** Each round: Khedma and the bare server measured one after the other, in alternating order. */
  rounds?: RoundFigures[];
  /** Response headers each sends (Khedma: the site's security headers, request id, caching; bare: three), with their size. */
  headers?: { khedma: { count: number; bytes: number }; bare: { count: number; bytes: number } };
  /** Where the bare server ran: its own process (as Khedma) or the bench's (with autocannon). */
  bareIn?: 'own process' | 'bench process';
  /** The host's 1-minute load average before and after this endpoint's rounds. */
  loadAverage?: [number, number];
  /** Each round's length in seconds. */
  seconds?: number;
  /** The median round's CPU per request (µs): Khedma's server, the bare server sending the same bytes, the three-header one. */
  cpuUs?: RoundFigures['cpuUs'];
  /**
   * Khedma's server CPU with no request, in ms per second, read over IDLE_SECONDS before the warm-up: the
   * job runner's polling, the instance lease, timers (on PGlite, its queries run in the server's process).
   * Each round's CPU per request carries this divided by the round's rate.
   */
  idleCpuMsPerSecond?: number;
}

/** How long Khedma's server is watched without load before an endpoint's rounds (its background CPU). */
const IDLE_SECONDS = 3;

/** What a browser sends (Chromium 124+): the server picks brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface EndpointSpec {
  endpoint: string;
  acceptEncoding?: string;
  page?: boolean;
}

export interface CatalogFigures {
  engine: string;
  /** The catalogue list, the first of `endpoints` (the figure bench/README.md has tracked since issue 4). */
  endpoint: string;
  bytes: number;
  khedma: LoadResult;
  bare: LoadResult;
  ratio: number;
  /** Every catalogue and service endpoint measured. */
  endpoints: EndpointFigures[];
}

/**
 * The catalogue and service endpoints (the list, one service, the categories, the cities) at 32
 * connections, each against two bare node:http servers in their own processes, in the same run:
 * - the same bytes (issue 23's figure, `sameBytesRatio`, at least 0.8 with p99 at most 20 ms): a bare
 *   server writing Khedma's very header lines (captured from Khedma's answer: the site's security headers,
 *   caching, a request id) and the same body. What separates the two is what Khedma's code costs per
 *   request, which is what the issue asks to find and cut (decision 0018);
 * - three headers (`ratio`): the same body with content type, ETag and length only. On a small answer
 *   the header bytes dominate: that bare server's ratio to the first (`headersFloor`) is 0.67-0.81 on a
 *   quiet host for the 0.3-0.8 KB answers, no framework involved (the client parses 1.1 KB more per
 *   answer and node:http validates each line). Printed beside the figure, never the goal: the issue keeps
 *   the security headers.
 *
 * Method (issue 23's fourth session, three servers since the seventeenth):
 * - The bare servers run in their own processes, as Khedma does. In the bench's own process (the method
 *   until then, BENCH_BARE_IN_PROCESS=1 brings it back for the three-header server) one shared
 *   autocannon's thread: a request and its answer needed no wake-up of another process, which on a loaded
 *   two-core host favours it by a varying amount.
 * - BENCH_CATALOG_ROUNDS rounds (default 5: with three, one noisy round of a small answer on this shared host moved the median by a tenth) of `duration` seconds each
 *   (BENCH_CATALOG_SECONDS, default 10 since issue 40: at a load of 20 and more, 5-s rounds of one page moved by 2-4x
 *   from round to round, a burst of another session's work filling a round), the three servers taking turns to
 *   go first, after a warm-up of each; the figure is the median of the rounds' same-bytes ratios and the
 *   figures shown are that round's. Every round is kept in the result, with the host's load average.
 */
export async function benchCatalog(
  engine: 'pglite' | 'postgres',
  port: number,
  env: Record<string, string> = {},
  duration = Number(process.env.BENCH_CATALOG_SECONDS ?? 10),
  /** `pages`: issue 40's endpoints only (the compressed list, the service and category pages), for bench:catalog. */
  only?: 'pages',
): Promise<CatalogFigures> {
  // BENCH_CATALOG_URL: a Khedma server already running (on a busy host one starts in minutes), for bench:catalog.
  const external = process.env.BENCH_CATALOG_URL;
  const server = external ? { url: external, stop: async () => {} } : await startServer(port, env);
  try {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Array<{ id: string }>;
    const specs: EndpointSpec[] =
      only === 'pages' ? [] : ['/api/services', `/api/services/${services[0]!.id}`, '/api/categories', '/api/cities'].map((endpoint) => ({ endpoint }));
    // Issue 40: the catalogue as a browser asks for it, and the server-rendered service and category pages
    // with and without Accept-Encoding. On PGlite only (BENCH_CATALOG_PAGES=1 on PostgreSQL too): from their
    // second request they are sent from memory, the database plays no part.
    if (engine === 'pglite' || process.env.BENCH_CATALOG_PAGES === '1' || only === 'pages') {
      specs.push({ endpoint: '/api/services', acceptEncoding: BROWSER_ACCEPT_ENCODING });
      for (const page of [`/services/${services[0]!.id}`, '/services/plumbing']) {
        specs.push({ endpoint: page, page: true }, { endpoint: page, page: true, acceptEncoding: BROWSER_ACCEPT_ENCODING });
      }
    }
    const rounds = Math.max(1, Number(process.env.BENCH_CATALOG_ROUNDS ?? 5));
    const endpoints: EndpointFigures[] = [];
    for (const spec of specs) endpoints.push(await benchEndpoint(server.url, spec, duration, rounds, server.pid));
    const first = endpoints[0]!;
    return { engine, endpoint: first.endpoint, bytes: first.bytes, khedma: first.khedma, bare: first.bare, ratio: first.ratio, endpoints };
  } finally {
    await server.stop();
  }
}

const headerSize = (headers: Iterable<[string, string]>) => {
  let count = 0;
  let bytes = 0;
  for (const [name, value] of headers) {
    count += 1;
    bytes += name.length + value.length + 4;
  }
  return { count, bytes };
};

/** A GET with exactly these headers, its header lines (lower-case names, in order) and its body as sent (not decoded). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; lines: Array<[string, string]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const lines: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
          resolve({ status: res.statusCode!, lines, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

async function benchEndpoint(origin: string, spec: EndpointSpec, duration: number, rounds: number, khedmaPid?: number): Promise<EndpointFigures> {
  const { endpoint, acceptEncoding } = spec;
  const requestHeaders: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  // The first GET of a page renders it; the answer measured is the one every later request gets.
  await rawGet(`${origin}${endpoint}`, requestHeaders);
  const res = await rawGet(`${origin}${endpoint}`, requestHeaders);
  if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}`);
  const body = res.body;
  const header = (name: string) => res.lines.find(([n]) => n === name)?.[1];
  const contentType = header('content-type') ?? 'application/json';
  const etag = header('etag') ?? '';
  const bare = process.env.BENCH_BARE_IN_PROCESS === '1' ? await bareInProcess(body, contentType, etag) : await bareInOwnProcess(body, contentType, etag);
  const bareUrl = `http://127.0.0.1:${bare.port}/`;
  // Khedma's header lines as it sent them (the coding included), but those node:http writes itself.
  const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const lines = res.lines.filter(([name]) => !own.has(name)).flat();
  const withHeaders = await bareInOwnProcess(body, contentType, etag, lines);
  const withHeadersUrl = `http://127.0.0.1:${withHeaders.port}/`;
  try {
    const bareHeaders = headerSize((await rawGet(bareUrl, {})).lines);
    const idleBefore = khedmaPid === undefined ? undefined : processCpuMs(khedmaPid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idleAfter = khedmaPid === undefined ? undefined : processCpuMs(khedmaPid);
    const idleCpuMsPerSecond = idleBefore === undefined || idleAfter === undefined ? undefined : Math.round((idleAfter - idleBefore) / IDLE_SECONDS);
    const loadBefore = os.loadavg()[0]!;
    // Warm both, then measure in alternating order.
    await load(`${origin}${endpoint}`, { duration: 2, headers: requestHeaders });
    await load(bareUrl, { duration: 2 });
    await load(withHeadersUrl, { duration: 2 });
    const results: RoundFigures[] = [];
    const urls = { khedma: `${origin}${endpoint}`, bare: bareUrl, 'same bytes': withHeadersUrl } as const;
    const pids = { khedma: khedmaPid, bare: bare.pid, 'same bytes': withHeaders.pid } as const;
    const turns = ['khedma', 'bare', 'same bytes'] as const;
    for (let i = 0; i < rounds; i++) {
      // Each server goes first in turn, so none is always measured on a warmer or quieter host.
      const order = [...turns.slice(i % 3), ...turns.slice(0, i % 3)];
      const got: Partial<Record<(typeof turns)[number], LoadResult>> = {};
      const cpu: Partial<Record<(typeof turns)[number], number | null>> = {};
      for (const which of order) {
        const pid = pids[which];
        const before = pid === undefined ? undefined : processCpuMs(pid);
        got[which] = await load(urls[which], { duration, headers: which === 'khedma' ? requestHeaders : undefined });
        const after = pid === undefined ? undefined : processCpuMs(pid);
        const n = got[which]!.requests ?? 0;
        cpu[which] = before === undefined || after === undefined || !n ? null : Math.round(((after - before) * 1000) / n);
      }
      const khedma = got.khedma!;
      const bareResult = got.bare!;
      const bareWithHeaders = got['same bytes']!;
      results.push({
        first: order[0]!,
        khedma,
        bare: bareResult,
        ratio: +(khedma.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
        bareWithHeaders,
        headersFloor: +(bareWithHeaders.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
        sameBytesRatio: +(khedma.requestsPerSecond / bareWithHeaders.requestsPerSecond).toFixed(2),
        cpuUs: { khedma: cpu.khedma ?? null, sameBytes: cpu['same bytes'] ?? null, bare: cpu.bare ?? null },
      });
    }
    const median = [...results].sort((a, b) => a.sameBytesRatio! - b.sameBytesRatio!)[Math.floor((results.length - 1) / 2)]!;
    return {
      endpoint,
      ...(acceptEncoding ? { acceptEncoding } : {}),
      ...(header('content-encoding') ? { contentEncoding: header('content-encoding') } : {}),
      ...(spec.page ? { page: true } : {}),
      seconds: duration,
      cpuUs: median.cpuUs,
      ...(idleCpuMsPerSecond === undefined ? {} : { idleCpuMsPerSecond }),
      bytes: body.length,
      khedma: median.khedma,
      bare: median.bare,
      ratio: median.ratio,
      bareWithHeaders: median.bareWithHeaders,
      headersFloor: median.headersFloor,
      sameBytesRatio: median.sameBytesRatio,
      rounds: results,
      headers: { khedma: headerSize(res.lines), bare: bareHeaders },
      bareIn: bare.inProcess ? 'bench process' : 'own process',
      loadAverage: [+loadBefore.toFixed(2), +os.loadavg()[0]!.toFixed(2)],
    };
  } finally {
    await bare.stop();
    await withHeaders.stop();
  }
}

export interface Bare {
  port: number;
  /** The bare server's process (own process only), for its CPU from /proc. */
  pid?: number;
  inProcess: boolean;
  stop(): Promise<void>;
}

/** The bare server's code: the same body, content type and ETag on every request. */
const BARE_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BARE_BODY);
const lines = process.env.BARE_HEADERS ? [...JSON.parse(process.env.BARE_HEADERS), 'content-length', String(body.length)] : null;
const server = http.createServer((_req, r) => {
  r.writeHead(200, lines ?? { 'content-type': process.env.BARE_TYPE, 'content-length': body.length, etag: process.env.BARE_ETAG });
  r.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

/** `headers`: a flat [name, value, ...] list sent instead of the three (content-length is added). */
export async function bareInOwnProcess(body: Buffer, contentType: string, etag: string, headers?: string[]): Promise<Bare> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const child: ChildProcess = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BARE_BODY: file, BARE_TYPE: contentType, BARE_ETAG: etag, ...(headers ? { BARE_HEADERS: JSON.stringify(headers) } : {}) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid,
    inProcess: false,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function bareInProcess(body: Buffer, contentType: string, etag: string): Promise<Bare> {
  const server = http.createServer((_req, r) => {
    r.writeHead(200, { 'content-type': contentType, 'content-length': body.length, etag });
    r.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    inProcess: true,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
