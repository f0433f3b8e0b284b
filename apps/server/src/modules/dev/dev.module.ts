/** Development only: the outbox of captured emails and SMS. Registers nothing in production. */
import { defineModule } from '../../platform/module';
import { devRoutes } from './dev.routes';

export const devModule = defineModule('dev', async (app, { ctx }) => {
  if (ctx.outbox) await app.register(devRoutes, { outbox: ctx.outbox });
});
