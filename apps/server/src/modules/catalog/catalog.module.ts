/**
 * The catalogue: categories, services, cities and prices (GET /api/catalog/*), and the reference
 * facts other modules price from (`reference`, handed to them by app.ts). Answers are cached per instance and
 * dropped on every instance when the catalogue changes (CATALOG_CHANNEL).
 */
import type { AppContext } from '../../context';
import type { PublicAnswers } from '../../http/public-answers';
import { modulePlugin, type AppModule } from '../../module';
import { CatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { CatalogService } from './catalog.service';
import { CatalogReference } from './reference.service';
import { ReferenceRepository } from './reference.repository';

export interface CatalogModule extends AppModule {
  service: CatalogService;
  reference: CatalogReference;
}

export function createCatalogModule(ctx: AppContext, { publicAnswers }: { publicAnswers?: PublicAnswers } = {}): CatalogModule {
  const repo = new CatalogRepository(ctx.database.db);
  const service = new CatalogService(repo, ctx.database);
  const reference = new CatalogReference(new ReferenceRepository(ctx.database.db), repo);
  const plugin = modulePlugin('catalog', async (app) => {
    const stopListening = await service.start();
    const stopClearing = service.onChange(() => reference.clear());
    app.addHook('onClose', async () => {
      stopClearing();
      await stopListening();
    });
    await app.register(catalogRoutes, { catalog: service, answers: publicAnswers });
  });
  return { plugin, service, reference };
}
