import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { load, startServer, type LoadResult } from './lib';

export interface RoundFigures {
  /** Which server was measured first in this round (they alternate). */
  first: 'khedma' | 'bare';
  khedma: LoadResult;
  bare: LoadResult;
  ratio: number;
  /** The bare server again, sending Khedma's own header lines (security headers, caching, request id) with the same body. */
  bareWithHeaders?: LoadResult;
  /** bareWithHeaders / bare: what the header bytes alone cost node:http and the client, with no framework at all. */
  headersFloor?: number;
}

export interface EndpointFigures {
  endpoint: string;
  bytes: number;
  /** The round with the median ratio's Khedma figures (with one round: that round). */
  khedma: LoadResult;
  bare: LoadResult;
  /** The median of the rounds' ratios. */
  ratio: number;
  /** The median round's bare server sending Khedma's header lines, and its ratio to the bare server (the floor of `ratio`). */
  bareWithHeaders?: LoadResult;
  headersFloor?: number;
  /** Each round: Khedma and the bare server measured one after the other, in alternating order. */
  rounds?: RoundFigures[];
  /** Response headers each sends (Khedma: the site's security headers, request id, caching; bare: three), with their size. */
  headers?: { khedma: { count: number; bytes: number }; bare: { count: number; bytes: number } };
  /** Where the bare server ran: its own process (as Khedma) or the bench's (with autocannon). */
  bareIn?: 'own process' | 'bench process';
  /** The host's 1-minute load average before and after this endpoint's rounds. */
  loadAverage?: [number, number];
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
 * The catalogue and service endpoints (the list, one service, the categories, the cities) each against a
 * bare node:http server that answers the same body bytes (same content type and ETag; the headers each
 * sends are counted and printed: Khedma's security headers are about 1.3 KB more per answer), at the same
 * load (32 connections), so the ratio says what the framework and our code cost (issue 23: at least 0.8,
 * p99 at most 20 ms).
 *
 * Its floor: the same bare server sending Khedma's very header lines (captured from Khedma's answer) with
 * the same body. On a small answer the header bytes dominate: measured 2026-11-25 on a quiet host, a bare
 * node:http server answering 758 bytes with those 20 header lines made 0.70-0.72 of the same server with
 * three headers, no framework involved (the client parses 1.1 KB more per answer and node:http validates
 * each line). So `ratio` is read against `headersFloor`: what is below the floor's line is the headers'.
 *
 * Method (issue 23's fourth session):
 * - The bare server runs in its own process, as Khedma does. In the bench's own process (the method until
 *   then, BENCH_BARE_IN_PROCESS=1 brings it back) it shared autocannon's thread: a request and its answer
 *   needed no wake-up of another process, which on a loaded two-core host favours it by a varying amount.
 * - BENCH_CATALOG_ROUNDS rounds (default 3) of `duration` seconds each, Khedma and the bare server in
 *   alternating order, after a warm-up of each; the ratio is the median of the rounds' ratios and the
 *   figures shown are that round's. Every round is kept in the result, with the host's load average.
 */
export async function benchCatalog(engine: 'pglite' | 'postgres', port: number, env: Record<string, string> = {}, duration = 4): Promise<CatalogFigures> {
  // BENCH_CATALOG_URL: a Khedma server already running (on a busy host one starts in minutes), for bench:catalog.
  const external = process.env.BENCH_CATALOG_URL;
  const server = external ? { url: external, stop: async () => {} } : await startServer(port, env);
  try {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Array<{ id: string }>;
    const paths = ['/api/services', `/api/services/${services[0]!.id}`, '/api/categories', '/api/cities'];
    const rounds = Math.max(1, Number(process.env.BENCH_CATALOG_ROUNDS ?? 3));
    const endpoints: EndpointFigures[] = [];
    for (const endpoint of paths) endpoints.push(await benchEndpoint(server.url, endpoint, duration, rounds));
    const first = endpoints[0]!;
    return { engine, endpoint: first.endpoint, bytes: first.bytes, khedma: first.khedma, bare: first.bare, ratio: first.ratio, endpoints };
  } finally {
    await server.stop();
  }
}

const headerSize = (headers: Headers) => {
  let count = 0;
  let bytes = 0;
  for (const [name, value] of headers) {
    count += 1;
    bytes += name.length + value.length + 4;
  }
  return { count, bytes };
};

async function benchEndpoint(origin: string, endpoint: string, duration: number, rounds: number): Promise<EndpointFigures> {
  const res = await fetch(`${origin}${endpoint}`);
  const body = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? 'application/json';
  const etag = res.headers.get('etag') ?? '';
  const bare = process.env.BENCH_BARE_IN_PROCESS === '1' ? await bareInProcess(body, contentType, etag) : await bareInOwnProcess(body, contentType, etag);
  const bareUrl = `http://127.0.0.1:${bare.port}/`;
  // Khedma's header lines as it sent them, but those node:http writes itself and the coding (autocannon
  // asks for none, so neither server compresses under load).
  const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);
  const lines = [...res.headers].filter(([name]) => !own.has(name)).flat();
  const withHeaders = await bareInOwnProcess(body, contentType, etag, lines);
  const withHeadersUrl = `http://127.0.0.1:${withHeaders.port}/`;
  try {
    const bareHeaders = headerSize((await fetch(bareUrl)).headers);
    const loadBefore = os.loadavg()[0]!;
    // Warm both, then measure in alternating order.
    await load(`${origin}${endpoint}`, { duration: 2 });
    await load(bareUrl, { duration: 2 });
    await load(withHeadersUrl, { duration: 2 });
    const results: RoundFigures[] = [];
    for (let i = 0; i < rounds; i++) {
      const first = i % 2 === 0 ? 'khedma' : 'bare';
      let khedma: LoadResult;
      let bareResult: LoadResult;
      if (first === 'khedma') {
        khedma = await load(`${origin}${endpoint}`, { duration });
        bareResult = await load(bareUrl, { duration });
      } else {
        bareResult = await load(bareUrl, { duration });
        khedma = await load(`${origin}${endpoint}`, { duration });
      }
      const bareWithHeaders = await load(withHeadersUrl, { duration });
      results.push({
        first,
        khedma,
        bare: bareResult,
        ratio: +(khedma.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
        bareWithHeaders,
        headersFloor: +(bareWithHeaders.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
      });
    }
    const median = [...results].sort((a, b) => a.ratio - b.ratio)[Math.floor((results.length - 1) / 2)]!;
    return {
      endpoint,
      bytes: body.length,
      khedma: median.khedma,
      bare: median.bare,
      ratio: median.ratio,
      bareWithHeaders: median.bareWithHeaders,
      headersFloor: median.headersFloor,
      rounds: results,
      headers: { khedma: headerSize(res.headers), bare: bareHeaders },
      bareIn: bare.inProcess ? 'bench process' : 'own process',
      loadAverage: [+loadBefore.toFixed(2), +os.loadavg()[0]!.toFixed(2)],
    };
  } finally {
    await bare.stop();
    await withHeaders.stop();
  }
}

interface Bare {
  port: number;
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
async function bareInOwnProcess(body: Buffer, contentType: string, etag: string, headers?: string[]): Promise<Bare> {
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
