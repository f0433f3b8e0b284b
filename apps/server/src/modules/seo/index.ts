/** What other modules may use of seo: its factory (app.ts). */
export { createSeoModule } from './seo.module';
