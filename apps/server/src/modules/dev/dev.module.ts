/** Development only: the outbox of captured emails and SMS, and the journeys' people. Registers nothing in production. */
import { defineModule } from '../../module';
import { devRoutes } from './dev.routes';
import { testPeopleRoutes } from './test-people.routes';
import { testRemindersRoutes } from './test-reminders.routes';

export const devModule = defineModule('dev', async (app, { ctx }) => {
  if (ctx.outbox) await app.register(devRoutes, { outbox: ctx.outbox });
  if (ctx.config.testPeople && !ctx.config.isProduction) {
    await app.register(testPeopleRoutes, { ctx });
    await app.register(testRemindersRoutes, { ctx });
  }
});
