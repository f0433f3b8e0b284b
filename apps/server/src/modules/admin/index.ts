/** What other modules may use of admin: its factory (app.ts) and the sensitive-access log (a reveal elsewhere is logged the same way). */
export { createAdminModule } from './admin.module';
export { AccessLogRepository, type AccessOrigin } from './access-log.repository';
