/** sitemap.xml and robots.txt, from the catalogue's active services. */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { CatalogService } from '../catalog';
import { seoRoutes } from './seo.routes';

export function createSeoModule(ctx: AppContext, { catalog }: { catalog: { service: CatalogService } }): AppModule {
  const plugin = modulePlugin('seo', async (app) => {
    await app.register(seoRoutes, { catalog: catalog.service, publicUrl: ctx.config.publicUrl });
  });
  return { plugin };
}
