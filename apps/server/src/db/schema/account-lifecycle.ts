/** Confirmation links of email sign-up (migration 0027) and of a phone account's added email (0033); docs/accounts.md. */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { users } from './auth';

/** One live link per unconfirmed account: only the SHA-256 of its token is kept. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the confirmed person goes next (a path of this site, checked at sign-up). */
    next: text('next'),
    /**
     * The address this link confirms when a phone account adds its email (migration 0033, issue 42);
     * null for a sign-up's link, which confirms the account's own address.
     */
    email: text('email'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);
