/** What every capability's seed shares: the transaction type, batched idempotent inserts, ids. */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { seedId } from './ids';
import { CITIES } from './places';
import { DEMO_ACCOUNTS, EXTRA_CUSTOMERS, PROFESSIONALS, type SeedPerson } from './people';
import { SERVICES } from './services';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DAY = 24 * 60 * 60 * 1000;

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** INSERT ... ON CONFLICT DO NOTHING in batches. */
export async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  for (const batch of chunks(rows)) {
    if (batch.length) await tx.insert(table).values(batch as never).onConflictDoNothing();
  }
}

export const cityById = new Map(CITIES.map((c) => [c.slug, c]));
export const servicesByKey = new Map(SERVICES.map((sv) => [sv.key, sv]));
export const boroughId = (key: string) => seedId(`borough:casablanca:${key}`);
export const addOnId = (serviceKey: string, key: string) => seedId(`addon:${serviceKey}:${key}`);

export interface Person extends SeedPerson {
  about?: string;
}

let peopleCache: Person[] | undefined;
export function allPeople(): Person[] {
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

