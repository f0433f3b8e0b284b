/** What other modules may use of the professionals' capability: its factory (app.ts). */
export { createProsModule } from './pros.module';
