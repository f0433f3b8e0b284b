/**
 * Demo data (outside production only; the caller decides). Idempotent: every row has a
 * deterministic id or natural key and is inserted with ON CONFLICT DO NOTHING, so a second run
 * changes nothing. Everything runs in one transaction.
 */
import { CATEGORY_INFO, CATEGORIES } from '@khedma/shared/domain/catalog';
import { LEDGER_ACCOUNTS, SERVICE_FEE_RATE, proLedgerAccount } from '@khedma/shared/domain/constants';
import { hashPassword } from 'better-auth/crypto';
import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema/index';
import { prng, seedId } from './ids';
import { CASABLANCA_BOROUGHS, CITIES, SAMPLE_STREETS } from './places';
import {
  AVAILABILITY_PATTERNS,
  CANCELLATION_REASONS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  EXTRA_CUSTOMERS,
  PROFESSIONALS,
  REVIEW_TEXTS,
  type SeedPerson,
  type SeedProfessional,
} from './people';
import { SERVICES, type SeedService } from './services';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './people';
export { seedId } from './ids';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedDemoOptions {
  /** Reference time for the past bookings (default: now). */
  now?: Date;
  /** Progress messages. */
  log?: (message: string) => void;
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemo(db: Db, opts: SeedDemoOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const started = Date.now();
  // One scrypt hash shared by every demo account (hashing is the slow part of seeding).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const cityIds = await seedPlaces(tx);
    const serviceIds = await seedCatalog(tx, cityIds);
    const userIds = await seedUsers(tx, passwordHash, now);
    const proIds = await seedProfessionals(tx, userIds, cityIds, serviceIds, now);
    await seedApplicant(tx, userIds, cityIds, serviceIds, now);
    await seedBookings(tx, { userIds, proIds, cityIds, serviceIds, now });
  });
  log(`demo data seeded in ${Date.now() - started} ms`);
}

// ---------------------------------------------------------------------------------------------

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** INSERT ... ON CONFLICT DO NOTHING in batches. */
async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  for (const batch of chunks(rows)) {
    if (batch.length) await tx.insert(table).values(batch as never).onConflictDoNothing();
  }
}

const cityById = new Map(CITIES.map((c) => [c.slug, c]));
const servicesByKey = new Map(SERVICES.map((sv) => [sv.key, sv]));
const boroughId = (key: string) => seedId(`borough:casablanca:${key}`);
const addOnId = (serviceKey: string, key: string) => seedId(`addon:${serviceKey}:${key}`);

// ---------------------------------------------------------------------------------------------

async function seedPlaces(tx: Tx): Promise<Map<string, string>> {
  await insertAll(
    tx,
    s.cities,
    CITIES.map((c) => ({ id: seedId(`city:${c.slug}`), ...c })),
  );
  // A city may already exist under another id (created outside the seed): key by slug.
  const rows = await tx.select({ id: s.cities.id, slug: s.cities.slug }).from(s.cities);
  const cityIds = new Map(rows.map((r) => [r.slug, r.id]));
  const casablanca = cityIds.get('casablanca')!;
  await insertAll(
    tx,
    s.boroughs,
    CASABLANCA_BOROUGHS.map(({ key, ...b }) => ({ id: boroughId(key), cityId: casablanca, ...b })),
  );
  return cityIds;
}

async function seedCatalog(tx: Tx, cityIds: Map<string, string>): Promise<Map<string, string>> {
  await insertAll(
    tx,
    s.categories,
    CATEGORIES.map((slug) => {
      const c = CATEGORY_INFO[slug];
      return { slug, name: c.name.en, nameFr: c.name.fr, nameAr: c.name.ar, icon: c.icon, sortOrder: c.sortOrder };
    }),
  );
  const serviceIds = new Map(SERVICES.map((sv) => [sv.key, seedId(`service:${sv.key}`)]));
  await insertAll(
    tx,
    s.serviceTypes,
    SERVICES.map((sv) => ({
      id: serviceIds.get(sv.key)!,
      name: sv.name.en,
      nameFr: sv.name.fr,
      nameAr: sv.name.ar,
      description: sv.description.en,
      descriptionFr: sv.description.fr,
      descriptionAr: sv.description.ar,
      category: sv.category,
      basePrice: sv.basePrice,
      estimatedDurationMinutes: sv.durationMinutes,
      materialsIncluded: sv.materialsIncluded,
      warrantyDays: sv.warrantyDays,
      includes: sv.includes,
      excludes: sv.excludes,
    })),
  );
  await insertAll(
    tx,
    s.serviceAddOns,
    SERVICES.flatMap((sv) =>
      sv.addOns.map((a) => ({
        id: addOnId(sv.key, a.key),
        serviceTypeId: serviceIds.get(sv.key)!,
        name: a.name.en,
        nameFr: a.name.fr,
        nameAr: a.name.ar,
        description: a.description?.en ?? null,
        descriptionFr: a.description?.fr ?? null,
        descriptionAr: a.description?.ar ?? null,
        price: a.price,
      })),
    ),
  );
  await insertAll(
    tx,
    s.serviceTypePricesByRegion,
    SERVICES.flatMap((sv) =>
      Object.entries(sv.regionPrices ?? {}).map(([slug, price]) => ({
        id: seedId(`region-price:${sv.key}:${slug}`),
        serviceTypeId: serviceIds.get(sv.key)!,
        cityId: cityIds.get(slug)!,
        price,
      })),
    ),
  );
  return serviceIds;
}

// ---------------------------------------------------------------------------------------------

interface Person extends SeedPerson {
  about?: string;
}

let peopleCache: Person[] | undefined;
function allPeople(): Person[] {
  if (peopleCache) return peopleCache;
  const people = new Map<string, Person>();
  for (const p of DEMO_ACCOUNTS) people.set(p.email, { ...p });
  PROFESSIONALS.forEach((p, i) => {
    const known = people.get(p.email);
    people.set(p.email, {
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      userType: 'pro',
      citySlug: p.citySlug,
      locale: known?.locale ?? 'fr',
      phone: known?.phone ?? `+212661234${String(510 + i)}`,
      about: p.about,
    });
  });
  for (const p of EXTRA_CUSTOMERS) people.set(p.email, { ...p });
  peopleCache = [...people.values()];
  return peopleCache;
}

/** Returns user id by email. */
async function seedUsers(tx: Tx, passwordHash: string, now: Date): Promise<Map<string, string>> {
  const people = allPeople();
  const joined = (i: number) => new Date(now.getTime() - (240 - i * 3) * DAY);
  await insertAll(
    tx,
    s.users,
    people.map((p, i) => ({
      id: seedId(`user:${p.email}`),
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      emailVerified: true,
      // Professionals and the applicant verified their phone during onboarding.
      phoneNumber: p.userType === 'pro' || p.email === 'applicant@demo.ma' ? (p.phone ?? null) : null,
      phoneNumberVerified: p.userType === 'pro' || p.email === 'applicant@demo.ma',
      createdAt: joined(i),
      updatedAt: joined(i),
    })),
  );
  // Someone may have signed up with a demo email before the seed ran: use the ids that exist.
  const rows = await tx
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(
      inArray(
        s.users.email,
        people.map((p) => p.email),
      ),
    );
  const userIds = new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
  const idOf = (email: string) => userIds.get(email)!;

  // A pre-existing account keeps its own password: credentials only for users the seed created.
  await insertAll(
    tx,
    s.accounts,
    people.flatMap((p, i) => (idOf(p.email) === seedId(`user:${p.email}`) ? [p] : []).map(() => ({
      id: seedId(`account:${p.email}`),
      accountId: idOf(p.email),
      providerId: 'credential',
      userId: idOf(p.email),
      password: passwordHash,
      createdAt: joined(i),
      updatedAt: joined(i),
    }))),
  );
  await insertAll(
    tx,
    s.profiles,
    people.map((p, i) => {
      const city = cityById.get(p.citySlug)!;
      return {
        id: idOf(p.email),
        name: p.firstName,
        fullName: `${p.firstName} ${p.lastName}`,
        region: city.name,
        email: p.email,
        phone: p.phone ?? null,
        location: city.name,
        aboutMe: p.about ?? null,
        userType: p.userType,
        locale: p.locale,
        createdAt: joined(i),
        updatedAt: joined(i),
      };
    }),
  );
  await insertAll(
    tx,
    s.adminRoles,
    people.flatMap((p) =>
      (p.adminRoles ?? []).map((role) => ({ id: seedId(`admin-role:${p.email}:${role}`), userId: idOf(p.email), role })),
    ),
  );
  return userIds;
}

// ---------------------------------------------------------------------------------------------

function servicesOf(p: SeedProfessional): SeedService[] {
  return p.services ? p.services.map((k) => servicesByKey.get(k)!) : SERVICES.filter((sv) => sv.category === p.category);
}

/** Returns professional id by email. */
async function seedProfessionals(
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
    PROFESSIONALS.map((p, i) => ({
      id: seedId(`professional:${p.email}`),
      userId: userIds.get(p.email)!,
      name: p.firstName,
      fullName: `${p.firstName} ${p.lastName}`,
      cityId: cityIds.get(p.citySlug)!,
      region: 'Morocco',
      about: p.about,
      skills: p.skills,
      hourlyRate: p.hourlyRate,
      status: 'active' as const,
      approvedAt: approvedAt(i),
      createdAt: approvedAt(i),
      updatedAt: approvedAt(i),
    })),
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

  await insertAll(
    tx,
    s.professionalServices,
    PROFESSIONALS.flatMap((p) =>
      servicesOf(p).map((sv) => ({ professionalId: proIds.get(p.email)!, serviceTypeId: serviceIds.get(sv.key)! })),
    ),
  );
  await insertAll(
    tx,
    s.professionalAvailability,
    PROFESSIONALS.flatMap((p) =>
      AVAILABILITY_PATTERNS[p.availability].map(([weekday, slot]) => ({
        professionalId: proIds.get(p.email)!,
        weekday,
        slot,
      })),
    ),
  );
  await insertAll(
    tx,
    s.professionalBoroughs,
    PROFESSIONALS.flatMap((p) => {
      if (p.citySlug !== 'casablanca' || !p.boroughs) return [];
      const keys = p.boroughs === 'all' ? CASABLANCA_BOROUGHS.map((b) => b.key) : p.boroughs;
      return keys.map((k) => ({ professionalId: proIds.get(p.email)!, boroughId: boroughId(k) }));
    }),
  );

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
        coverageBoroughs:
          p.citySlug === 'casablanca' && p.boroughs
            ? (p.boroughs === 'all' ? CASABLANCA_BOROUGHS.map((b) => b.key) : p.boroughs).map(boroughId)
            : [],
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

const docKey = (userId: string, file: string) => `professional-documents/${userId}/${file}`;
const fakeRib = (i: number) => `007780${String(1000000000000000 + i * 7919).padStart(16, '0')}${String(10 + (i % 89)).padStart(2, '0')}`;

function availabilityJson(p: SeedProfessional) {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
  const out: s.WeeklyAvailability = {};
  for (const [weekday, slot] of AVAILABILITY_PATTERNS[p.availability]) {
    const day = days[weekday - 1]!;
    out[day] = { ...out[day], [slot]: true };
  }
  return out;
}

async function seedApplicant(
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

// ---------------------------------------------------------------------------------------------

interface BookingContext {
  userIds: Map<string, string>;
  proIds: Map<string, string>;
  cityIds: Map<string, string>;
  serviceIds: Map<string, string>;
  now: Date;
}

/** The customers of the past bookings, the demo accounts most often. */
const BOOKING_CUSTOMERS = [
  'customer@demo.ma',
  'customer2@demo.ma',
  'customer@demo.ma',
  'sara.benmoussa@demo.ma',
  'customer2@demo.ma',
  'hicham.elouardi@demo.ma',
  'customer@demo.ma',
  'laila.cherkaoui@demo.ma',
  'customer2@demo.ma',
  'mohamed.ziani@demo.ma',
];

const PAYMENT_METHODS = ['card', 'mobile', 'bank'] as const;

/** Price of a service in a city, as calculate_service_price computes it. */
function priceIn(sv: SeedService, citySlug: string) {
  return sv.regionPrices?.[citySlug] ?? Math.round(sv.basePrice * cityById.get(citySlug)!.priceFactor);
}

/**
 * Past bookings: 2-4 completed ones per professional (on different days, so never overlapping),
 * each paid, released from escrow and reviewed; every fifth professional also has a cancelled,
 * refunded one. No future bookings, so every professional's calendar is free.
 *
 * Ledger convention: hold = customer -total / escrow +total; release = escrow -total,
 * pro:<id> +(price + add-ons), platform +fee; refund = escrow -total / customer +total.
 */
async function seedBookings(tx: Tx, ctx: BookingContext) {
  const { userIds, proIds, cityIds, serviceIds, now } = ctx;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const bookingRows: (typeof s.bookings.$inferInsert)[] = [];
  const lineRows: (typeof s.bookingPriceLines.$inferInsert)[] = [];
  const paymentRows: (typeof s.payments.$inferInsert)[] = [];
  const ledgerRows: (typeof s.ledgerEntries.$inferInsert)[] = [];
  const reviewRows: (typeof s.reviews.$inferInsert)[] = [];
  const conversationRows: (typeof s.conversations.$inferInsert)[] = [];
  const messageRows: (typeof s.messages.$inferInsert)[] = [];

  PROFESSIONALS.forEach((p, i) => {
    const rnd = prng(7919 * (i + 1));
    const professionalId = proIds.get(p.email)!;
    const offered = servicesOf(p);
    const completedCount = 2 + (i % 3);
    const plan: { key: string; daysAgo: number; status: 'completed' | 'cancelled'; hourly: boolean }[] = [];
    for (let j = 0; j < completedCount; j++) {
      plan.push({ key: `${j}`, daysAgo: 6 + j * 11 + (i % 5), status: 'completed', hourly: i % 4 === 1 && j === 0 });
    }
    if (i % 5 === 0) plan.push({ key: 'cancelled', daysAgo: 3, status: 'cancelled', hourly: false });

    plan.forEach((b, j) => {
      const id = seedId(`booking:${p.email}:${b.key}`);
      const customerEmail = BOOKING_CUSTOMERS[(i + j) % BOOKING_CUSTOMERS.length]!;
      const customerId = userIds.get(customerEmail)!;
      const sv = offered[j % offered.length]!;
      const hours = 2;
      const durationMinutes = b.hourly ? hours * 60 : sv.durationMinutes;
      const start = new Date(today - b.daysAgo * DAY + (8 + ((i + j * 3) % 6)) * 60 * 60 * 1000);
      const end = new Date(start.getTime() + durationMinutes * 60 * 1000);
      const createdAt = new Date(start.getTime() - 3 * DAY);

      const addOn = !b.hourly && sv.addOns.length && rnd.next() < 0.4 ? sv.addOns[0]! : undefined;
      const servicePrice = b.hourly ? p.hourlyRate * hours : priceIn(sv, p.citySlug);
      const addonsTotal = addOn?.price ?? 0;
      const serviceFee = Math.round((servicePrice + addonsTotal) * SERVICE_FEE_RATE);
      const totalAmount = servicePrice + addonsTotal + serviceFee;

      const boroughKeys =
        p.citySlug === 'casablanca' && p.boroughs
          ? p.boroughs === 'all'
            ? CASABLANCA_BOROUGHS.map((x) => x.key)
            : p.boroughs
          : [];
      const borough = boroughKeys.length ? rnd.pick(boroughKeys) : undefined;
      const boroughName = borough ? CASABLANCA_BOROUGHS.find((x) => x.key === borough)!.nameFr : undefined;
      const city = cityById.get(p.citySlug)!;
      const street = rnd.pick(SAMPLE_STREETS[p.citySlug]!);
      const title = b.hourly ? `${hours} hours with ${p.firstName}` : sv.name.en;

      bookingRows.push({
        id,
        userId: customerId,
        professionalId,
        serviceTypeId: b.hourly ? null : serviceIds.get(sv.key)!,
        kind: b.hourly ? 'hourly' : 'service',
        title,
        description: `${title} service booking`,
        location: [street, boroughName, city.nameFr].filter(Boolean).join(', '),
        cityId: cityIds.get(p.citySlug)!,
        boroughId: borough ? boroughId(borough) : null,
        contactPhone: allPeople().find((x) => x.email === customerEmail)?.phone ?? '+212600000000',
        status: b.status,
        paymentStatus: b.status === 'completed' ? 'paid' : 'refunded',
        scheduledStart: start,
        scheduledEnd: end,
        durationMinutes,
        servicePrice,
        addonsTotal,
        serviceFee,
        totalAmount,
        fixedPrice: !b.hourly,
        addonServices: addOn ? [{ id: addOnId(sv.key, addOn.key), name: addOn.name.en, price: addOn.price }] : [],
        cancellationFee: b.status === 'cancelled' ? 0 : null,
        cancelledBy: b.status === 'cancelled' ? customerId : null,
        cancellationReason: b.status === 'cancelled' ? CANCELLATION_REASONS[i % CANCELLATION_REASONS.length]! : null,
        completedAt: b.status === 'completed' ? end : null,
        createdAt,
        updatedAt: b.status === 'completed' ? end : new Date(createdAt.getTime() + 60 * 60 * 1000),
      });

      lineRows.push(
        b.hourly
          ? { id: seedId(`line:${id}:hourly`), bookingId: id, kind: 'hourly', label: `${hours} h × ${p.hourlyRate} MAD`, quantity: hours, unitAmount: p.hourlyRate, amount: servicePrice, position: 0 }
          : { id: seedId(`line:${id}:service`), bookingId: id, kind: 'service', label: sv.name.en, quantity: 1, unitAmount: servicePrice, amount: servicePrice, position: 0 },
      );
      if (addOn) {
        lineRows.push({ id: seedId(`line:${id}:addon`), bookingId: id, kind: 'addon', label: addOn.name.en, quantity: 1, unitAmount: addOn.price, amount: addOn.price, position: 1 });
      }
      lineRows.push({ id: seedId(`line:${id}:fee`), bookingId: id, kind: 'fee', label: 'Service fee (15%)', quantity: 1, unitAmount: serviceFee, amount: serviceFee, position: 2 });

      paymentRows.push({
        id: seedId(`payment:${id}`),
        bookingId: id,
        method: PAYMENT_METHODS[(i + j) % PAYMENT_METHODS.length]!,
        provider: 'simulated',
        providerRef: `sim_${id.slice(0, 8)}`,
        amount: totalAmount,
        status: b.status === 'completed' ? 'succeeded' : 'refunded',
        createdAt,
        updatedAt: createdAt,
      });

      const entry = (tag: string, tx: string, account: string, amount: number, kind: (typeof s.ledgerEntries.$inferInsert)['kind'], at: Date) =>
        ledgerRows.push({ id: seedId(`ledger:${id}:${tag}`), transactionId: tx, bookingId: id, account, amount, kind, createdAt: at });
      const hold = seedId(`ledger-tx:${id}:hold`);
      entry('hold:customer', hold, LEDGER_ACCOUNTS.customer, -totalAmount, 'hold', createdAt);
      entry('hold:escrow', hold, LEDGER_ACCOUNTS.escrow, totalAmount, 'hold', createdAt);
      if (b.status === 'completed') {
        const release = seedId(`ledger-tx:${id}:release`);
        const releasedAt = new Date(end.getTime() + 48 * 60 * 60 * 1000);
        entry('release:escrow', release, LEDGER_ACCOUNTS.escrow, -totalAmount, 'release', releasedAt);
        entry('release:pro', release, proLedgerAccount(professionalId), servicePrice + addonsTotal, 'release', releasedAt);
        if (serviceFee) entry('release:platform', release, LEDGER_ACCOUNTS.platform, serviceFee, 'release', releasedAt);

        const r = rnd.next();
        const rating = r < 0.55 ? 5 : r < 0.85 ? 4 : 3;
        const texts = REVIEW_TEXTS.filter((x) => x.rating === rating);
        const text = texts[(i * 3 + j) % texts.length]!;
        reviewRows.push({
          id: seedId(`review:${id}`),
          bookingId: id,
          userId: customerId,
          professionalId,
          rating,
          title: text.title,
          comment: text.comment,
          helpfulCount: rnd.int(0, 6),
          createdAt: new Date(end.getTime() + DAY),
        });
      } else {
        const refund = seedId(`ledger-tx:${id}:refund`);
        const at = new Date(createdAt.getTime() + 60 * 60 * 1000);
        entry('refund:escrow', refund, LEDGER_ACCOUNTS.escrow, -totalAmount, 'refund', at);
        entry('refund:customer', refund, LEDGER_ACCOUNTS.customer, totalAmount, 'refund', at);
      }

      // A short chat on the demo customer's bookings with the two demo professionals.
      if (customerEmail === 'customer@demo.ma' && (p.email === 'pro@demo.ma' || p.email === 'pro2@demo.ma')) {
        const conversationId = seedId(`conversation:${id}`);
        const proUserId = userIds.get(p.email)!;
        const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60 * 1000);
        conversationRows.push({ id: conversationId, bookingId: id, customerId, professionalId, createdAt: at(0), updatedAt: at(20) });
        const chat: [string, string, number][] = [
          [customerId, 'Bonjour, est-ce que vous pouvez apporter les pièces nécessaires ?', 1],
          [proUserId, 'Bonjour ! Oui, je viens avec le matériel. À bientôt.', 12],
          [customerId, 'Parfait, merci beaucoup.', 20],
        ];
        chat.forEach(([senderId, content, minutes], k) =>
          messageRows.push({
            id: seedId(`message:${conversationId}:${k}`),
            conversationId,
            senderId,
            content,
            messageType: 'text',
            createdAt: at(minutes),
            readAt: at(minutes + 5),
          }),
        );
      }
    });
  });

  await insertAll(tx, s.bookings, bookingRows);
  await insertAll(tx, s.bookingPriceLines, lineRows);
  await insertAll(tx, s.payments, paymentRows);
  await insertAll(tx, s.ledgerEntries, ledgerRows);
  await insertAll(tx, s.reviews, reviewRows);
  await insertAll(tx, s.conversations, conversationRows);
  await insertAll(tx, s.messages, messageRows);
}
