import Negotiator from 'negotiator';

/** The codings the server keeps precompressed copies in, best first. */
const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The content coding to send for an Accept-Encoding header (RFC 9110 §12.5.3), or null for the plain
 * body: q-values count, `q=0` refuses a coding even when `*` is accepted, names are case-insensitive,
 * and between equally acceptable codings brotli wins. No header: the plain body.
 *
 * negotiator (jshttp, the one Express uses) rather than @fastify/accept-negotiator, which the
 * compression and static plugins use: that one lets `*` override an explicit `br;q=0` and matches
 * names case-sensitively. On every header a browser sends the two agree.
 */
export function pickCoding(acceptEncoding: string | string[] | undefined, available: readonly Coding[] = CODINGS): Coding | null {
  if (!acceptEncoding) return null;
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding([...available, 'identity'], { preferred: CODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}
