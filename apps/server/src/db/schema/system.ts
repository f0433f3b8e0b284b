/** Platform tables: outbox, contact form, sensitive-access log, push subscriptions, job queue. */
import { JOB_STATUSES } from '@khedma/shared/domain/constants';
import { SENSITIVE_ACCESS_ACTIONS } from '@khedma/shared/domain/masking';
import { OUTBOX_CHANNELS } from '@khedma/shared/domain/notifications';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PHONE_CODE_CHANNELS, PHONE_CODE_PURPOSES } from '@khedma/shared/domain/phone-accounts';
import { citext, createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';

/** Every email and SMS sent outside production (GET /api/dev/outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_channel_check', inList(t.channel, OUTBOX_CHANNELS)),
    // GET /api/dev/outbox: newest first.
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: citext('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // Support inbox, newest first.
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/** Each reveal of a sensitive value, document view, application listing or decision. */
export const sensitiveAccessLog = pgTable(
  'sensitive_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action', { enum: SENSITIVE_ACCESS_ACTIONS }).notNull(),
    accessedFields: text('accessed_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the access came from (migration 0010_admin). */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sensitive_access_log_action_check', inList(t.action, SENSITIVE_ACCESS_ACTIONS)),
    // Audit of one record, newest first.
    index('sensitive_access_log_record_idx').on(t.tableName, t.recordId, t.createdAt.desc().nullsFirst()),
    // Audit of one actor.
    index('sensitive_access_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    // The super_admin's log view, newest first.
    index('sensitive_access_log_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** Web Push subscriptions. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  // Subscriptions of a user (sending a push).
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Per-channel notification choices (docs/chat.md#notification-preferences). No row: the defaults of
 * DEFAULT_NOTIFICATION_PREFERENCES (email and push on, SMS off); every notification job reads this
 * when it runs.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(false),
  push: boolean('push').notNull().default(true),
  /** Opt-in only; when and how it was turned on, and when a STOP (or the profile) turned it off. */
  whatsapp: boolean('whatsapp').notNull().default(false),
  whatsappOptInAt: tstz('whatsapp_opt_in_at'),
  whatsappOptInSource: text('whatsapp_opt_in_source'),
  whatsappOptedOutAt: tstz('whatsapp_opted_out_at'),
  updatedAt: updatedAt(),
});

/** One-time codes by SMS or WhatsApp (onboarding phone step, phone sign-in): an HMAC only, never the code. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: PHONE_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: PHONE_CODE_CHANNELS }).notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'phone_codes_pkey', columns: [t.phone, t.purpose] }),
    check('phone_codes_purpose_check', inList(t.purpose, PHONE_CODE_PURPOSES)),
    check('phone_codes_channel_check', inList(t.channel, PHONE_CODE_CHANNELS)),
  ],
);

/**
 * Durable job queue (escrow release 48 h after completion, emails, reminders). Workers claim with
 * `status = 'pending' AND run_at <= now()` ... FOR UPDATE SKIP LOCKED, and take back running jobs
 * whose locked_until has passed.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** At most one job per (kind, dedupe_key), e.g. ('escrow.release', booking id). */
    dedupeKey: text('dedupe_key'),
    runAt: tstz('run_at').notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scheduled_jobs_status_check', inList(t.status, JOB_STATUSES)),
    check('scheduled_jobs_attempts_check', sql`${t.attempts} >= 0`),
    // Claiming due jobs.
    index('scheduled_jobs_status_run_at_idx').on(t.status, t.runAt),
    uniqueIndex('scheduled_jobs_kind_dedupe_idx')
      .on(t.kind, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Live server instances' leases (migration 0017, platform/instance.ts). */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  seenAt: tstz('seen_at').notNull().defaultNow(),
});
