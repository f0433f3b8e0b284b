import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boroughsResponseSchema,
  categoriesResponseSchema,
  citiesResponseSchema,
  citySlugParamsSchema,
  errorResponseSchema,
  priceQuerySchema,
  priceResponseSchema,
  serviceIdParamsSchema,
  serviceSearchQuerySchema,
  serviceTypeDetailSchema,
  serviceTypesResponseSchema,
} from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import { PUBLIC_CACHE_CONTROL, type PublicAnswers } from '../../http/public-answers';
import type { CachedBody, CatalogService } from './catalog.service';

/**
 * Sends a cached body with its ETag, or 304 when the client already has it (RFC 9110 §13.1.2:
 * If-None-Match compares weakly, takes a list, and `*` matches any current representation). Only
 * If-None-Match is evaluated: there is no Last-Modified, and a request's Cache-Control is for caches.
 * The compression plugin sends this body plain, gzip or br by Accept-Encoding: every variant, the plain
 * one and the 304 included, says so in Vary (lower case, which the plugin recognises and does not repeat).
 */
async function sendCached(answers: PublicAnswers | undefined, req: FastifyRequest, reply: FastifyReply, read: () => Promise<CachedBody>) {
  // Read before the catalogue is: an answer computed across a change is not remembered (http/public-answers.ts).
  const version = answers?.version ?? 0;
  const entry = await read();
  // The same URL gets the same answer until the catalogue changes: the next one is sent before Fastify.
  answers?.remember(req.url, entry, version);
  reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: entry.etag })) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

const tags = ['catalogue'];

/** `answers`: the public answers app.ts sends before Fastify (http/public-answers.ts), handed over by app.ts. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; answers?: PublicAnswers }> = async (app, { catalog, answers }) => {
  app.get(
    '/api/categories',
    { schema: { tags, summary: 'The eight service categories', security: publicRoute, response: { 200: categoriesResponseSchema } } },
    async (req, reply) => sendCached(answers, req, reply, () => catalog.categories()),
  );

  app.get(
    '/api/services',
    {
      schema: {
        tags,
        summary: 'Active service types: the whole catalogue, one category, or a text search (at most 50)',
        security: publicRoute,
        querystring: serviceSearchQuerySchema,
        response: { 200: serviceTypesResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) => sendCached(answers, req, reply, () => catalog.services(req.query.q, req.query.category)),
  );

  app.get(
    '/api/services/:id',
    {
      schema: {
        tags,
        summary: 'One service type with what it includes and its add-ons',
        security: publicRoute,
        params: serviceIdParamsSchema,
        response: { 200: serviceTypeDetailSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => sendCached(answers, req, reply, () => catalog.service(req.params.id)),
  );

  app.get(
    '/api/services/:id/price',
    {
      schema: {
        tags,
        summary: 'Price of a service in a city (region price, price function, or base price)',
        security: publicRoute,
        params: serviceIdParamsSchema,
        querystring: priceQuerySchema,
        response: { 200: priceResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => catalog.price(req.params.id, req.query.city, req.query.borough),
  );

  app.get(
    '/api/cities',
    { schema: { tags, summary: 'Served cities', security: publicRoute, response: { 200: citiesResponseSchema } } },
    async (req, reply) => sendCached(answers, req, reply, () => catalog.cities()),
  );

  app.get(
    '/api/cities/:slug/boroughs',
    {
      schema: {
        tags,
        summary: 'Boroughs of a city (Casablanca)',
        security: publicRoute,
        params: citySlugParamsSchema,
        response: { 200: boroughsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => sendCached(answers, req, reply, () => catalog.boroughs(req.params.slug)),
  );
};
