/** sitemap.xml and robots.txt, from the catalogue's active services. */
import { defineModule } from '../../module';
import { seoRoutes } from './seo.routes';

export const seoModule = defineModule('seo', async (app, { ctx }) => {
  await app.register(seoRoutes, { catalog: app.catalog.service, publicUrl: ctx.config.publicUrl });
});
