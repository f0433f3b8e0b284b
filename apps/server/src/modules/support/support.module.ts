/**
 * Support tickets (docs/support.md): the person's tickets (/api/support/*), the team's queue
 * (/api/admin/support/*), the ticket of each contact-form message (listening to `contact.received`,
 * in the message's transaction), the answers' emails and pushes, and the auto-close of resolved tickets.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RateLimiter } from '../../platform/rate-limit';
import { QueueService } from './queue.service';
import { SupportNotifier } from './notifier';
import { SUPPORT_AUTO_CLOSE_JOB } from './support.jobs';
import { SupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { TicketsService } from './tickets.service';

export function createSupportModule(ctx: AppContext): AppModule {
  const db = ctx.database.db;
  const repo = new SupportRepository(db);
  const limiter = new RateLimiter(db, ctx.config.rateLimitScale);
  const notifier = new SupportNotifier({
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    repo,
    db,
    push: ctx.push,
    preferences: ctx.preferences,
    log: ctx.log,
    supportEmail: ctx.config.supportEmail,
    publicUrl: ctx.config.publicUrl,
  });
  const tickets = new TicketsService(db, repo, ctx.storage, ctx.clock, ctx.jobs, limiter, notifier);
  const queue = new QueueService(db, repo, ctx.storage, ctx.clock, ctx.jobs, limiter, notifier);
  ctx.jobs.register(SUPPORT_AUTO_CLOSE_JOB, (job) => queue.autoClose(job.payload.ticketId, job.payload.resolvedAt));
  ctx.events.on('contact.received', (e) => tickets.fromContactForm(e.tx, e));
  const plugin = modulePlugin('support', async (app) => {
    await app.register(supportRoutes, { tickets, queue });
  });
  return { plugin };
}
