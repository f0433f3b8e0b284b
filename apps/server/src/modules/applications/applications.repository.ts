import type { ApplicationStatus, MyApplication } from '@khedma/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationDrafts,
  boroughs,
  cities,
  professionalApplications,
  serviceTypes,
  users,
  type ApplicationDraftData,
} from '../../db/schema/index';

export type NewApplication = typeof professionalApplications.$inferInsert;

/** SQL of applications and their drafts. */
export class ApplicationsRepository {
  constructor(private readonly db: Db) {}

  /** The same repository on a transaction. */
  on(db: Db) {
    return new ApplicationsRepository(db);
  }

  transaction<T>(fn: (repo: ApplicationsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(this.on(tx as unknown as Db)));
  }

  async draft(userId: string): Promise<{ data: ApplicationDraftData; updatedAt: Date } | null> {
    const rows = await this.db
      .select({ data: applicationDrafts.data, updatedAt: applicationDrafts.updatedAt })
      .from(applicationDrafts)
      .where(eq(applicationDrafts.userId, userId))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The draft row, locked until the transaction ends (two tabs saving at once do not lose a step). */
  async draftForUpdate(userId: string): Promise<ApplicationDraftData | null> {
    const rows = await this.db
      .select({ data: applicationDrafts.data })
      .from(applicationDrafts)
      .where(eq(applicationDrafts.userId, userId))
      .for('update')
      .limit(1);
    return rows[0]?.data ?? null;
  }

  async saveDraft(userId: string, data: ApplicationDraftData): Promise<void> {
    await this.db
      .insert(applicationDrafts)
      .values({ userId, data })
      .onConflictDoUpdate({ target: applicationDrafts.userId, set: { data, updatedAt: sql`now()` } });
  }

  async deleteDraft(userId: string): Promise<void> {
    await this.db.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId));
  }

  /** The phone number verified on the account through the SMS code (step 1). */
  async verifiedPhone(userId: string): Promise<{ number: string; verified: boolean } | null> {
    const rows = await this.db
      .select({ number: users.phoneNumber, verified: users.phoneNumberVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const r = rows[0];
    return r?.number ? { number: r.number, verified: r.verified === true } : null;
  }

  async activeCity(id: string): Promise<{ id: string; slug: string } | null> {
    const rows = await this.db
      .select({ id: cities.id, slug: cities.slug })
      .from(cities)
      .where(and(eq(cities.id, id), eq(cities.isActive, true)))
      .limit(1);
    return rows[0] ?? null;
  }

  async citySlug(id: string): Promise<string | null> {
    const rows = await this.db.select({ slug: cities.slug }).from(cities).where(eq(cities.id, id)).limit(1);
    return rows[0]?.slug ?? null;
  }

  /** How many of `ids` are boroughs of the city. */
  async countBoroughsOf(cityId: string, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(boroughs)
      .where(and(eq(boroughs.cityId, cityId), inArray(boroughs.id, ids)));
    return rows[0]?.n ?? 0;
  }

  /** How many of `ids` are active service types. */
  async countActiveServices(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceTypes)
      .where(and(inArray(serviceTypes.id, ids), eq(serviceTypes.isActive, true)));
    return rows[0]?.n ?? 0;
  }

  /** The user's newest application (professional_applications_user_created_idx). */
  async latest(userId: string): Promise<MyApplication | null> {
    const rows = await this.db
      .select({
        id: professionalApplications.id,
        status: professionalApplications.status,
        submittedAt: professionalApplications.submittedAt,
        rejectionReason: professionalApplications.rejectionReason,
      })
      .from(professionalApplications)
      .where(eq(professionalApplications.userId, userId))
      .orderBy(desc(professionalApplications.createdAt))
      .limit(1);
    const r = rows[0];
    return r ? { id: r.id, status: r.status, submittedAt: r.submittedAt.toISOString(), rejectionReason: r.rejectionReason } : null;
  }

  async hasApplicationWithStatus(userId: string, statuses: ApplicationStatus[]): Promise<boolean> {
    const rows = await this.db
      .select({ id: professionalApplications.id })
      .from(professionalApplications)
      .where(and(eq(professionalApplications.userId, userId), inArray(professionalApplications.status, statuses)))
      .limit(1);
    return rows.length > 0;
  }

  async insert(values: NewApplication): Promise<{ id: string; submittedAt: Date }> {
    const rows = await this.db
      .insert(professionalApplications)
      .values(values)
      .returning({ id: professionalApplications.id, submittedAt: professionalApplications.submittedAt });
    return rows[0]!;
  }

  /** The storage keys of one of the user's own applications; null when it is not theirs (or does not exist). */
  async documentKeysOf(userId: string, applicationId: string) {
    const rows = await this.db
      .select({
        profilePhoto: professionalApplications.profilePhotoUrl,
        idFront: professionalApplications.nationalIdUrl,
        idBack: professionalApplications.idVerificationUrl,
        addressProof: professionalApplications.addressProofUrl,
      })
      .from(professionalApplications)
      .where(and(eq(professionalApplications.id, applicationId), eq(professionalApplications.userId, userId)))
      .limit(1);
    return rows[0] ?? null;
  }
}
