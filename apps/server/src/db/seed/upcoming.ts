/**
 * The demo's present (issue 38; PRODUCT.md "the demo data ... always holds"): relative to the day the seed
 * runs, what a newcomer needs to try every action without making data first:
 * - upcoming paid requests (pending: the professional accepts or declines; an admin reassigns or refunds)
 *   and confirmed bookings, for customer@demo.ma with pro@demo.ma and customer2@demo.ma with pro2@demo.ma,
 *   plus a home cleaning in Casablanca that has another cleaner free (Reassign offers someone);
 * - a confirmed booking whose time has passed (an admin completes it; completion waits for the start);
 * - completed bookings of customer@demo.ma not yet reviewed (the review page);
 * - a payout request of pro2@demo.ma waiting for finance (Mark paid);
 * - an unread message from pro@demo.ma to customer@demo.ma.
 *
 * Upcoming times are in the professionals' hours and within the booking horizon (shared schedule rules),
 * and in the evening for pro@demo.ma, whom tests and journeys book in the day. Money as the server moves
 * it: quote() prices, holdEntries at payment, releaseEntries 48 h after completion; a payout request
 * moves no money until it is paid.
 */
import { proLedgerAccount, holdEntries, releaseAt, releaseEntries, type LedgerEntry } from '@khedma/shared/domain/escrow';
import { AVAILABILITY_SLOT_HOURS, BOOKING_RULES } from '@khedma/shared/domain/schedule';
import { quote } from '@khedma/shared/domain/pricing';
import { addDays, isoWeekdayOf, localDateOf, localToUtc, minutesToTime, type LocalDate } from '@khedma/shared/domain/time';
import { eq, sql } from 'drizzle-orm';
import * as s from '../schema/index';
import { seedId } from './ids';
import { AVAILABILITY_PATTERNS, PROFESSIONALS, type SeedProfessional } from './people';
import { CASABLANCA_BOROUGHS, SAMPLE_STREETS } from './places';
import { priceIn } from './bookings';
import { servicesOf } from './professionals';
import { allPeople, boroughId, cityById, DAY, insertAll, type Tx } from './support';

interface UpcomingContext {
  userIds: Map<string, string>;
  proIds: Map<string, string>;
  cityIds: Map<string, string>;
  serviceIds: Map<string, string>;
  now: Date;
}

type Plan =
  | {
      key: string;
      customer: string;
      pro: string;
      status: 'pending' | 'confirmed';
      fromDay: number;
      startHour: number;
      service?: string;
      chat?: boolean;
      /** Another professional who must work then too (a reassignment candidate). */
      alsoWorking?: string;
    }
  | { key: string; customer: string; pro: string; status: 'completed' | 'started'; daysAgo: number; startHour: number };

const PLANS: Plan[] = [
  { key: 'pending', customer: 'customer@demo.ma', pro: 'pro@demo.ma', status: 'pending', fromDay: 2, startHour: 21 },
  { key: 'confirmed', customer: 'customer@demo.ma', pro: 'pro@demo.ma', status: 'confirmed', fromDay: 3, startHour: 21, chat: true },
  { key: 'pending', customer: 'customer2@demo.ma', pro: 'pro2@demo.ma', status: 'pending', fromDay: 2, startHour: 15 },
  { key: 'confirmed', customer: 'customer2@demo.ma', pro: 'pro2@demo.ma', status: 'confirmed', fromDay: 4, startHour: 15 },
  // Home cleaning in Casablanca: Khadija (weekdays) is free then too, so Reassign has a candidate.
  { key: 'pending', customer: 'sara.benmoussa@demo.ma', pro: 'fatimazahra.bennani@demo.ma', status: 'pending', fromDay: 2, startHour: 14, service: 'home-cleaning', alsoWorking: 'khadija.alaoui@demo.ma' },
  // Done yesterday evening, not yet marked completed: the admin's Complete.
  { key: 'started', customer: 'customer2@demo.ma', pro: 'pro@demo.ma', status: 'started', daysAgo: 1, startHour: 20 },
  // Completed and released, awaiting the customer's review.
  { key: 'unreviewed-1', customer: 'customer@demo.ma', pro: 'pro@demo.ma', status: 'completed', daysAgo: 3, startHour: 14 },
  { key: 'unreviewed-2', customer: 'customer@demo.ma', pro: 'pro2@demo.ma', status: 'completed', daysAgo: 5, startHour: 10 },
];

/** Does `p` work on `date` from `startMinute` for `minutes` (their weekly slots, Casablanca time)? */
function works(p: SeedProfessional, date: LocalDate, startMinute: number, minutes: number): boolean {
  const weekday = isoWeekdayOf(date);
  return AVAILABILITY_PATTERNS[p.availability].some(([d, slot]) => {
    const h = AVAILABILITY_SLOT_HOURS[slot];
    return d === weekday && startMinute >= h.start * 60 && startMinute + minutes <= h.end * 60;
  });
}

/** The first day from `fromDay` (within the booking horizon) on which `p` works the window, as its local date. */
function firstWorkingDay(pros: SeedProfessional[], today: LocalDate, fromDay: number, startMinute: number, minutes: number): LocalDate {
  const p = pros[0]!;
  for (let d = Math.max(1, fromDay); d <= BOOKING_RULES.horizonDays; d++) {
    const date = addDays(today, d);
    if (pros.every((x) => works(x, date, startMinute, minutes))) return date;
  }
  throw new Error(`seed: ${p.email} works no ${minutesToTime(startMinute)} within the horizon`);
}

export async function seedUpcoming(tx: Tx, ctx: UpcomingContext) {
  const { userIds, proIds, cityIds, serviceIds, now } = ctx;
  const today = localDateOf(now);
  const bookingRows: (typeof s.bookings.$inferInsert)[] = [];
  const lineRows: (typeof s.bookingPriceLines.$inferInsert)[] = [];
  const paymentRows: (typeof s.payments.$inferInsert)[] = [];
  const ledgerRows: (typeof s.ledgerEntries.$inferInsert)[] = [];
  const conversationRows: (typeof s.conversations.$inferInsert)[] = [];
  const messageRows: (typeof s.messages.$inferInsert)[] = [];

  PLANS.forEach((plan, i) => {
    const p = PROFESSIONALS.find((x) => x.email === plan.pro)!;
    const offered = servicesOf(p);
    const wanted = plan.status === 'pending' || plan.status === 'confirmed' ? plan.service : undefined;
    const sv = wanted ? offered.find((x) => x.key === wanted)! : offered[0]!;
    const startMinute = plan.startHour * 60;
    const upcoming = plan.status === 'pending' || plan.status === 'confirmed' ? plan : undefined;
    const working = [p, ...(upcoming?.alsoWorking ? [PROFESSIONALS.find((x) => x.email === upcoming.alsoWorking)!] : [])];
    const date = 'daysAgo' in plan ? addDays(today, -plan.daysAgo) : firstWorkingDay(working, today, plan.fromDay, startMinute, sv.durationMinutes);
    const start = localToUtc(date, minutesToTime(startMinute));
    const end = new Date(start.getTime() + sv.durationMinutes * 60_000);
    const id = seedId(`booking:upcoming:${plan.customer}:${plan.pro}:${plan.key}`);
    const customerId = userIds.get(plan.customer)!;
    const professionalId = proIds.get(plan.pro)!;
    // Booked (and paid) the day before, or two days before the start when it is sooner.
    const createdAt = new Date(Math.min(now.getTime() - DAY, start.getTime() - 2 * DAY));
    const priced = quote({ servicePrice: priceIn(sv, p.citySlug), serviceLabel: sv.name.en, addOns: [] });
    const city = cityById.get(p.citySlug)!;
    // A borough the professional covers (Casablanca).
    const boroughKey = p.citySlug !== 'casablanca' || !p.boroughs ? undefined : p.boroughs === 'all' ? CASABLANCA_BOROUGHS[i % CASABLANCA_BOROUGHS.length]!.key : p.boroughs[0]!;
    const borough = boroughKey ? CASABLANCA_BOROUGHS.find((b) => b.key === boroughKey) : undefined;
    const street = SAMPLE_STREETS[p.citySlug]![i % SAMPLE_STREETS[p.citySlug]!.length]!;
    const status = plan.status === 'started' ? 'confirmed' : plan.status;

    bookingRows.push({
      id,
      userId: customerId,
      professionalId,
      serviceTypeId: serviceIds.get(sv.key)!,
      kind: 'service',
      title: sv.name.en,
      description: `${sv.name.en} service booking`,
      location: [street, borough?.nameFr, city.nameFr].filter(Boolean).join(', '),
      cityId: cityIds.get(p.citySlug)!,
      boroughId: borough ? boroughId(borough.key) : null,
      contactPhone: allPeople().find((x) => x.email === plan.customer)?.phone ?? '+212600000000',
      status,
      paymentStatus: 'paid',
      scheduledStart: start,
      scheduledEnd: end,
      durationMinutes: sv.durationMinutes,
      servicePrice: priced.servicePrice,
      addonsTotal: priced.addOnsTotal,
      serviceFee: priced.serviceFee,
      totalAmount: priced.total,
      fixedPrice: true,
      addonServices: [],
      completedAt: status === 'completed' ? end : null,
      createdAt,
      updatedAt: status === 'completed' ? end : createdAt,
    });
    priced.lines.forEach((line, position) => lineRows.push({ id: seedId(`line:${id}:${line.kind}`), bookingId: id, ...line, position }));
    paymentRows.push({
      id: seedId(`payment:${id}`),
      bookingId: id,
      method: 'card',
      provider: 'simulated',
      providerRef: `sim_${id.slice(0, 8)}`,
      amount: priced.total,
      status: 'succeeded',
      createdAt,
      updatedAt: createdAt,
    });
    const post = (op: 'hold' | 'release', entries: LedgerEntry[], at: Date) => {
      const transactionId = seedId(`ledger-tx:${id}:${op}`);
      for (const e of entries) {
        const account = e.account.startsWith('pro:') ? 'pro' : e.account;
        ledgerRows.push({ id: seedId(`ledger:${id}:${op}:${account}`), transactionId, bookingId: id, account: e.account, amount: e.amount, kind: e.kind, createdAt: at });
      }
    };
    post('hold', holdEntries(id, priced.total), createdAt);
    if (status === 'completed') {
      post('release', releaseEntries(id, professionalId, { held: priced.total, serviceFee: priced.serviceFee, commission: priced.commission }), releaseAt(end));
    }

    if (plan.status === 'confirmed' && plan.chat) {
      // The professional's answer is unread: the customer's chat shows it as new.
      const conversationId = seedId(`conversation:${id}`);
      const proUserId = userIds.get(plan.pro)!;
      const at = (minutes: number) => new Date(now.getTime() - 3 * 60 * 60_000 + minutes * 60_000);
      conversationRows.push({ id: conversationId, bookingId: id, customerId, professionalId, createdAt: at(0), updatedAt: at(30) });
      const chat: Array<[string, string, number, boolean]> = [
        [customerId, "Bonjour, l'eau coule encore sous l'évier. Vous passez bien à 21 h ?", 0, true],
        [proUserId, 'Bonjour ! Oui, je serai là à 21 h avec les pièces. Merci de couper l’arrivée d’eau en attendant.', 30, false],
      ];
      chat.forEach(([senderId, content, minutes, read], k) =>
        messageRows.push({ id: seedId(`message:${conversationId}:${k}`), conversationId, senderId, content, messageType: 'text', createdAt: at(minutes), readAt: read ? at(minutes + 5) : null }),
      );
    }
  });

  await insertAll(tx, s.bookings, bookingRows);
  await insertAll(tx, s.bookingPriceLines, lineRows);
  await insertAll(tx, s.payments, paymentRows);
  await insertAll(tx, s.ledgerEntries, ledgerRows);
  await insertAll(tx, s.conversations, conversationRows);
  await insertAll(tx, s.messages, messageRows);

  // pro2@demo.ma asks for their released balance (docs/reviews-and-earnings.md): waiting for finance.
  const pro2 = proIds.get('pro2@demo.ma')!;
  const [{ balance }] = (await tx
    .select({ balance: sql<number>`coalesce(sum(${s.ledgerEntries.amount}), 0)::int` })
    .from(s.ledgerEntries)
    .where(eq(s.ledgerEntries.account, proLedgerAccount(pro2)))) as [{ balance: number }];
  if (balance > 0) {
    await insertAll(tx, s.payouts, [{ id: seedId('payout:pro2@demo.ma:request'), professionalId: pro2, amount: balance, status: 'pending', createdAt: new Date(now.getTime() - 2 * 60 * 60_000) }]);
  }
}
