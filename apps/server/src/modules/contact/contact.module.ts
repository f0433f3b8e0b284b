/** POST /api/contact: messages to support, stored, then emailed (durably: ctx.mailer). */
import { defineModule } from '../../platform/module';
import { contactRoutes } from './contact.routes';

export const contactModule = defineModule('contact', async (app, { ctx }) => {
  await app.register(contactRoutes, { ctx });
});
