/** What other modules may use of admin: the sensitive-access log (a reveal elsewhere is logged the same way). */
export { AccessLogRepository, type AccessOrigin } from './access-log.repository';
