/**
 * Per-channel notification choices (docs/chat.md#notification-preferences), owned by the profile module
 * (its routes write them; app.ts hands the store to AppContext as `ctx.preferences`): what every notification
 * job asks when it runs ("may I email / text / push this user now?"). Account and security messages
 * (email confirmation, password reset, phone codes) never ask: they are always sent.
 */
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationChannel, type NotificationPreferences, type WhatsAppOptInSource } from '@khedma/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../platform/jobs';

const COLUMNS: Record<NotificationChannel, SQL> = { email: sql.raw('email'), sms: sql.raw('sms'), push: sql.raw('push'), whatsapp: sql.raw('whatsapp') };

/** When and how WhatsApp was turned on, and when it was last turned off (docs/notifications.md#whatsapp). */
export interface WhatsAppConsent {
  optIn: { at: string; source: string } | null;
  optedOutAt: string | null;
}

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
    const [row] = rowsOf<NotificationPreferences>(await this.db.execute(sql`select email, sms, push, whatsapp from notification_preferences where user_id = ${userId}`));
    return row ? { email: !!row.email, sms: !!row.sms, push: !!row.push, whatsapp: !!row.whatsapp } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  /**
   * Changes the given channels (the others keep their value, or their default on a first choice).
   * Turning WhatsApp on records when and how (`source`); turning it off records when.
   */
  async update(userId: string, patch: Partial<NotificationPreferences>, source: WhatsAppOptInSource = 'profile'): Promise<NotificationPreferences> {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    const keep = (c: NotificationChannel) => (patch[c] === undefined ? sql.raw(`notification_preferences.${c}`) : sql`${patch[c]}`);
    const wa = patch.whatsapp;
    const res = await this.db.execute(sql`
      insert into notification_preferences (user_id, email, sms, push, whatsapp, whatsapp_opt_in_at, whatsapp_opt_in_source, whatsapp_opted_out_at, updated_at)
      values (${userId}, ${patch.email ?? d.email}, ${patch.sms ?? d.sms}, ${patch.push ?? d.push}, ${wa ?? d.whatsapp},
              ${wa === true ? sql`now()` : sql`null`}, ${wa === true ? source : null}, ${wa === false ? sql`now()` : sql`null`}, now())
      on conflict (user_id) do update set
        email = ${keep('email')},
        sms = ${keep('sms')},
        push = ${keep('push')},
        whatsapp = ${keep('whatsapp')},
        whatsapp_opt_in_at = ${wa === true ? sql`case when notification_preferences.whatsapp then notification_preferences.whatsapp_opt_in_at else now() end` : sql`notification_preferences.whatsapp_opt_in_at`},
        whatsapp_opt_in_source = ${wa === true ? sql`case when notification_preferences.whatsapp then notification_preferences.whatsapp_opt_in_source else ${source} end` : sql`notification_preferences.whatsapp_opt_in_source`},
        whatsapp_opted_out_at = ${wa === false ? sql`case when notification_preferences.whatsapp then now() else notification_preferences.whatsapp_opted_out_at end` : sql`notification_preferences.whatsapp_opted_out_at`},
        updated_at = now()
      returning email, sms, push, whatsapp`);
    const [row] = rowsOf<NotificationPreferences>(res);
    return { email: !!row!.email, sms: !!row!.sms, push: !!row!.push, whatsapp: !!row!.whatsapp };
  }

  async whatsappConsent(userId: string): Promise<WhatsAppConsent> {
    const [row] = rowsOf<{ at: Date | string | null; source: string | null; out: Date | string | null }>(
      await this.db.execute(sql`select whatsapp_opt_in_at as at, whatsapp_opt_in_source as source, whatsapp_opted_out_at as out from notification_preferences where user_id = ${userId}`),
    );
    const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
    return { optIn: row?.at && row.source ? { at: iso(row.at)!, source: row.source } : null, optedOutAt: iso(row?.out) };
  }

  /**
   * An inbound STOP from `phone` (the WhatsApp webhook): WhatsApp off for every account whose number it is
   * (verified number or profile phone). Answers how many accounts it turned off.
   */
  async whatsappStop(phone: string): Promise<number> {
    const res = await this.db.execute(sql`
      with owners as (
        select u.id from users u where u.phone_number = ${phone} and u.phone_number_verified
        union select p.id from profiles p where p.phone = ${phone}
      )
      insert into notification_preferences (user_id, email, sms, push, whatsapp, whatsapp_opted_out_at, updated_at)
      select id, ${DEFAULT_NOTIFICATION_PREFERENCES.email}, ${DEFAULT_NOTIFICATION_PREFERENCES.sms}, ${DEFAULT_NOTIFICATION_PREFERENCES.push}, false, now(), now() from owners
      on conflict (user_id) do update set whatsapp = false, whatsapp_opted_out_at = now(), updated_at = now()
      returning user_id`);
    return rowsOf(res).length;
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
