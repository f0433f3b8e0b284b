/** What other modules may use of lateness: its factory (app.ts). */
export { createLatenessModule } from './lateness.module';
