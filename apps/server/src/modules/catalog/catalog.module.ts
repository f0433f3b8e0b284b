/**
 * The catalogue: categories, services, cities and prices (GET /api/catalog/*), and the reference
 * facts other modules price from (`app.catalog.reference`). Answers are cached per instance and
 * dropped on every instance when the catalogue changes (CATALOG_CHANNEL).
 */
import { defineModule } from '../../module';
import { CatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { CatalogService } from './catalog.service';
import { CatalogReference } from './reference.service';
import { ReferenceRepository } from './reference.repository';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: { service: CatalogService; reference: CatalogReference };
  }
}

export const catalogModule = defineModule('catalog', async (app, { ctx }) => {
  const repo = new CatalogRepository(ctx.database.db);
  const service = new CatalogService(repo, ctx.database);
  const reference = new CatalogReference(new ReferenceRepository(ctx.database.db), repo);
  const stopListening = await service.start();
  const stopClearing = service.onChange(() => reference.clear());
  app.addHook('onClose', async () => {
    stopClearing();
    await stopListening();
  });
  app.decorate('catalog', { service, reference });
  await app.register(catalogRoutes, { catalog: service });
});
