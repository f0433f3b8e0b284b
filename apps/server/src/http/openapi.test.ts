import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Every `$ref` in the document, with where it sits. */
function refsOf(node: unknown, path = '#', out: Array<{ ref: string; at: string }> = []) {
  if (Array.isArray(node)) node.forEach((v, i) => refsOf(v, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, at: path });
      else refsOf(v, `${path}/${k}`, out);
    }
  }
  return out;
}

/** A JSON pointer inside the document (RFC 6901), or undefined. */
function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('OpenAPI document', () => {
  it('every $ref resolves inside the document (the shared schemas are in components.schemas)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const refs = refsOf(doc);
    // The routes do reference shared schemas: a document without any would prove nothing.
    expect(refs.filter((r) => r.ref.startsWith('#/components/schemas/')).length).toBeGreaterThan(10);
    const dangling = refs.filter((r) => resolve(doc, r.ref) === undefined);
    expect(dangling).toEqual([]);
  });
});
