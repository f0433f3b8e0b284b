/**
 * The signed-in user's notification choices per channel (docs/chat.md#notification-preferences):
 * GET and PUT /api/profile/notifications, their own only (there is no user id in the path).
 */
import { errorResponseSchema, notificationPreferencesSchema, updateNotificationPreferencesSchema, type NotificationPreferences } from '@khedma/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedIn } from '../../http/openapi';
import { smsNumberOf, type NotificationPreferencesStore } from './notification-preferences.repository';
import { requireUser } from '../auth';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; store: NotificationPreferencesStore }> = async (app, { ctx, store }) => {
  const answer = async (userId: string, prefs: NotificationPreferences) => {
    const consent = await store.whatsappConsent(userId);
    return {
      ...prefs,
      smsReachable: (await smsNumberOf(ctx.database.db, userId)) !== null,
      whatsappOptIn: consent.optIn,
      whatsappOptedOutAt: consent.optedOutAt,
    };
  };

  app.get(
    '/api/profile/notifications',
    {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Notification choices of the signed-in user: email, SMS, push and WhatsApp (defaults until they choose: email and push on, SMS and WhatsApp off)',
        security: signedIn,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(req.user.id, await store.get(req.user.id));
    },
  );

  app.put(
    '/api/profile/notifications',
    {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Turn notification channels on or off (own account only)',
        description:
          'Any of email, sms, push, whatsapp (booleans); the others keep their value. Turning WhatsApp on records when and how (the opt-in); an inbound STOP on WhatsApp turns it off. Booking and chat notifications respect them when they are sent; account and security emails (email confirmation, password reset) and phone codes are always sent.',
        security: signedIn,
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(req.user.id, await store.update(req.user.id, req.body));
    },
  );
};
