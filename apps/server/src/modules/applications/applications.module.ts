import multipart from '@fastify/multipart';
import { APPLICATION_DOCUMENT_RULES } from '@khedma/shared';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RateLimiter } from '../../platform/rate-limit';
import { ApplicationsRepository } from './applications.repository';
import { applicationsRoutes } from './applications.routes';
import { DocumentsService } from './documents.service';
import { DraftService } from './draft.service';
import { MyApplicationService } from './my-application.service';
import { SubmitService } from './submit.service';
import { oneFileUpload } from '../../http/single-file';

/**
 * Applying to become a professional (docs/professionals.md Become a Professional and the onboarding wizard):
 * /api/applications/*. The phone step uses the accounts module's SMS code (/api/auth/phone-number/*);
 * reviewing applications belongs to the admin module. docs/professionals.md.
 */
export function createApplicationsModule(ctx: AppContext): AppModule {
  const repo = new ApplicationsRepository(ctx.database.db);
  const drafts = new DraftService(repo);
  const documents = new DocumentsService(repo, ctx.storage, drafts);
  const services = { drafts, documents, submit: new SubmitService(repo), mine: new MyApplicationService(repo), limiter: new RateLimiter(ctx.database.db, ctx.config.rateLimitScale) };
  const plugin = modulePlugin('applications', async (app) => {
    // Its own scope: the multipart parser and its limits apply to these routes only.
    await app.register(async (scope) => {
      await scope.register(multipart, oneFileUpload(APPLICATION_DOCUMENT_RULES.maxBytes, 5));
      await scope.register(applicationsRoutes, services);
    });
  });
  return { plugin };
}
