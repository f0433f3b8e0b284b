/**
 * The professionals' one writer of a new professional (docs/professionals.md "Where it lives"): an
 * approved applicant becomes a professional record with its services, hours and areas, and the account
 * a professional's. Admin's review calls it through this module's index, inside its own transaction.
 */
import type { AvailabilitySlot, IsoWeekday } from '@khedma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionalAvailability, professionalBoroughs, professionals, professionalServices, profiles } from '../../db/schema/index';

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

export class ProfessionalEnrolment {
  constructor(private readonly db: Db) {}

  /** The same writes inside the caller's transaction. */
  with(tx: Db): ProfessionalEnrolment {
    return new ProfessionalEnrolment(tx);
  }

  /**
   * The professional record of an approved applicant, never duplicated: one row per user (updated if
   * it exists), one professional_services row per service applied for, the hours and areas applied for;
   * the account becomes a professional's (an admin stays an admin). Returns the professional's id.
   */
  async enrol(p: NewProfessional): Promise<string> {
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
}
