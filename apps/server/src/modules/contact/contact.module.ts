/** POST /api/contact: messages to support, stored (each opens a support ticket: `contact.received`), then emailed (durably: ctx.mailer). Its `contact` service is the same for the page's form (http/contact-form.ts, given it by app.ts). */
import { RateLimiter } from '../../platform/rate-limit';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { SessionResolver } from '../auth';
import { contactRoutes } from './contact.routes';
import { ContactService } from './contact.service';

export interface ContactModule extends AppModule {
  contact: ContactService;
}

export function createContactModule(ctx: AppContext, { sessions }: { sessions: Pick<SessionResolver, 'resolve'> }): ContactModule {
  const contact = new ContactService(ctx.database.db, ctx.mailer, new RateLimiter(ctx.database.db, ctx.config.rateLimitScale), ctx.config.supportEmail, ctx.events);
  const plugin = modulePlugin('contact', async (app) => {
    await app.register(contactRoutes, { contact, sessions });
  });
  return { plugin, contact };
}
