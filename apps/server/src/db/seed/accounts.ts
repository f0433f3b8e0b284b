/** Seed of the accounts capability: users, their password, profiles and admin roles. */
import { inArray } from 'drizzle-orm';
import * as s from '../schema/index';
import { seedId } from './ids';
import { cityById, DAY, allPeople, insertAll, type Tx } from './support';

/** Returns user id by email. */
export async function seedUsers(tx: Tx, passwordHash: string, now: Date): Promise<Map<string, string>> {
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

