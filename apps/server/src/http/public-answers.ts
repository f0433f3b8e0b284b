import fresh from 'fresh';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { pickCoding } from './encoding';
import type { SecurityHeaders } from './security-headers';

/**
 * Public answers kept ready to send (issue 23: the catalogue API at least 0.8 of a bare node:http server
 * sending the same bytes). A catalogue read (GET /api/services, /api/services/{id}, /api/categories,
 * /api/cities ...) is the same for everyone until the catalogue changes, and the catalogue module keeps
 * its JSON serialized already (modules/catalog). Yet each request paid for everything a request to the
 * API can need: Fastify's request and reply objects, a request id, a child logger, the querystring's
 * validation, the hooks of every module (draining, security headers, the request id, the session's
 * no-store check, compression) and its routing; measured with 32 connections that was about half of a bare
 * server's rate.
 *
 * None of that changes such an answer. So once Fastify has answered a catalogue URL (the route validated
 * it and chose its answer: sendCached in modules/catalog), the URL and its answer are remembered here, and
 * the next GET of the very same URL is answered before Fastify sees it: the same body, the same headers
 * (the site's security headers, content type, ETag and caching, Vary, the request id), a 304 for a
 * matching If-None-Match, brotli or gzip made once per answer. Any catalogue change on any instance forgets
 * them all (app.ts), as it drops the serialized JSON. What is not remembered always goes to Fastify: other
 * methods, URLs not seen yet, searches (?q=, the reader's words), and every request while the server drains
 * (the 503 and Connection: close are Fastify's). Requests answered here are not logged one by one.
 */

/** What the catalogue route answered for a URL. */
export interface PublicBody {
  body: string;
  etag: string;
}

interface Prepared {
  body: Buffer;
  etag: string;
  /** Made on first use, once per answer. */
  br?: Buffer;
  gzip?: Buffer;
  /** The response's header lines as writeHead's flat [name, value, ...] list, per coding ('' plain, '304'); made on first use. */
  heads: Map<string, string[]>;
}

/** Where the request id goes in a prepared header list (filled in per request). */
const REQUEST_ID_VALUE = 1;

/** Distinct URLs kept at most (all the services, categories, cities and boroughs fit many times over). */
const MAX_ANSWERS = 500;
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** As modules/catalog sends it (sendCached): shared caches may keep it a minute and serve it stale while they revalidate. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,128}$/;

export class PublicAnswers {
  private readonly answers = new Map<string, Prepared>();
  /** Bumped by clear(): an answer computed before a change is never remembered after it. */
  private generation = 0;

  constructor(
    private readonly headers: SecurityHeaders,
    private readonly isDraining: () => boolean,
  ) {}

  /** The current generation, to pass back to remember(). */
  get version(): number {
    return this.generation;
  }

  /** Fastify answered this GET URL with this public body (at `version`): the next identical GET gets it from here. */
  remember(url: string, answer: PublicBody, version: number): void {
    if (version !== this.generation || this.answers.has(url) || isSearch(url)) return;
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(url, { body: Buffer.from(answer.body), etag: answer.etag, heads: new Map() });
  }

  /** The catalogue changed: every kept answer goes. */
  clear(): void {
    this.generation += 1;
    this.answers.clear();
  }

  get size(): number {
    return this.answers.size;
  }

  /** Answers the request when it is a remembered public GET; false leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    const kept = this.answers.get(req.url);
    if (!kept || this.isDraining()) return false;
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: kept.etag })) {
      res.writeHead(304, this.head(kept, '304', requestId));
      res.end();
      return true;
    }
    // The compression plugin's threshold: smaller answers go as they are.
    const coding = kept.body.length >= 1024 ? pickCoding(req.headers['accept-encoding']) : null;
    const body = coding === 'br' ? (kept.br ??= brotli(kept.body)) : coding === 'gzip' ? (kept.gzip ??= zlib.gzipSync(kept.body, { level: 9 })) : kept.body;
    res.writeHead(200, this.head(kept, coding ?? '', requestId, body.length));
    res.end(body);
    return true;
  }

  /**
   * The header lines of an answer, made once per answer and coding (the profile of `npm run bench:catalog`:
   * fifteen setHeader calls per request, each validating, lower-casing and storing its header, were about a
   * quarter of the server's time on a kept answer). The same headers in the same order as Fastify's answer:
   * the request id, the site's security headers, then the answer's own.
   */
  private head(kept: Prepared, kind: string, requestId: string, length?: number): string[] {
    let lines = kept.heads.get(kind);
    if (!lines) {
      lines = ['x-request-id', ''];
      for (const [name, value] of this.headers.set) lines.push(name, value);
      lines.push('etag', kept.etag, 'cache-control', PUBLIC_CACHE_CONTROL, 'vary', 'accept-encoding');
      if (kind !== '304') {
        lines.push('content-type', CONTENT_TYPE);
        if (kind) lines.push('content-encoding', kind);
        lines.push('content-length', String(length));
      }
      kept.heads.set(kind, lines);
    }
    const head = lines.slice();
    head[REQUEST_ID_VALUE] = requestId;
    return head;
  }
}

const isSearch = (url: string) => /[?&]q=/.test(url);

const brotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });

/**
 * Fastify's serverFactory: an HTTP/1.1 server that answers remembered public GETs itself and hands every
 * other request to Fastify, with Fastify's own server settings (it applies none to a server it is given).
 */
export function publicAnswersServer(answers: PublicAnswers, settings: { keepAliveTimeout: number }) {
  return (handler: RequestListener): http.Server => {
    const server = http.createServer((req, res) => {
      if (!answers.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = 0;
    server.setTimeout(0);
    return server;
  };
}
