/** Who an email goes to: a user's address, the name they are greeted by and their language. */
import type { Locale } from '@khedma/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema/index';

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

export class RecipientsRepository {
  constructor(private readonly db: Db) {}

  /** The same reads in `db` (a transaction). */
  with(db: Db): RecipientsRepository {
    return new RecipientsRepository(db);
  }

  async recipients(userIds: readonly string[]): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: users.id, email: users.email, userName: users.name, fullName: profiles.fullName, name: profiles.name, locale: profiles.locale })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, [...userIds]));
    return rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name ?? r.fullName ?? r.userName, locale: (r.locale ?? 'en') as Locale }));
  }
}
