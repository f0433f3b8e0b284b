/**
 * SQL of the retention rules (docs/retention.md): each statement applies one rule to the rows past
 * their period, at most `limit` at a time, and is idempotent (a row done is marked and never taken again).
 */
import { ANONYMISED_TEXT, DELETED_ACCOUNT_NAME } from '@khedma/shared/domain/retention';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../platform/jobs';

export const ANONYMISED_CUSTOMER = 'Anonymised customer';

export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /** Closed accounts whose year has passed and whose data is still there. */
  async closedAccountsDue(before: Date, limit: number): Promise<string[]> {
    const res = await this.db.execute(sql`
      select id from profiles
       where closed_at is not null and data_deleted_at is null and closed_at < ${before.toISOString()}::timestamptz
       order by closed_at limit ${limit}`);
    return rowsOf<{ id: string }>(res).map((r) => r.id);
  }

  /**
   * Deletes a closed account's personal data, in one transaction. What must stay for the legal
   * periods stays, without what identifies the person where the law allows: the bookings (anonymised),
   * payments and ledger (no personal data), invoices (their customer name until the 7 years end),
   * reviews (the rating, for the professional's average; the text removed), messages (the text removed,
   * the other side's messages stay theirs).
   */
  async deleteAccountData(userId: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const locked = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from profiles where id = ${userId} and closed_at is not null and data_deleted_at is null for update`),
      );
      if (locked.length === 0) return false;
      const stamp = at.toISOString();
      await tx.execute(sql`update users set name = ${DELETED_ACCOUNT_NAME}, image = null, phone_number = null, phone_number_verified = false, updated_at = now() where id = ${userId}`);
      await tx.execute(sql`delete from accounts where user_id = ${userId}`);
      await tx.execute(sql`delete from sessions where user_id = ${userId}`);
      await tx.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
      await tx.execute(sql`delete from notification_preferences where user_id = ${userId}`);
      await tx.execute(sql`delete from email_confirmations where user_id = ${userId}`);
      await tx.execute(sql`delete from profile_audit_log where profile_id = ${userId}`);
      await tx.execute(sql`delete from professional_applications where user_id = ${userId}`);
      await tx.execute(sql`
        update profiles set name = ${DELETED_ACCOUNT_NAME}, full_name = ${DELETED_ACCOUNT_NAME}, email = null, phone = null,
               location = null, about_me = null, avatar_url = null, region = null, ice = null,
               data_deleted_at = ${stamp}::timestamptz, updated_at = now()
         where id = ${userId}`);
      await tx.execute(sql`
        update professionals set name = ${DELETED_ACCOUNT_NAME}, full_name = ${DELETED_ACCOUNT_NAME}, about = null, skills = '{}', status = 'suspended', updated_at = now()
         where user_id = ${userId}`);
      await tx.execute(sql`update messages set content = ${ANONYMISED_TEXT}, message_type = 'text' where sender_id = ${userId}`);
      await tx.execute(sql`update reviews set title = null, comment = null where user_id = ${userId}`);
      await tx.execute(sql`
        update bookings set location = ${ANONYMISED_TEXT}, description = ${ANONYMISED_TEXT}, contact_phone = null, special_requests = null,
               cancellation_reason = null, completion_notes = null, anonymised_at = coalesce(anonymised_at, ${stamp}::timestamptz), updated_at = now()
         where user_id = ${userId}`);
      await tx.execute(sql`update contact_messages set user_id = null where user_id = ${userId}`);
      return true;
    });
  }

  /** Booking history: finished bookings that ended before `before` lose address, phone and free text, and their chat its text. */
  async anonymiseBookings(before: Date, at: Date, limit: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from bookings
           where anonymised_at is null and status in ('completed', 'cancelled') and scheduled_end < ${before.toISOString()}::timestamptz
           order by scheduled_end limit ${limit} for update skip locked`),
      ).map((r) => r.id);
      if (ids.length === 0) return 0;
      const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
      await tx.execute(sql`
        update bookings set location = ${ANONYMISED_TEXT}, description = ${ANONYMISED_TEXT}, contact_phone = null, special_requests = null,
               cancellation_reason = null, completion_notes = null, anonymised_at = ${at.toISOString()}::timestamptz, updated_at = now()
         where id in (${list})`);
      await tx.execute(sql`
        update messages m set content = ${ANONYMISED_TEXT}, message_type = 'text'
          from conversations c where c.id = m.conversation_id and c.booking_id in (${list})`);
      return ids.length;
    });
  }

  /** Financial records past 7 years: invoices keep number and amounts, lose the customer's identity; payouts lose the bank details they were sent to. */
  async anonymiseFinancialRecords(before: Date, at: Date, limit: number): Promise<number> {
    const res = await this.db.execute(sql`
      update invoices set customer_name = ${ANONYMISED_CUSTOMER}, customer_ice = null, customer_id = null, anonymised_at = ${at.toISOString()}::timestamptz
       where id in (select id from invoices where anonymised_at is null and issued_at < ${before.toISOString()}::timestamptz order by issued_at limit ${limit})
       returning id`);
    await this.db.execute(sql`
      update payouts set batch_rib = null, batch_holder = null
       where (batch_rib is not null or batch_holder is not null) and coalesce(paid_at, sent_at, created_at) < ${before.toISOString()}::timestamptz`);
    return rowsOf(res).length;
  }

  /** Complaint and fraud records past 10 years: support requests and the sensitive-access log. */
  async deleteComplaintRecords(before: Date): Promise<number> {
    const a = await this.db.execute(sql`delete from contact_messages where created_at < ${before.toISOString()}::timestamptz returning id`);
    const b = await this.db.execute(sql`delete from sensitive_access_log where created_at < ${before.toISOString()}::timestamptz returning id`);
    return rowsOf(a).length + rowsOf(b).length;
  }
}
