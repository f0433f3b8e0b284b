/**
 * Tables of better-auth 1.7 (core + phoneNumber + jwt plugins, rate limits in the database).
 * The drizzle adapter runs with `usePlural: true`, so better-auth's model `user` is the export
 * `users`, `rateLimit` is `rateLimits`; property names are better-auth's field names.
 */
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { citext, createdAt, tstz, updatedAt } from './columns';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // citext: one account per email whatever the case (docs/accounts.md).
  email: citext('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // phoneNumber plugin.
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified').default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // Sessions of a user (sign-out everywhere, better-auth's listSessions).
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Accounts of a user (credential sign-in looks the user's accounts up).
    index('accounts_user_id_idx').on(t.userId),
    // Account by provider and provider account id (OAuth linking).
    index('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Verification by identifier (email confirmation, phone OTP).
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** jwt plugin key set. */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
});

/** better-auth rate limiter with `rateLimit.storage: 'database'`. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
