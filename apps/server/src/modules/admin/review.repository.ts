/**
 * SQL of the application review: pending applications (newest first) with their city and services,
 * one application locked for a decision, and the decision itself. The professional an approval makes is
 * written by the professionals' module (pros/enrolment.repository.ts), called by the review service.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cities,
  contactMessages,
  professionalApplications,
  serviceTypes,
} from '../../db/schema/index';

export type ApplicationRecord = typeof professionalApplications.$inferSelect;

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
