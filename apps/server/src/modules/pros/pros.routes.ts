/** HTTP of the professionals capability: list and stats, public profile, reviews, free slots, own profile. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@khedma/shared';
import { serviceAreaSchema } from '@khedma/shared/schemas/address';
import {
  proSearchQuerySchema,
  proSearchResponseSchema,
  proSettingsSchema,
  proStatsSchema,
  updateProSettingsSchema,
  proAvailabilityQuerySchema,
  proAvailabilityResponseSchema,
  proIdParamsSchema,
  proProfileSchema,
  proReviewsQuerySchema,
  proReviewsResponseSchema,
} from '@khedma/shared/schemas/pros';
import { publicRoute, signedIn } from '../../http/openapi';
import { currentUser, requireUser } from '../auth';
import type { ProsService } from './pros.service';
import type { ProsSearchService } from './search.service';
import type { ProsSettingsService } from './settings.service';

const tags = ['professionals'];

export interface ProsRouteServices {
  pros: ProsService;
  search: ProsSearchService;
  settings: ProsSettingsService;
}

export const prosRoutes: FastifyPluginAsyncZod<ProsRouteServices> = async (app, { pros, search, settings }) => {
  app.get(
    '/api/pros',
    {
      schema: {
        tags,
        summary: 'Approved professionals by city, service or category, minimum rating and text; sorted; pages of 12',
        security: publicRoute,
        querystring: proSearchQuerySchema,
        response: { 200: proSearchResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => search.search(req.query),
  );

  app.get(
    '/api/pros/stats',
    {
      schema: {
        tags,
        summary: "The professionals finder's tiles: professionals, services, cities, average rating",
        security: publicRoute,
        response: { 200: proStatsSchema },
      },
    },
    async () => search.stats(),
  );

  app.get(
    '/api/pros/me/settings',
    {
      schema: {
        tags,
        summary: "The signed-in professional's own profile: about, hourly rate, services, city, boroughs, week, days off",
        security: signedIn,
        response: { 200: proSettingsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => settings.get(currentUser(req)!),
  );

  app.put(
    '/api/pros/me/settings',
    {
      schema: {
        tags,
        summary: "Replaces the signed-in professional's own profile (approved professionals only); effective at once",
        security: signedIn,
        body: updateProSettingsSchema,
        response: { 200: proSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => settings.update(currentUser(req)!, req.body),
  );

  app.put(
    '/api/pros/me/service-area',
    {
      schema: {
        tags,
        summary:
          "Sets or clears (both null) the signed-in professional's base location and service radius (issue 42); the base must be inside one of their cities; assignment uses it at once",
        security: signedIn,
        body: serviceAreaSchema,
        response: { 200: serviceAreaSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => settings.setServiceArea(currentUser(req)!, req.body),
  );

  app.get(
    '/api/pros/:id',
    {
      schema: {
        tags,
        summary: "A professional's public profile (first name, verified, city, hourly rate, services, real rating)",
        security: publicRoute,
        params: proIdParamsSchema,
        response: { 200: proProfileSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.profile(req.params.id),
  );

  app.get(
    '/api/pros/:id/reviews',
    {
      schema: {
        tags,
        summary: "A professional's reviews with the rating breakdown (filter by rating, sort)",
        security: publicRoute,
        params: proIdParamsSchema,
        querystring: proReviewsQuerySchema,
        response: { 200: proReviewsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.reviews(req.params.id, req.query),
  );

  app.get(
    '/api/pros/:id/availability',
    {
      schema: {
        tags,
        summary: "Free slots of the professional page on a date (2 h lead, weekly availability, existing bookings)",
        security: publicRoute,
        params: proIdParamsSchema,
        querystring: proAvailabilityQuerySchema,
        response: { 200: proAvailabilityResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.availability(req.params.id, req.query),
  );
};
