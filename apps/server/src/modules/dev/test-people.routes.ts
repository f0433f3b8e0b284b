import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@khedma/shared/domain/accounts';
import { LOCALES } from '@khedma/shared/domain/constants';
import { CATEGORIES } from '@khedma/shared/domain/catalog';
import { errorResponseSchema } from '@khedma/shared';
import type { AppContext } from '../../context';
import { eq, sql } from 'drizzle-orm';
import { bookings, cities } from '../../db/schema/index';
import { notFound, badRequest } from '../../http/errors';
import { publicRoute } from '../../http/openapi';
import { insertAdminRoles, insertApprovedApplication, insertPerson, insertProfessional, insertSession, uniquePhone } from '../../db/people';

const testPersonRequestSchema = z.strictObject({
  type: z.enum(['customer', 'pro', 'admin']),
  /** Admin roles (admins only; default super_admin). */
  roles: z.array(z.enum(ADMIN_ROLES)).max(ADMIN_ROLES.length).optional(),
  locale: z.enum(LOCALES).optional(),
  name: z.string().trim().min(2).max(80).optional(),
  /** City slug (default casablanca). */
  city: z.string().regex(/^[a-z-]{2,40}$/).optional(),
  /** Professionals: every active service of this category (default plumbing). */
  category: z.enum(CATEGORIES).optional(),
  /** Professionals: a base location and service radius (issue 42). */
  serviceArea: z.strictObject({ base: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }), radiusKm: z.number().int().min(1).max(100) }).optional(),
  /** Professionals: an approved application with these bank details (where their payouts go). */
  bank: z.strictObject({ bankName: z.string().min(2).max(80), accountHolder: z.string().min(2).max(80), account: z.string().regex(/^[A-Z0-9 ]{8,34}$/) }).optional(),
});

const testPersonResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  password: z.string(),
  name: z.string(),
  professionalId: z.string().optional(),
  cityId: z.string().optional(),
  serviceTypeIds: z.array(z.string()).optional(),
});

/** Journeys only (see testPeopleRoutes): more cities whose pairs no demo professional covers. */
export const JOURNEY_CITIES = [
  { slug: 'agadir', name: 'Agadir', nameFr: 'Agadir', nameAr: 'أكادير', region: 'Souss-Massa', priceFactor: 0.95, centerLat: 30.4278, centerLng: -9.5981, radiusKm: 20 },
  { slug: 'meknes', name: 'Meknes', nameFr: 'Meknès', nameAr: 'مكناس', region: 'Fès-Meknès', priceFactor: 0.9, centerLat: 33.8935, centerLng: -5.5473, radiusKm: 15 },
  { slug: 'oujda', name: 'Oujda', nameFr: 'Oujda', nameAr: 'وجدة', region: "L'Oriental", priceFactor: 0.9, centerLat: 34.6814, centerLng: -1.9086, radiusKm: 15 },
  { slug: 'kenitra', name: 'Kenitra', nameFr: 'Kénitra', nameAr: 'القنيطرة', region: 'Rabat-Salé-Kénitra', priceFactor: 0.9, centerLat: 34.261, centerLng: -6.5802, radiusKm: 15 },
] as const;

/**
 * POST /api/dev/test-people: a confirmed person (customer, professional or admin), made straight in
 * the tables and signed in by the answer's session cookie. The browser journeys make their people this
 * way (e2e/support/users.ts): sign-up and sign-in hash a password twice, about 14 s per journey on two
 * shared cores. Registered only with TEST_PEOPLE=1 outside production (scripts/e2e-server.mjs sets it);
 * sign-up, confirmation and the sign-in form keep their own journeys.
 */
export const testPeopleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; sessionCookie: string }> = async (app, { ctx, sessionCookie }) => {
  const db = ctx.database.db;
  // Cities of the journeys alone, never served by the product (PRODUCT.md's cities are the demo seed's):
  // their city and category pairs give journeys professionals nobody else covers (e2e/support/users.ts
  // PRO_AREAS), so the real assignment picks them.
  await db.insert(cities).values(JOURNEY_CITIES.map((c) => ({ ...c }))).onConflictDoNothing({ target: cities.slug });
  app.post(
    '/api/dev/test-people',
    {
      schema: {
        tags: ['development'],
        summary: 'Browser journeys only: a confirmed, signed-in person (never in production)',
        security: publicRoute,
        body: testPersonRequestSchema,
        response: { 201: testPersonResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const o = req.body;
      const userType = o.type;
      if (o.city) {
        const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, o.city));
        if (!city) throw badRequest(`No city ${o.city}.`, { city: 'Unknown city' });
      }
      const defaults = { customer: 'Salma Bennani', pro: 'Test Professional', admin: 'Nadia Admin' } as const;
      const person = await insertPerson(db, userType, {
        name: o.name ?? defaults[userType],
        locale: o.locale,
        city: o.city,
        phone: userType === 'pro' ? uniquePhone() : null,
      });
      const pro = userType === 'pro' ? await insertProfessional(db, person, { city: o.city, category: o.category, serviceArea: o.serviceArea }) : {};
      if (userType === 'pro' && o.bank) await insertApprovedApplication(db, person, o.bank);
      if (userType === 'admin') await insertAdminRoles(db, person.userId, o.roles ?? ['super_admin']);
      const session = await insertSession(db, person.userId, ctx.config.authSecret, ctx.clock.now());
      const secure = ctx.config.publicUrl.startsWith('https://');
      reply.header(
        'set-cookie',
        `${sessionCookie}=${session.cookieValue}; Max-Age=${session.maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...person, ...pro });
    },
  );

  /**
   * POST /api/dev/test-bookings/{id}/happened: the booking moved five weeks back (past any booking
   * horizon, weekday and time kept), so that a journey can complete it: an admin completes a booking
   * only once it has started (issue 38). The same shift for every booking keeps a professional's
   * bookings apart. Same registration as test-people (TEST_PEOPLE outside production).
   */
  app.post(
    '/api/dev/test-bookings/:id/happened',
    {
      schema: {
        tags: ['development'],
        summary: 'Browser journeys only: move a booking into the past (never in production)',
        security: publicRoute,
        params: z.object({ id: z.guid() }),
        response: { 200: z.object({ scheduledStart: z.string(), scheduledEnd: z.string() }), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const [row] = await db
        .update(bookings)
        .set({ scheduledStart: sql`${bookings.scheduledStart} - interval '35 days'`, scheduledEnd: sql`${bookings.scheduledEnd} - interval '35 days'` })
        .where(eq(bookings.id, req.params.id))
        .returning({ start: bookings.scheduledStart, end: bookings.scheduledEnd });
      if (!row) throw notFound('Booking not found');
      reply.header('cache-control', 'no-store');
      return { scheduledStart: row.start.toISOString(), scheduledEnd: row.end.toISOString() };
    },
  );
};
