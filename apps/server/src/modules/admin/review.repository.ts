/**
 * SQL of the application review: pending applications (newest first) with their city and services,
 * one application locked for a decision, and the approval's writes (the professional record, its
 * services, hours and areas, the account becoming a professional) inside the caller's transaction.
 */
import type { AvailabilitySlot, IsoWeekday } from '@khedma/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cities,
  contactMessages,
  professionalApplications,
  professionalAvailability,
  professionalBoroughs,
  professionals,
  professionalServices,
  profiles,
  serviceTypes,
} from '../../db/schema/index';

export type ApplicationRecord = typeof professionalApplications.$inferSelect;

export interface NewProfessional {
  userId: string;
  name: string;
  fullName: string;
  cityId: string;
  about: string | null;
  hourlyRate: number;
  serviceTypeIds: string[];
  boroughIds: string[];
  hours: Array<{ weekday: IsoWeekday; slot: AvailabilitySlot }>;
  approvedAt: Date;
}

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): ReviewRepository {
    return new ReviewRepository(tx);
  }

  async pending() {
    return this.db
      .select({
        app: professionalApplications,
        cityName: cities.name,
        cityNameFr: cities.nameFr,
        cityNameAr: cities.nameAr,
      })
      .from(professionalApplications)
      .leftJoin(cities, eq(cities.id, professionalApplications.cityId))
      .where(eq(professionalApplications.status, 'pending'))
      .orderBy(desc(professionalApplications.submittedAt), desc(professionalApplications.id))
      .limit(200);
  }

  async pendingCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(professionalApplications).where(eq(professionalApplications.status, 'pending'));
    return Number(row?.n ?? 0);
  }

  async services(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: serviceTypes.id, name: serviceTypes.name, nameFr: serviceTypes.nameFr, nameAr: serviceTypes.nameAr })
      .from(serviceTypes)
      .where(inArray(serviceTypes.id, [...ids]));
  }

  async find(id: string): Promise<ApplicationRecord | undefined> {
    const [row] = await this.db.select().from(professionalApplications).where(eq(professionalApplications.id, id));
    return row;
  }

  async lock(id: string): Promise<ApplicationRecord | undefined> {
    const [row] = await this.db.select().from(professionalApplications).where(eq(professionalApplications.id, id)).for('update');
    return row;
  }

  async decide(id: string, set: { status: 'approved' | 'rejected'; reviewedBy: string; reviewedAt: Date; rejectionReason?: string | null }) {
    await this.db
      .update(professionalApplications)
      .set(set)
      .where(and(eq(professionalApplications.id, id), eq(professionalApplications.status, 'pending')));
  }

  /**
   * The professional record of an approved applicant, never duplicated: one row per user (updated if
   * it exists), one professional_services row per service applied for, the hours and areas applied for.
   */
  async upsertProfessional(p: NewProfessional): Promise<string> {
    const [row] = await this.db
      .insert(professionals)
      .values({ userId: p.userId, name: p.name, fullName: p.fullName, cityId: p.cityId, about: p.about, hourlyRate: p.hourlyRate, status: 'active', approvedAt: p.approvedAt })
      .onConflictDoUpdate({
        target: professionals.userId,
        set: { name: p.name, fullName: p.fullName, cityId: p.cityId, about: p.about, hourlyRate: p.hourlyRate, status: 'active', approvedAt: p.approvedAt, updatedAt: sql`now()` },
      })
      .returning({ id: professionals.id });
    const professionalId = row!.id;
    if (p.serviceTypeIds.length) {
      await this.db
        .insert(professionalServices)
        .values(p.serviceTypeIds.map((serviceTypeId) => ({ professionalId, serviceTypeId })))
        .onConflictDoNothing();
    }
    await this.db.delete(professionalAvailability).where(eq(professionalAvailability.professionalId, professionalId));
    if (p.hours.length) await this.db.insert(professionalAvailability).values(p.hours.map((h) => ({ professionalId, ...h })));
    if (p.boroughIds.length) {
      await this.db
        .insert(professionalBoroughs)
        .values(p.boroughIds.map((boroughId) => ({ professionalId, boroughId })))
        .onConflictDoNothing();
    }
    await this.db.update(profiles).set({ userType: 'pro', updatedAt: sql`now()` }).where(and(eq(profiles.id, p.userId), sql`${profiles.userType} <> 'admin'`));
    return professionalId;
  }

  async contactMessages(page: number, pageSize: number) {
    const items = await this.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [row] = await this.db.select({ n: count() }).from(contactMessages);
    return { items, total: Number(row?.n ?? 0) };
  }
}
