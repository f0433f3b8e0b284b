/** What other modules may use of applications: its factory (app.ts). */
export { createApplicationsModule } from './applications.module';
