/**
 * Accounts: sign-up, sign-in, sessions (`request.user` everywhere, the resolver as the module's
 * `sessions`), email confirmation and password reset, under /api/auth/* and /api/accounts/*.
 */
export { createAuthModule, type AuthModule } from './auth.routes';
