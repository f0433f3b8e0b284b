import multipart from '@fastify/multipart';
import { APPLICATION_DOCUMENT_RULES } from '@khedma/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { createStorage, type Storage } from '../../platform/storage';
import { ApplicationsRepository } from './applications.repository';
import { applicationsRoutes } from './applications.routes';
import { DocumentsService } from './documents.service';
import { DraftService } from './draft.service';
import { MyApplicationService } from './my-application.service';
import { SubmitService } from './submit.service';

/**
 * Applying to become a professional (SPEC §2 Become a Professional and the onboarding wizard):
 * /api/applications/*. The phone step uses the accounts module's SMS code (/api/auth/phone-number/*);
 * reviewing applications belongs to the admin module.
 */
export const applicationsModule: FastifyPluginAsync<{ ctx: AppContext; storage?: Storage }> = async (app, { ctx, storage }) => {
  const repo = new ApplicationsRepository(ctx.database.db);
  const drafts = new DraftService(repo);
  const documents = new DocumentsService(repo, storage ?? createStorage(ctx.config), drafts);
  await app.register(multipart, {
    limits: { fileSize: APPLICATION_DOCUMENT_RULES.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  await app.register(applicationsRoutes, { drafts, documents, submit: new SubmitService(repo), mine: new MyApplicationService(repo) });
};
