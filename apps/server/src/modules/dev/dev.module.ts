/** Development only: the outbox of captured emails and SMS, and the journeys' people. Registers nothing in production. */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { SessionResolver } from '../auth';
import { devRoutes } from './dev.routes';
import { OutboxRepository } from './outbox.repository';
import { testPeopleRoutes } from './test-people.routes';
import { testRemindersRoutes } from './test-reminders.routes';

export function createDevModule(ctx: AppContext, { sessions }: { sessions: Pick<SessionResolver, 'cookieName'> }): AppModule {
  const plugin = modulePlugin('dev', async (app) => {
    if (ctx.outbox) await app.register(devRoutes, { outbox: new OutboxRepository(ctx.database.db), settled: () => ctx.jobs.settled() });
    if (ctx.config.testPeople && !ctx.config.isProduction) {
      await app.register(testPeopleRoutes, { ctx, sessionCookie: sessions.cookieName });
      await app.register(testRemindersRoutes, { ctx });
    }
  });
  return { plugin };
}
