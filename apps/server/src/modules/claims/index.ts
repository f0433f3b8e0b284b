/** What other modules may use of claims: its factory and services (app.ts). */
export { createClaimsModule, type ClaimsModule } from './claims.module';
