/**
 * Seed of the professionals capability: active professionals (services, hours, areas, approved application)
 * and the pending applicant. A professional's rows are made as every professional's are (db/people.ts:
 * professionalRow, offerRows), with the demo's fixed ids and dates.
 */
import { ribWithKey } from '@khedma/shared/domain/applications';
import { inArray } from 'drizzle-orm';
import { offerRows, professionalRow } from '../people';
import * as s from '../schema/index';
import { seedId } from './ids';
import { AVAILABILITY_PATTERNS, PROFESSIONALS, type SeedProfessional } from './people';
import { CASABLANCA_BOROUGHS } from './places';
import { SERVICES, type SeedService } from './services';
import { allPeople, boroughId, DAY, insertAll, servicesByKey, type Tx } from './support';

export function servicesOf(p: SeedProfessional): SeedService[] {
  return p.services ? p.services.map((k) => servicesByKey.get(k)!) : SERVICES.filter((sv) => sv.category === p.category);
}

/** Returns professional id by email. */
export async function seedProfessionals(
  tx: Tx,
  userIds: Map<string, string>,
  cityIds: Map<string, string>,
  serviceIds: Map<string, string>,
  now: Date,
): Promise<Map<string, string>> {
  const approvedAt = (i: number) => new Date(now.getTime() - (200 - i * 3) * DAY);
  await insertAll(
    tx,
    s.professionals,
    PROFESSIONALS.map((p, i) =>
      professionalRow({
        professionalId: seedId(`professional:${p.email}`),
        userId: userIds.get(p.email)!,
        firstName: p.firstName,
        fullName: `${p.firstName} ${p.lastName}`,
        cityId: cityIds.get(p.citySlug)!,
        about: p.about,
        skills: p.skills,
        hourlyRate: p.hourlyRate,
        status: 'active',
        approvedAt: approvedAt(i),
        at: approvedAt(i),
      }),
    ),
  );
  const rows = await tx
    .select({ id: s.professionals.id, userId: s.professionals.userId })
    .from(s.professionals)
    .where(
      inArray(
        s.professionals.userId,
        PROFESSIONALS.map((p) => userIds.get(p.email)!),
      ),
    );
  const byUser = new Map(rows.map((r) => [r.userId, r.id]));
  const proIds = new Map(PROFESSIONALS.map((p) => [p.email, byUser.get(userIds.get(p.email)!)!]));

  const offers = PROFESSIONALS.map((p) =>
    offerRows(proIds.get(p.email)!, {
      serviceTypeIds: servicesOf(p).map((sv) => serviceIds.get(sv.key)!),
      hours: AVAILABILITY_PATTERNS[p.availability],
      boroughIds: boroughKeysOf(p).map(boroughId),
    }),
  );
  await insertAll(tx, s.professionalServices, offers.flatMap((o) => o.services));
  await insertAll(tx, s.professionalAvailability, offers.flatMap((o) => o.availability));
  await insertAll(tx, s.professionalBoroughs, offers.flatMap((o) => o.boroughs));

  // The approved application behind each professional.
  const reviewer = userIds.get('reviewer@demo.ma')!;
  await insertAll(
    tx,
    s.professionalApplications,
    PROFESSIONALS.map((p, i) => {
      const userId = userIds.get(p.email)!;
      const offered = servicesOf(p).map((sv) => serviceIds.get(sv.key)!);
      const submitted = new Date(approvedAt(i).getTime() - 2 * DAY);
      return {
        id: seedId(`application:${p.email}`),
        userId,
        status: 'approved' as const,
        submittedAt: submitted,
        createdAt: submitted,
        fullName: `${p.firstName} ${p.lastName}`,
        email: p.email,
        phoneNumber: allPeople().find((x) => x.email === p.email)!.phone!,
        country: 'Morocco',
        cityId: cityIds.get(p.citySlug)!,
        coverageBoroughs: boroughKeysOf(p).map(boroughId),
        serviceCatalogIds: offered,
        serviceId: offered[0]!,
        availability: availabilityJson(p),
        profilePhotoUrl: docKey(userId, 'profile-photo.jpg'),
        nationalIdUrl: docKey(userId, 'id-front.jpg'),
        idVerificationUrl: docKey(userId, 'id-back.jpg'),
        languages: p.languages,
        experienceYears: Math.min(30, p.experienceYears),
        hourlyRate: p.hourlyRate,
        expertiseDescription: p.about,
        bankName: 'Attijariwafa Bank',
        accountHolder: `${p.firstName} ${p.lastName}`,
        bankAccountIban: fakeRib(i),
        reviewedBy: reviewer,
        reviewedAt: approvedAt(i),
      };
    }),
  );
  return proIds;
}

/** Casablanca's boroughs a professional covers (none elsewhere). */
function boroughKeysOf(p: SeedProfessional): string[] {
  if (p.citySlug !== 'casablanca' || !p.boroughs) return [];
  return p.boroughs === 'all' ? CASABLANCA_BOROUGHS.map((b) => b.key) : p.boroughs;
}

const docKey = (userId: string, file: string) => `professional-documents/${userId}/${file}`;
/** A RIB whose key checks out (mod 97), so finance can put the demo's payouts into a bank transfer batch. */
const fakeRib = (i: number) => ribWithKey(`007780${String(1000000000000000 + i * 7919).padStart(16, '0')}`);

function availabilityJson(p: SeedProfessional) {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
  const out: s.WeeklyAvailability = {};
  for (const [weekday, slot] of AVAILABILITY_PATTERNS[p.availability]) {
    const day = days[weekday - 1]!;
    out[day] = { ...out[day], [slot]: true };
  }
  return out;
}

export async function seedApplicant(
  tx: Tx,
  userIds: Map<string, string>,
  cityIds: Map<string, string>,
  serviceIds: Map<string, string>,
  now: Date,
) {
  const userId = userIds.get('applicant@demo.ma')!;
  const submitted = new Date(now.getTime() - 1 * DAY);
  const offered = ['handyman-visit', 'tv-mounting', 'curtains-shelves'].map((k) => serviceIds.get(k)!);
  await insertAll(tx, s.professionalApplications, [
    {
      id: seedId('application:applicant@demo.ma'),
      userId,
      status: 'pending',
      submittedAt: submitted,
      createdAt: submitted,
      fullName: 'Othmane Rami',
      email: 'applicant@demo.ma',
      phoneNumber: '+212670123456',
      dateOfBirth: '1994-03-12',
      country: 'Morocco',
      cityId: cityIds.get('casablanca')!,
      coverageBoroughs: ['maarif', 'hay-hassani', 'oasis', 'californie'].map(boroughId),
      serviceCatalogIds: offered,
      serviceId: offered[0]!,
      availability: {
        monday: { morning: true, afternoon: true },
        tuesday: { morning: true, afternoon: true },
        wednesday: { allDay: true },
        thursday: { morning: true, afternoon: true },
        saturday: { morning: true },
      },
      profilePhotoUrl: docKey(userId, 'profile-photo.jpg'),
      nationalIdUrl: docKey(userId, 'id-front.jpg'),
      idVerificationUrl: docKey(userId, 'id-back.jpg'),
      addressProofUrl: docKey(userId, 'address-proof.pdf'),
      skillCertificatesUrls: [docKey(userId, 'certificates/ofppt-diploma.pdf')],
      certificateUrl: docKey(userId, 'certificates/ofppt-diploma.pdf'),
      portfolioUrls: [],
      languages: ['ar', 'fr'],
      experienceYears: 5,
      yearsInBusiness: 5,
      hourlyRate: 160,
      expertiseDescription:
        'Bricoleur depuis 5 ans : montage de meubles, fixation de télévisions, rideaux et étagères. Diplômé OFPPT.',
      emergencyContactName: 'Latifa Rami',
      emergencyContactPhone: '+212661998877',
      bankName: 'CIH Bank',
      accountHolder: 'Othmane Rami',
      bankAccountIban: '230780012345678901234567',
      taxId: '45123987',
    },
  ]);
}

