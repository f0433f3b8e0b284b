import type { Locale, UserType } from '@khedma/shared';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminRoles, profileAuditLog, profiles, sessions, users } from '../../db/schema/index';

export interface SessionUserRow {
  userId: string;
  email: string;
  emailVerified: boolean;
  userName: string;
  profileName: string | null;
  fullName: string | null;
  userType: string | null;
  locale: string | null;
  adminRoles: string[] | null;
}

export interface NewProfile {
  id: string;
  email: string;
  fullName: string;
  userType: UserType;
  locale: Locale;
}

/** SQL of the accounts module: sessions, users and the profile row created with each account. */
export class AuthRepository {
  /** The session lookup, run by every signed-in request: prepared once (built and planned once). */
  private readonly sessionUser;

  constructor(private readonly db: Db) {
    this.sessionUser = db
      .select({
        userId: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        userName: users.name,
        profileName: profiles.name,
        fullName: profiles.fullName,
        userType: profiles.userType,
        locale: profiles.locale,
        adminRoles: sql<string[] | null>`(select array_agg(${adminRoles.role} order by ${adminRoles.role}) from ${adminRoles} where ${adminRoles.userId} = ${users.id} and ${adminRoles.isActive})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.id, users.id))
      // A closed account's sessions count as none (closure deletes them too: issue 41).
      .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`), isNull(profiles.closedAt)))
      .limit(1)
      .prepare('auth_session_user');
  }

  /**
   * The user behind a session token, with profile and active admin roles, in one query.
   * Expired sessions count as none. Read from the database on every request, never cached, so that
   * a sign-out or a ban takes effect at once on every instance.
   */
  async findSessionUser(token: string): Promise<SessionUserRow | null> {
    const rows = await this.sessionUser.execute({ token });
    return rows[0] ?? null;
  }

  /** The token of session `id` when it is an active session of `userId` (revoking takes the token). */
  async findSessionToken(id: string, userId: string): Promise<string | null> {
    const rows = await this.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return rows[0]?.token ?? null;
  }

  async emailExists(email: string): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return rows.length > 0;
  }

  /** Whether the owner closed this account (issue 41): it gets no session. */
  async isClosed(userId: string): Promise<boolean> {
    const rows = await this.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, userId), isNotNull(profiles.closedAt))).limit(1);
    return rows.length > 0;
  }

  /** Language and display name used for messages to this user. */
  async findRecipient(userId: string): Promise<{ locale: string | null; fullName: string | null; name: string | null } | null> {
    const rows = await this.db
      .select({ locale: profiles.locale, fullName: profiles.fullName, name: profiles.name })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The profile every new account gets (idempotent), with its "create" audit row. */
  async createProfile(p: NewProfile): Promise<void> {
    const firstName = p.fullName.trim().split(/\s+/)[0] || null;
    const values = {
      id: p.id,
      name: firstName,
      fullName: p.fullName,
      email: p.email,
      userType: p.userType,
      locale: p.locale,
    };
    const inserted = await this.db.insert(profiles).values(values).onConflictDoNothing().returning({ id: profiles.id });
    if (inserted.length === 0) return;
    await this.db.insert(profileAuditLog).values({
      profileId: p.id,
      changedBy: p.id,
      oldValues: null,
      newValues: { name: firstName, full_name: p.fullName, email: p.email, user_type: p.userType, locale: p.locale },
      changedFields: ['name', 'full_name', 'email', 'user_type', 'locale'],
      changeType: 'create',
    });
  }
}
