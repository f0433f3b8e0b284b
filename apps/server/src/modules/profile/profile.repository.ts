import type { EditableProfileField, MyApplicationSummary, Profile, ProfileChangeType } from '@khedma/shared';
import { normalizeUserType } from '@khedma/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionalApplications, professionals, profileAuditLog, profiles, users } from '../../db/schema/index';

type ProfileRow = typeof profiles.$inferSelect;

/** API field name -> column property. */
const COLUMN: Record<EditableProfileField, keyof ProfileRow> = {
  name: 'name',
  full_name: 'fullName',
  phone: 'phone',
  location: 'location',
  about_me: 'aboutMe',
  avatar_url: 'avatarUrl',
  locale: 'locale',
  ice: 'ice',
};

export type ProfileChanges = Partial<Record<EditableProfileField, string | null>>;

export interface AuditEntry {
  profileId: string;
  changedBy: string;
  changeType: ProfileChangeType;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  changedFields: string[];
}

export function toProfile(r: ProfileRow): Profile {
  return {
    id: r.id,
    name: r.name,
    full_name: r.fullName,
    region: r.region,
    email: r.email,
    phone: r.phone,
    location: r.location,
    about_me: r.aboutMe,
    avatar_url: r.avatarUrl,
    user_type: normalizeUserType(r.userType),
    locale: r.locale,
    ice: r.ice,
    created_at: new Date(r.createdAt).toISOString(),
    updated_at: new Date(r.updatedAt).toISOString(),
  };
}

/** SQL of profiles, their audit log, and the owner's latest application (GET /api/me). */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<Profile | null> {
    const rows = await this.db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
    return rows[0] ? toProfile(rows[0]) : null;
  }

  /** Whether the user has a professional record (an approved application made it): GET /api/me's permissions. */
  async isProfessional(userId: string): Promise<boolean> {
    const rows = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId)).limit(1);
    return rows.length > 0;
  }

  /** Status and date of the user's newest application, or null (professional_applications_user_created_idx). */
  async latestApplication(userId: string): Promise<MyApplicationSummary | null> {
    const rows = await this.db
      .select({ status: professionalApplications.status, submittedAt: professionalApplications.submittedAt })
      .from(professionalApplications)
      .where(eq(professionalApplications.userId, userId))
      .orderBy(desc(professionalApplications.createdAt))
      .limit(1);
    const row = rows[0];
    return row ? { status: row.status, submittedAt: new Date(row.submittedAt).toISOString() } : null;
  }

  /** A profile for an account that has none (created on first save, "Complete Your Profile"). */
  async createIfMissing(id: string, email: string, changedBy: string): Promise<boolean> {
    const inserted = await this.db
      .insert(profiles)
      .values({ id, email, userType: 'customer' })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (inserted.length === 0) return false;
    await this.audit({
      profileId: id,
      changedBy,
      changeType: 'create',
      oldValues: null,
      newValues: { email, user_type: 'customer' },
      changedFields: ['email', 'user_type'],
    });
    return true;
  }

  /**
   * Applies `changes` to the profile and writes the audit row with old and new values of the
   * fields that really changed, in one transaction (the row is locked while we compare).
   * Returns the profile after the change and the fields that changed.
   */
  async update(
    id: string,
    changedBy: string,
    changes: ProfileChanges,
    changeType: ProfileChangeType = 'update',
  ): Promise<{ before: Profile; after: Profile; changed: EditableProfileField[] } | null> {
    return this.db.transaction(async (tx) => {
      const current = (await tx.select().from(profiles).where(eq(profiles.id, id)).for('update').limit(1))[0];
      if (!current) return null;
      const before = toProfile(current);
      const changed = (Object.keys(changes) as EditableProfileField[]).filter((f) => changes[f] !== before[f]);
      if (changed.length === 0) return { before, after: before, changed };

      const set: Partial<ProfileRow> = { updatedAt: new Date() };
      const oldValues: Record<string, unknown> = {};
      const newValues: Record<string, unknown> = {};
      for (const f of changed) {
        (set as Record<string, unknown>)[COLUMN[f]] = changes[f];
        oldValues[f] = before[f];
        newValues[f] = changes[f];
      }
      const [row] = await tx.update(profiles).set(set).where(eq(profiles.id, id)).returning();
      await tx.insert(profileAuditLog).values({ profileId: id, changedBy, changeType, oldValues, newValues, changedFields: changed });
      // better-auth's account name follows the full name (sessions and emails show it).
      if (changed.includes('full_name') && changes.full_name) {
        await tx.update(users).set({ name: changes.full_name, updatedAt: new Date() }).where(eq(users.id, id));
      }
      return { before, after: toProfile(row!), changed };
    });
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.db.insert(profileAuditLog).values(entry);
  }

  /** Newest first (tests and a future admin view). */
  async auditTrail(profileId: string, limit = 50) {
    return this.db
      .select()
      .from(profileAuditLog)
      .where(eq(profileAuditLog.profileId, profileId))
      .orderBy(desc(profileAuditLog.createdAt))
      .limit(limit);
  }
}
