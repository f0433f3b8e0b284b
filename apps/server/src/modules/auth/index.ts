/** What other modules may use of accounts: its factory (app.ts), the session guards and who an email goes to. */
export { createAuthModule, type AuthModule } from './auth.module';
export type { SessionResolver } from './session';
export { currentUser, optionalUser, requirePermission, requireUser } from './session';
export { RecipientsRepository, type Recipient } from './recipients.repository';
