/**
 * Guarantee claims (docs/claims.md, issue 41): built after payments, whose services app.ts hands it. It holds
 * the escrow release of a booking while a claim is open (payments' holdReleaseWhile) and lets it go on
 * resolution; refunds go through payments' ledger and refunds service.
 */
import multipart from '@fastify/multipart';
import { CLAIM_RULES } from '@khedma/shared/domain/claims';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { PaymentsModule } from '../payments';
import { ProfessionalPoolRepository } from '../bookings';
import { ClaimDecisionsService } from './decisions.service';
import { ClaimsRepository } from './claims.repository';
import { claimsRoutes } from './claims.routes';
import { ClaimsService } from './claims.service';
import { oneFileUpload } from '../../http/single-file';

export interface ClaimsModule extends AppModule {
  service: ClaimsService;
  decisions: ClaimDecisionsService;
}

export function createClaimsModule(ctx: AppContext, { payments }: { payments: Pick<PaymentsModule, 'ledger' | 'refunds' | 'escrow'> }): ClaimsModule {
  const db = ctx.database.db;
  const repo = new ClaimsRepository(db);
  const service = new ClaimsService({
    db,
    repo,
    pool: new ProfessionalPoolRepository(db),
    ledger: payments.ledger,
    storage: ctx.storage,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });
  const decisions = new ClaimDecisionsService(service, payments.refunds);
  // An open claim holds the release (PRODUCT.md); its resolution schedules it again (ClaimsService.letGo).
  payments.escrow.holdReleaseWhile((tx, bookingId) => repo.with(tx).hasOpen(bookingId));
  const plugin = modulePlugin('claims', async (app) => {
    // Its own scope: the multipart parser and its limits apply to these routes only.
    await app.register(async (scope) => {
      await scope.register(multipart, oneFileUpload(CLAIM_RULES.photoMaxBytes, 2));
      await scope.register(claimsRoutes, { claims: service, decisions });
    });
  });
  return { plugin, service, decisions };
}
