/**
 * Seed of the accounts capability: users, their password, profiles and admin roles, made as every person
 * is (db/people.ts: personRows), with the demo's fixed ids and dates.
 */
import { inArray } from 'drizzle-orm';
import { personRows, type PersonSpec } from '../people';
import * as s from '../schema/index';
import { seedId } from './ids';
import { cityById, DAY, allPeople, insertAll, type Tx } from './support';

/** Returns user id by email. */
export async function seedUsers(tx: Tx, passwordHash: string, now: Date): Promise<Map<string, string>> {
  const people = allPeople();
  const joined = (i: number) => new Date(now.getTime() - (240 - i * 3) * DAY);
  const spec = (p: (typeof people)[number], i: number, userId: string): PersonSpec => ({
    userId,
    accountId: seedId(`account:${p.email}`),
    email: p.email,
    firstName: p.firstName,
    fullName: `${p.firstName} ${p.lastName}`,
    userType: p.userType,
    locale: p.locale,
    cityName: cityById.get(p.citySlug)!.name,
    phone: p.phone ?? null,
    // Professionals and the applicant verified their phone during onboarding.
    verifiedPhone: p.userType === 'pro' || p.email === 'applicant@demo.ma' ? (p.phone ?? null) : null,
    about: p.about ?? null,
    passwordHash,
    at: joined(i),
  });
  await insertAll(
    tx,
    s.users,
    people.map((p, i) => personRows(spec(p, i, seedId(`user:${p.email}`))).user),
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
  const made = people.map((p, i) => personRows(spec(p, i, idOf(p.email))));

  // A pre-existing account keeps its own password: credentials only for users the seed created.
  await insertAll(
    tx,
    s.accounts,
    made.flatMap((r, i) => (r.user.id === seedId(`user:${people[i]!.email}`) ? [r.account] : [])),
  );
  await insertAll(
    tx,
    s.profiles,
    made.map((r) => r.profile),
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

