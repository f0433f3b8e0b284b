/**
 * Reference data (seedReference: the catalogue and places, what every database needs) and demo data
 * (seedDemo: the reference data and the demo's people, outside production only; the caller decides), one file per capability: catalog.ts,
 * accounts.ts, professionals.ts, bookings.ts (the past), upcoming.ts (the present: issue 38) (the data
 * itself: places.ts, services.ts, people.ts).
 * A new capability adds its seed-<capability> file and one line below. Idempotent: every row has a
 * deterministic id or natural key and is inserted with ON CONFLICT DO NOTHING, so a second run
 * changes nothing. Everything runs in one transaction.
 */
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../client';
import { seedUsers } from './accounts';
import { seedBookings } from './bookings';
import { seedCatalog, seedPlaces } from './catalog';
import { DEMO_PASSWORD } from './people';
import { seedApplicant, seedProfessionals } from './professionals';
import { seedUpcoming } from './upcoming';
import type { Tx } from './support';
import type { Clock } from '../../platform/clock';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './people';
export { seedId } from './ids';

export interface SeedDemoOptions {
  /**
   * The clock the demo is made relative to (past, upcoming and unreviewed bookings, the payout request):
   * the app's own (platform/clock.ts); a test sets it to a date of its choosing. Default: real time.
   */
  clock?: Clock;
  /** Progress messages. */
  log?: (message: string) => void;
}

/**
 * The reference data the product needs to run, with no person in it: cities, Casablanca's boroughs,
 * categories, services, add-ons and city prices. Every test database starts from this alone
 * (test/global-setup.ts; docs/decisions/0003); the demo adds its people on top.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction((tx) => referenceRows(tx));
}

async function referenceRows(tx: Tx) {
  const cityIds = await seedPlaces(tx);
  const serviceIds = await seedCatalog(tx, cityIds);
  return { cityIds, serviceIds };
}

export async function seedDemo(db: Db, opts: SeedDemoOptions = {}): Promise<void> {
  const now = opts.clock?.now() ?? new Date();
  const log = opts.log ?? (() => {});
  const started = Date.now();
  // One scrypt hash shared by every demo account (hashing is the slow part of seeding).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const { cityIds, serviceIds } = await referenceRows(tx);
    const userIds = await seedUsers(tx, passwordHash, now);
    const proIds = await seedProfessionals(tx, userIds, cityIds, serviceIds, now);
    await seedApplicant(tx, userIds, cityIds, serviceIds, now);
    await seedBookings(tx, { userIds, proIds, cityIds, serviceIds, now });
    await seedUpcoming(tx, { userIds, proIds, cityIds, serviceIds, now });
  });
  log(`demo data seeded in ${Date.now() - started} ms`);
}
