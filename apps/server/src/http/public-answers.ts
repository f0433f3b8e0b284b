import fresh from 'fresh';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { LANGUAGE_COOKIE, type Locale } from '@khedma/shared';
import { pickCoding, type Coding } from './encoding';
import { pageLanguage } from './pages';
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
 *
 * The server-rendered public pages go the same way (issue 40: a service page was 0.2-0.33 of bare node:http
 * sending its bytes, the catalogue list 0.87-0.99). A page the renderer keeps (http/pages.ts: the same for
 * everyone in a language until the catalogue changes) is remembered here by URL and language once app.ts
 * sendPage has sent it with 200, with its brotli and gzip copies the renderer made; the next GET of that
 * URL in the same language gets the same bytes and headers from here. Only the URLs that need nothing more
 * than the language are taken: a path alone, or `?lang=xx` from a reader whose cookie already says xx (a
 * reader without it gets the cookie from Fastify's answer, which sets it). The language is read as
 * sendPage reads it (pageLanguage: ?lang, then the cookie, else English). Forgotten with the catalogue
 * answers, on any instance's change (the renderer drops its pages on the same signal). A kept page has its
 * ETag (http/pages.ts: the hash of its HTML), and a matching If-None-Match gets 304 here as from sendPage.
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

/** A server-rendered page as app.ts sendPage sends it, with the copies the renderer compressed once. */
export interface PublicPage {
  status: number;
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** The kept page's validator (http/pages.ts); a page without one is not remembered. */
  etag?: string;
}

interface PreparedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** As in Prepared, per coding ('' plain, 'br', 'gzip', '304'). */
  heads: Map<string, string[]>;
}

/** The page URLs remembered: a path alone, or with `?lang=xx` only (campaign links and searches go to Fastify). */
const PAGE_URL = /^\/[a-z0-9/_-]*(?:\?lang=[a-z]{2})?$/;
const NO_QUERY = new URLSearchParams();
/** As app.ts sendPage sends a page. */
const PAGE_CACHE_CONTROL = 'no-cache';
const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';
const PAGE_VARY = 'Cookie, Accept-Encoding';

/** Where the request id goes in a prepared header list (filled in per request). */
const REQUEST_ID_VALUE = 1;

/** Distinct URLs kept at most (all the services, categories, cities and boroughs fit many times over). */
const MAX_ANSWERS = 500;
/** Distinct Accept-Encoding values whose coding is remembered. */
const MAX_CODINGS = 64;
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** As modules/catalog sends it (sendCached): shared caches may keep it a minute and serve it stale while they revalidate. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,128}$/;

export class PublicAnswers {
  private readonly answers = new Map<string, Prepared>();
  /** Rendered pages by URL, then by language. */
  private readonly pages = new Map<string, Map<Locale, PreparedPage>>();
  private pageCount = 0;
  /** The plain bytes of each page the renderer gave (its copies are kept by the renderer while it keeps the page). */
  private plainPages = new WeakMap<PublicPage, Buffer>();
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

  /**
   * app.ts sent this kept page for this GET URL in this language (the renderer's page, read at `version`):
   * the next identical request gets it from here. Only 200 pages at a URL that says nothing but the language.
   */
  rememberPage(url: string, language: Locale, page: PublicPage, version: number): void {
    if (version !== this.generation || page.status !== 200 || !page.etag || !PAGE_URL.test(url)) return;
    let languages = this.pages.get(url);
    if (languages?.has(language)) return;
    if (this.pageCount >= MAX_ANSWERS) {
      this.pages.clear();
      this.pageCount = 0;
      languages = undefined;
    }
    if (!languages) this.pages.set(url, (languages = new Map()));
    // One plain copy per page, whatever the URLs it is remembered at (/faq and /faq?lang=en are one page).
    let body = this.plainPages.get(page);
    if (!body) this.plainPages.set(page, (body = Buffer.from(page.html)));
    languages.set(language, { body, br: page.br, gzip: page.gzip, etag: page.etag, heads: new Map() });
    this.pageCount += 1;
  }

  /** The catalogue changed: every kept answer and page goes. */
  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.pages.clear();
    this.pageCount = 0;
    this.plainPages = new WeakMap();
  }

  /** Catalogue answers kept. */
  get size(): number {
    return this.answers.size;
  }

  /** Pages kept (one per URL and language). */
  get pageSize(): number {
    return this.pageCount;
  }

  /** Answers the request when it is a remembered public GET; false leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    const kept = this.answers.get(req.url);
    if (!kept) return this.pages.size > 0 && this.answerPage(req, res, req.url);
    if (this.isDraining()) return false;
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: kept.etag })) {
      res.writeHead(304, this.head(kept, '304', requestId));
      res.end();
      return true;
    }
    // The compression plugin's threshold: smaller answers go as they are.
    const accepted = req.headers['accept-encoding'];
    const coding = kept.body.length >= 1024 && accepted !== undefined ? this.codingFor(accepted) : null;
    const body = coding === 'br' ? (kept.br ??= brotli(kept.body)) : coding === 'gzip' ? (kept.gzip ??= zlib.gzipSync(kept.body, { level: 9 })) : kept.body;
    res.writeHead(200, this.head(kept, coding ?? '', requestId, body.length));
    res.end(body);
    return true;
  }

  /** pickCoding per Accept-Encoding value, remembered: browsers send a handful of them, parsing one is a few µs. */
  private readonly codings = new Map<string, Coding | null>();
  private codingFor(accepted: string): Coding | null {
    let coding = this.codings.get(accepted);
    if (coding === undefined) {
      coding = pickCoding(accepted);
      if (this.codings.size >= MAX_CODINGS) this.codings.clear();
      this.codings.set(accepted, coding);
    }
    return coding;
  }

  /** A remembered page, when the request asks for nothing Fastify would answer otherwise. */
  private answerPage(req: IncomingMessage, res: ServerResponse, url: string): boolean {
    const languages = this.pages.get(url);
    if (!languages || this.isDraining()) return false;
    const queryAt = url.indexOf('?');
    const query = queryAt < 0 ? NO_QUERY : new URLSearchParams(url.slice(queryAt + 1));
    const cookie = req.headers.cookie;
    const language = pageLanguage(query, cookie);
    // ?lang=xx without the cookie saying xx: Fastify's answer sets it.
    if (queryAt >= 0 && !cookie?.includes(`${LANGUAGE_COOKIE}=${language}`)) return false;
    const page = languages.get(language);
    if (!page) return false;
    const accepted = req.headers['accept-encoding'];
    const coding = accepted === undefined ? null : this.codingFor(accepted);
    // A header that asks for neither coding but is no plain "identity" is left to Fastify's compression plugin.
    if (!coding && accepted !== undefined && accepted.trim() !== 'identity') return false;
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    const validators = req.headers['if-none-match'];
    if (validators !== undefined && fresh({ 'if-none-match': validators }, { etag: page.etag })) {
      res.writeHead(304, this.pageHead(page, '304', requestId));
      res.end();
      return true;
    }
    const body = coding ? page[coding] : page.body;
    res.writeHead(200, this.pageHead(page, coding ?? '', requestId, body.length));
    res.end(body);
    return true;
  }

  /** A page's header lines as sendPage's answer has them (see head), made once per page and kind (a coding, '' plain, '304'). */
  private pageHead(page: PreparedPage, kind: Coding | '' | '304', requestId: string, length?: number): string[] {
    return this.headLines(page.heads, kind, requestId, (lines) => {
      lines.push('cache-control', PAGE_CACHE_CONTROL, 'vary', PAGE_VARY, 'etag', page.etag);
      if (kind === '304') return;
      lines.push('content-type', PAGE_CONTENT_TYPE);
      if (kind) lines.push('content-encoding', kind);
      lines.push('content-length', String(length));
    });
  }

  /**
   * The header lines of an answer, made once per answer and coding (the profile of `npm run bench:catalog`:
   * fifteen setHeader calls per request, each validating, lower-casing and storing its header, were about a
   * quarter of the server's time on a kept answer). The same headers in the same order as Fastify's answer:
   * the request id, the site's security headers, then the answer's own.
   */
  private head(kept: Prepared, kind: string, requestId: string, length?: number): string[] {
    return this.headLines(kept.heads, kind, requestId, (lines) => {
      lines.push('etag', kept.etag, 'cache-control', PUBLIC_CACHE_CONTROL, 'vary', 'accept-encoding');
      if (kind !== '304') {
        lines.push('content-type', CONTENT_TYPE);
        if (kind) lines.push('content-encoding', kind);
        lines.push('content-length', String(length));
      }
    });
  }

  /**
   * The header lines of one kind of answer (a coding, or 304), made once and kept in `heads`: the request id,
   * the site's security headers, then what `own` adds; each answer gets a copy with its request id.
   */
  private headLines(heads: Map<string, string[]>, kind: string, requestId: string, own: (lines: string[]) => void): string[] {
    let lines = heads.get(kind);
    if (!lines) {
      lines = ['x-request-id', ''];
      for (const [name, value] of this.headers.set) lines.push(name, value);
      own(lines);
      heads.set(kind, lines);
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
