/** What other modules may use of dev: its factory (app.ts). */
export { createDevModule } from './dev.module';
