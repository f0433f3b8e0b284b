/**
 * Accounts: sign-up, sign-in, sessions (`app.sessions`, `request.user` everywhere), email
 * confirmation and password reset, under /api/auth/* and /api/accounts/*.
 */
export { authModule } from './auth.routes';
