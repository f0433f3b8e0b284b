import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './errors';

/**
 * How deep objects and arrays may nest in a JSON request body. The deepest body the API takes is a
 * handful of levels (a booking with its add-ons, a week of availability); 32 leaves room for any
 * client while keeping code that walks a body (JSON.stringify of an audit row, zod, the database
 * driver) far from the engine's stack limit: `{"x":` + `{"a":` x 5000 overflowed it (a 500).
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing it (brackets
 * inside strings do not count), stopping as soon as `limit` is passed. Iterative: it cannot
 * overflow whatever it is given.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Parses a JSON request body: refuses one nested deeper than MAX_JSON_DEPTH before parsing it
 * (400 INVALID_JSON), then parses it with secure-json-parse as Fastify's own parser does, refusing
 * `__proto__` and `constructor.prototype` keys (prototype poisoning).
 */
export function parseJsonBody(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError('INVALID_JSON', JSON_TOO_DEEP_MESSAGE);
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError('INVALID_JSON', INVALID_JSON_MESSAGE);
  }
}

/**
 * Replaces the `application/json` parser of `app` (and of everything registered in it afterwards)
 * with parseJsonBody. `allowEmpty`: an empty body is no body (better-auth's clients POST sign-out
 * with none); otherwise it is 400 as with Fastify's parser.
 */
export function useJsonBodyParser(app: FastifyInstance, { allowEmpty = false }: { allowEmpty?: boolean } = {}) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text === '') {
      if (allowEmpty) return done(null, undefined);
      return done(new AppError('INVALID_JSON', 'The request body is empty but JSON was declared.'), undefined);
    }
    try {
      done(null, parseJsonBody(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
