/**
 * The operations of the OpenAPI document the server generates (GET /api/openapi.json), and a minimal
 * valid example of each one's parameters and body made from its JSON Schema. Used by the authorization
 * matrix and the fuzzing suite (issue 28): both walk the document, so a new route is in them at once.
 */
import type { FastifyInstance } from 'fastify';

export type JsonSchema = Record<string, unknown>;

export interface Operation {
  method: string;
  /** The path as the document spells it: /api/bookings/{id}. */
  path: string;
  key: string;
  security: unknown;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  headers: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  bodyRequired: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  return res.json();
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (raw.parameters ?? []) as Array<{ in: string; name: string; schema: JsonSchema; required?: boolean }>;
      const content = (raw.requestBody as { content?: Record<string, { schema: JsonSchema }>; required?: boolean } | undefined)?.content;
      out.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        security: raw.security,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        headers: params.filter((p) => p.in === 'header').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        body: content?.['application/json']?.schema ?? null,
        bodyRequired: Boolean((raw.requestBody as { required?: boolean } | undefined)?.required),
      });
    }
  }
  return out;
}

/** Follows a local $ref (and allOf of one) to the schema it names. */
export function deref(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s: JsonSchema = schema ?? {};
  for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
    const name = String(s.$ref).replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

const STRING_CANDIDATES = [
  'Test value',
  '10:00',
  '11:00',
  '2030-01-15',
  '+212661234567',
  '0661234567',
  'a1b2c3d4',
  'abcdefgh',
  'casablanca',
  'x',
  'A',
  '1',
  '12345678',
];

function sampleString(s: JsonSchema): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  switch (s.format) {
    case 'uuid':
      return '8f3c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    case 'email':
      return 'someone@example.ma';
    case 'date':
      return '2030-01-15';
    case 'date-time':
      return '2030-01-15T10:00:00.000Z';
    case 'uri':
    case 'url':
      return 'https://example.ma/x';
  }
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (typeof s.pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = new RegExp(s.pattern);
    }
    const hit = STRING_CANDIDATES.find((v) => re.test(v) && fits(v));
    if (hit) return hit;
  }
  const base = 'Test value for the field';
  if (min > base.length) return 'x'.repeat(min);
  return fits(base) ? base : base.slice(0, Math.max(min, Math.min(max, base.length)));
}

/**
 * A minimal valid value of `schema`: required properties only, first of any choice, the least number
 * in range. Good enough to pass validation for most operations; a test overrides the rest.
 */
export function sampleOf(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  const s = deref(doc, schema);
  if (depth > 12) return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('example' in s && s.example !== undefined) return s.example;
  if ('default' in s && s.default !== undefined) return s.default;
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[k])) {
      const options = s[k] as JsonSchema[];
      const nonNull = options.find((o) => deref(doc, o).type !== 'null') ?? options[0];
      return sampleOf(doc, nonNull, depth + 1);
    }
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...(s.allOf as JsonSchema[]).map((x) => sampleOf(doc, x, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required ?? []) as string[];
      const out: Record<string, unknown> = {};
      for (const name of required) out[name] = sampleOf(doc, props[name], depth + 1);
      return out;
    }
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: n }, () => sampleOf(doc, s.items as JsonSchema, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Infinity;
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(s);
    default:
      return s.properties ? sampleOf(doc, { ...s, type: 'object' }, depth + 1) : 'x';
  }
}

/** A multipart/form-data body with one file part (and the content-type header that goes with it). */
export function multipartBody(parts: Array<{ name?: string; filename: string; type?: string; body: Buffer }>, boundary = `----proof${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`),
      p.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
