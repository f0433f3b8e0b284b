/**
 * Running late, no-shows and suspension of professionals (issue 41, docs/lateness.md). Registered
 * after bookings (its reads answer the booking), payments (ledger and refunds) and admin (the access
 * log, through its index).
 */
import { PushSubscriptions } from '../../platform/push-subscriptions';
import { defineModule } from '../../module';
import { AccessLogRepository } from '../admin';
import { RecipientsRepository } from '../auth';
import { AttendanceService } from './attendance.service';
import { devLatenessRoutes } from './dev-lateness.routes';
import { registerLateAlerts } from './late-alerts';
import { LatenessRepository } from './lateness.repository';
import { latenessRoutes } from './lateness.routes';
import { SuspensionService } from './suspension.service';

export const latenessModule = defineModule('lateness', async (app, { ctx }) => {
  const db = ctx.database.db;
  const repo = new LatenessRepository(db);
  const recipients = new RecipientsRepository(db);
  registerLateAlerts({
    db,
    repo,
    recipients,
    preferences: ctx.preferences,
    subscriptions: new PushSubscriptions(db, ctx.push, ctx.log),
    push: ctx.push,
    sms: ctx.sms,
    whatsapp: ctx.whatsapp,
    presence: ctx.realtime.presence,
    jobs: ctx.jobs,
    log: ctx.log,
  });
  const attendance = new AttendanceService({
    db,
    repo,
    ledger: app.payments.ledger,
    refunds: app.payments.refunds,
    bookings: app.bookings,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
  });
  const suspension = new SuspensionService({ db, repo, accessLog: new AccessLogRepository(db), jobs: ctx.jobs, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  await app.register(latenessRoutes, { attendance, suspension });
  if (ctx.config.testPeople && !ctx.config.isProduction) await app.register(devLatenessRoutes, { db });
});
