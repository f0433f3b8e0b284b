/**
 * Earnings, payouts and receipts (issue 27): a professional's money read from the escrow ledger, the
 * payout request and the admins' "mark paid" (which moves the money out in the ledger), and the
 * receipt of every paid booking as JSON (the printable page) and as a PDF.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { PaymentsModule } from '../payments';
import type { PromosModule } from '../promos';
import { AccessLogRepository } from '../admin';
import { RecipientsRepository } from '../auth';
import { EarningsRepository } from './earnings.repository';
import { devEscrowRoutes } from './dev-escrow.routes';
import { earningsRoutes } from './earnings.routes';
import { EarningsService } from './earnings.service';
import { InvoicesService } from './invoices.service';
import { PayoutsAdminService } from './payouts-admin.service';
import { ReceiptPdf } from './receipt-pdf';
import { ReceiptsService } from './receipts.service';

export function createEarningsModule(
  ctx: AppContext,
  { payments, promos }: { payments: Pick<PaymentsModule, 'ledger' | 'escrow'>; promos: Pick<PromosModule, 'discounts'> },
): AppModule {
  const db = ctx.database.db;
  const repo = new EarningsRepository(db);
  const recipients = new RecipientsRepository(db);
  // Invoices and credit notes are written with the ledger's hold and refund rows, in their transaction.
  const invoices = new InvoicesService(db, ctx.clock, ctx.config.company, (id) => promos.discounts.of(id));
  payments.ledger.onPosted(invoices.onLedgerPosted);
  const routes = {
    earnings: new EarningsService(db, repo, ctx.clock),
    payouts: new PayoutsAdminService(
      db,
      repo,
      ctx.clock,
      {
        mailer: ctx.mailer,
        earningsUrl: `${ctx.config.publicUrl}/earnings`,
        recipientOf: async (tx, professionalId) => {
          const userId = await repo.with(tx).userOfProfessional(professionalId);
          return userId ? (await recipients.with(tx).recipients([userId]))[0] : undefined;
        },
      },
      // A reveal of a payee's bank account is logged like the review page's (admin's access log).
      new AccessLogRepository(db),
    ),
    receipts: new ReceiptsService(repo, { email: ctx.config.supportEmail, website: ctx.config.publicUrl }, (id) => promos.discounts.of(id)),
    pdf: new ReceiptPdf(),
    invoices,
  };
  const plugin = modulePlugin('earnings', async (app) => {
    await app.register(earningsRoutes, routes);
    // The browser journeys' shortcut to a released balance (dev-escrow.routes.ts); never in production.
    if (ctx.config.testPeople && !ctx.config.isProduction) await app.register(devEscrowRoutes, { repo, escrow: payments.escrow });
  });
  return { plugin };
}
