/** POST /api/contact: messages to support, stored (each opens a support ticket: `contact.received`), then emailed (durably: ctx.mailer). `app.contact`: the same for the page's form (http/contact-form.ts). */
import { RateLimiter } from '../../platform/rate-limit';
import { defineModule } from '../../module';
import { contactRoutes } from './contact.routes';
import { ContactService } from './contact.service';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

export const contactModule = defineModule('contact', async (app, { ctx }) => {
  const contact = new ContactService(ctx.database.db, ctx.mailer, new RateLimiter(ctx.database.db, ctx.config.rateLimitScale), ctx.config.supportEmail, ctx.events);
  app.decorate('contact', contact);
  await app.register(contactRoutes, { contact });
});
