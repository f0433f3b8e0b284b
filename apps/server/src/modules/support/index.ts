/** What other modules may use of support: its factory (app.ts). */
export { createSupportModule } from './support.module';
