/** Product-side user data: profiles, their audit trail, and admin roles. */
import { ADMIN_ROLES, USER_TYPES } from '@khedma/shared/domain/accounts';
import { LOCALES } from '@khedma/shared/domain/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';

export const profiles = pgTable(
  'profiles',
  {
    /** Same id as users.id (one profile per account). */
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First name, the only name clients see of a professional. */
    name: text('name'),
    fullName: text('full_name'),
    region: text('region'),
    email: citext('email'),
    phone: text('phone'),
    location: text('location'),
    aboutMe: text('about_me'),
    avatarUrl: text('avatar_url'),
    userType: text('user_type', { enum: USER_TYPES }).notNull().default('customer'),
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /** A business customer's ICE (15 digits), printed on their invoices (migration 0020). */
    ice: text('ice'),
    /** The owner closed the account (issue 41, docs/retention.md): no sign-in, no listing (migration 0027). */
    closedAt: tstz('closed_at'),
    /** When the retention job deleted its personal data (one year after closedAt). */
    dataDeletedAt: tstz('data_deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_user_type_check', inList(t.userType, USER_TYPES)),
    check('profiles_locale_check', inList(t.locale, LOCALES)),
    check('profiles_ice_check', sql`${t.ice} IS NULL OR ${t.ice} ~ '^[0-9]{15}$'`),
    // The retention job's closed accounts still to delete (migration 0027).
    index('profiles_closed_pending_deletion_idx').on(t.closedAt).where(sql`${t.closedAt} IS NOT NULL AND ${t.dataDeletedAt} IS NULL`),
  ],
);

export const profileAuditLog = pgTable(
  'profile_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    changedFields: text('changed_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** One of PROFILE_CHANGE_TYPES (e.g. update, role_change_attempt). */
    changeType: text('change_type').notNull(),
    createdAt: createdAt(),
  },
  // History of one profile, newest first.
  (t) => [index('profile_audit_log_profile_idx').on(t.profileId, t.createdAt.desc().nullsFirst())],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ADMIN_ROLES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves "admin_roles: select role by user_id and is_active".
    unique('admin_roles_user_role_key').on(t.userId, t.role),
    check('admin_roles_role_check', inList(t.role, ADMIN_ROLES)),
  ],
);
