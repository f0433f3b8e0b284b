/** What other modules may use of accounts: the session guards and who an email goes to. */
export { currentUser, optionalUser, requirePermission, requireUser } from './session';
export { RecipientsRepository, type Recipient } from './recipients.repository';
