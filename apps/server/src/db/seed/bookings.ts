/**
 * Seed of the bookings capability (with its payments, escrow ledger, reviews and chats): past
 * bookings priced by the shared quote() and posted to the ledger by the shared hold/release/refund
 * functions, as the server does (packages/shared/src/domain/pricing.ts, escrow.ts).
 */
import { holdEntries, refundEntries, releaseAt, releaseEntries, type LedgerEntry } from '@khedma/shared/domain/escrow';
import { cityServicePrice, hourlyQuote, quote, servicePrice as resolvePrice } from '@khedma/shared/domain/pricing';
import * as s from '../schema/index';
import { prng, seedId } from './ids';
import { CANCELLATION_REASONS, PROFESSIONALS, REVIEW_TEXTS } from './people';
import { CASABLANCA_BOROUGHS, SAMPLE_STREETS } from './places';
import type { SeedService } from './services';
import { servicesOf } from './professionals';
import { addOnId, allPeople, boroughId, cityById, DAY, insertAll, type Tx } from './support';

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

/** Price of a service in a city by the shared rule (cityServicePrice): the city's price, else the base x the city's factor, else the base. */
export function priceIn(sv: SeedService, citySlug: string) {
  const functionPrice = cityServicePrice({ basePrice: sv.basePrice, priceFactor: cityById.get(citySlug)!.priceFactor });
  return resolvePrice({ regionPrice: sv.regionPrices?.[citySlug], functionPrice, basePrice: sv.basePrice });
}

/**
 * Past bookings: 2-4 completed ones per professional (on different days, so never overlapping),
 * each paid, released from escrow and reviewed; every fifth professional also has a cancelled,
 * refunded one. The present (upcoming bookings, unreviewed ones, a payout request) is upcoming.ts.
 *
 * Money as the server computes it: quote()/hourlyQuote() price the lines, holdEntries at payment,
 * releaseEntries 48 h after completion, refundEntries (no fee: cancelled in the free window) on cancellation.
 */
export async function seedBookings(tx: Tx, ctx: BookingContext) {
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
      const priced = b.hourly
        ? hourlyQuote({ hourlyRate: p.hourlyRate, hours, label: `${hours} h × ${p.hourlyRate} MAD` })
        : quote({ servicePrice: priceIn(sv, p.citySlug), serviceLabel: sv.name.en, addOns: addOn ? [{ id: addOnId(sv.key, addOn.key), name: addOn.name.en, price: addOn.price }] : [] });
      const { servicePrice, addOnsTotal: addonsTotal, serviceFee, total: totalAmount } = priced;

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

      // The quote's lines in its order (service or hourly, add-ons, fee), ids by kind as before.
      priced.lines.forEach((line, position) => {
        lineRows.push({ id: seedId(`line:${id}:${line.kind}`), bookingId: id, ...line, position });
      });

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

      /** One ledger transaction: the shared function's balanced rows, ids by operation and account. */
      const post = (op: 'hold' | 'release' | 'refund', entries: LedgerEntry[], at: Date) => {
        const transactionId = seedId(`ledger-tx:${id}:${op}`);
        for (const e of entries) {
          const account = e.account.startsWith('pro:') ? 'pro' : e.account;
          ledgerRows.push({ id: seedId(`ledger:${id}:${op}:${account}`), transactionId, bookingId: id, account: e.account, amount: e.amount, kind: e.kind, createdAt: at });
        }
      };
      post('hold', holdEntries(id, totalAmount), createdAt);
      if (b.status === 'completed') {
        post('release', releaseEntries(id, professionalId, { held: totalAmount, serviceFee, commission: priced.commission }), releaseAt(end));

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
        post('refund', refundEntries(id, professionalId, { held: totalAmount, fee: 0 }), new Date(createdAt.getTime() + 60 * 60 * 1000));
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
