/**
 * Per-channel notification choices (docs/chat.md#notification-preferences): what every notification
 * job asks when it runs ("may I email / text / push this user now?"). Account and security messages
 * (email confirmation, password reset, phone codes) never ask: they are always sent.
 */
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationChannel, type NotificationPreferences } from '@khedma/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from './jobs';

const COLUMNS: Record<NotificationChannel, SQL> = { email: sql.raw('email'), sms: sql.raw('sms'), push: sql.raw('push') };

/**
 * Whether `userId` (SQL: a value or a placeholder) takes notifications on `channel`: their row, or the
 * default when they never chose. For statements that write a notification themselves (the booking
 * insert writes its creation email's outbox row).
 */
export function channelAllowedSql(userId: SQL | string, channel: NotificationChannel): SQL {
  const fallback = DEFAULT_NOTIFICATION_PREFERENCES[channel] ? sql.raw('true') : sql.raw('false');
  return sql`coalesce((select ${COLUMNS[channel]} from notification_preferences where user_id = ${userId}), ${fallback})`;
}

export class NotificationPreferencesStore {
  constructor(private readonly db: Db) {}

  async get(userId: string): Promise<NotificationPreferences> {
    const [row] = rowsOf<NotificationPreferences>(await this.db.execute(sql`select email, sms, push from notification_preferences where user_id = ${userId}`));
    return row ? { email: !!row.email, sms: !!row.sms, push: !!row.push } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  /** Changes the given channels (the others keep their value, or their default on a first choice). */
  async update(userId: string, patch: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    const res = await this.db.execute(sql`
      insert into notification_preferences (user_id, email, sms, push, updated_at)
      values (${userId}, ${patch.email ?? d.email}, ${patch.sms ?? d.sms}, ${patch.push ?? d.push}, now())
      on conflict (user_id) do update set
        email = ${patch.email === undefined ? sql`notification_preferences.email` : sql`${patch.email}`},
        sms = ${patch.sms === undefined ? sql`notification_preferences.sms` : sql`${patch.sms}`},
        push = ${patch.push === undefined ? sql`notification_preferences.push` : sql`${patch.push}`},
        updated_at = now()
      returning email, sms, push`);
    const [row] = rowsOf<NotificationPreferences>(res);
    return { email: !!row!.email, sms: !!row!.sms, push: !!row!.push };
  }

  async allows(userId: string, channel: NotificationChannel): Promise<boolean> {
    const [row] = rowsOf<{ allowed: boolean }>(await this.db.execute(sql`select ${channelAllowedSql(userId, channel)} as allowed`));
    return !!row?.allowed;
  }
}

/**
 * Where a user's SMS notifications go: the number they verified (professionals, onboarding), else the
 * phone of their profile (a Moroccan number, normalised by the profile's rules); null when neither.
 */
export async function smsNumberOf(db: Db, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ phone: string | null }>(
    await db.execute(sql`
      select coalesce(case when u.phone_number_verified then u.phone_number end, p.phone) as phone
        from users u left join profiles p on p.id = u.id where u.id = ${userId}`),
  );
  return row?.phone ?? null;
}
