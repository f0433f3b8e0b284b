/**
 * One's own account and the data retention rules (issue 41, docs/retention.md): closing the account,
 * exporting one's data, and the daily retention sweep (one durable job a day across instances).
 * Sign-up, confirmation and sessions stay in modules/auth.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RETENTION_SWEEP_JOB } from './account.jobs';
import { AccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { RetentionRepository } from './retention.repository';
import { RetentionService } from './retention.service';

export interface AccountModule extends AppModule {
  service: AccountService;
  retention: RetentionService;
}

const HOUR_MS = 3_600_000;

export function createAccountModule(ctx: AppContext, { sessions }: { sessions: { cookieName: string } }): AccountModule {
  const service = new AccountService(ctx, new AccountRepository(ctx.database.db));
  const retention = new RetentionService(new RetentionRepository(ctx.database.db), ctx.jobs, ctx.log);
  ctx.jobs.register(RETENTION_SWEEP_JOB, async (job) => {
    await retention.run(job.now);
  });
  // Every instance asks each hour; the day's dedupe key makes it one job a day in all.
  ctx.jobs.every('retention-sweep', HOUR_MS, async () => {
    await retention.enqueueDaily(ctx.clock.now());
  });
  const plugin = modulePlugin('account', async (app) => {
    await app.register(accountRoutes, { account: service, sessionCookie: sessions.cookieName });
  });
  return { plugin, service, retention };
}
