import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodRegistry, $ZodType, globalRegistry, type GlobalMeta } from 'zod/v4/core';

/** Security requirements for the OpenAPI document: which routes need a session and how it is carried. */
export const publicRoute = [] as Array<Record<string, string[]>>;
export const signedIn: Array<Record<string, string[]>> = [{ cookieAuth: [] }, { bearerAuth: [] }];

export const securitySchemes = {
  cookieAuth: { type: 'apiKey', in: 'cookie', name: 'khedma.session_token', description: 'Session cookie set at sign-in (web app).' },
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Session token for mobile and other clients.' },
} as const;

/**
 * The OpenAPI document's transforms for @fastify/swagger, on a schema registry of this app's own.
 *
 * The shared schemas name themselves with `.meta({ id })`, which zod keeps in its registry on `globalThis`,
 * one schema per id, the last evaluated winning. A process that evaluates the shared package more than once
 * (test files run without isolation in one worker, docs/ci.md) leaves there schemas of an earlier evaluation
 * that this app's routes do not use, under the ids its own schemas carry: built from the global registry, the
 * document then fails (`Duplicate schema id`) or loses its `$ref`s. So the document's components are the named
 * schemas this app's routes reach (collected as routes are added, resolved at the first document), each the
 * very object the routes hold; every other metadata (descriptions, formats, examples) is still read from the
 * global registry. In a process that evaluates the package once (the server) the document is the same as with
 * the global registry, less any named schema no route uses.
 */
export function openApiTransforms(app: FastifyInstance) {
  const routeSchemas: unknown[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema) routeSchemas.push(route.schema);
  });
  // fastify-type-provider-zod reads a registry's `_map` (metadata by schema) and `_idmap` (schema by id):
  // the metadata stays the global registry's, the ids are this app's.
  const registry = new $ZodRegistry<GlobalMeta>();
  registry._map = globalRegistry._map;
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    for (const [id, schema] of namedSchemas(routeSchemas)) registry._idmap.set(id, schema);
  };
  const transform = createJsonSchemaTransform({ schemaRegistry: registry });
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
  return {
    transform: ((document) => (fill(), transform(document))) as typeof transform,
    transformObject: ((document) => (fill(), transformObject(document))) as typeof transformObject,
  };
}

/** The schemas with an id (`.meta({ id })`) reachable from `roots`, by id; two objects under one id is a bug here. */
export function namedSchemas(roots: unknown[]): Map<string, $ZodType> {
  const named = new Map<string, $ZodType>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    if (node instanceof $ZodType) {
      const id = globalRegistry._map.get(node)?.id;
      if (id) {
        const other = named.get(id);
        if (other && other !== node) throw new Error(`Two schemas named "${id}" in the routes' schemas`);
        named.set(id, node);
      }
      const def = node._zod.def as unknown as Record<string, unknown>;
      // z.lazy holds its schema behind a getter; every other child sits in the definition's fields.
      if (def.type === 'lazy' && typeof def.getter === 'function') visit((def.getter as () => unknown)());
      return Object.values(def).forEach(visit);
    }
    const proto = Object.getPrototypeOf(node) as unknown;
    if (proto === Object.prototype || proto === null) Object.values(node).forEach(visit);
  };
  roots.forEach(visit);
  return named;
}
