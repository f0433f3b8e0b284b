/**
 * Running late, no-shows and suspension of professionals (issue 41, docs/lateness.md). Built after
 * bookings (its reads answer the booking) and payments (ledger and refunds), which app.ts hands it; the
 * access log through admin's index.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { BookingUseCases } from '../bookings';
import { PushSubscriptions } from '../chat';
import type { PaymentsModule } from '../payments';
import { AccessLogRepository } from '../admin';
import { RecipientsRepository } from '../auth';
import { AttendanceService } from './attendance.service';
import { devLatenessRoutes } from './dev-lateness.routes';
import { registerLateAlerts } from './late-alerts';
import { LatenessRepository } from './lateness.repository';
import { latenessRoutes } from './lateness.routes';
import { SuspensionService } from './suspension.service';

export function createLatenessModule(ctx: AppContext, { payments, bookings }: { payments: Pick<PaymentsModule, 'ledger' | 'refunds'>; bookings: BookingUseCases }): AppModule {
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
    ledger: payments.ledger,
    refunds: payments.refunds,
    bookings,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    realtime: ctx.realtime,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
  });
  const suspension = new SuspensionService({ db, repo, accessLog: new AccessLogRepository(db), mailer: ctx.mailer, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  const plugin = modulePlugin('lateness', async (app) => {
    await app.register(latenessRoutes, { attendance, suspension });
    if (ctx.config.testPeople && !ctx.config.isProduction) await app.register(devLatenessRoutes, { db });
  });
  return { plugin };
}
