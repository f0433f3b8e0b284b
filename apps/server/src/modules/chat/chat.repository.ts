/** SQL of chat: conversations per booking, their messages, read receipts, and push subscriptions. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueJobSql, rowsOf, type EnqueueJob } from '../../platform/jobs';
import { channelAllowedSql } from '../profile';
import type { RealtimeNotification } from '../../platform/realtime';
import { CHAT_OPEN_PAYMENT_STATUSES } from '@khedma/shared';

/** A conversation with what the list shows, from one user's point of view. */
export interface ConversationRow {
  id: string;
  booking_id: string;
  booking_title: string;
  service_name: string | null;
  service_name_fr: string | null;
  service_name_ar: string | null;
  duration_minutes: number;
  customer_id: string;
  customer_name: string;
  customer_avatar: string | null;
  professional_id: string;
  pro_user_id: string;
  pro_name: string;
  pro_avatar: string | null;
  updated_at: Date | string;
  lm_type: 'text' | 'image' | 'file' | null;
  lm_content: string | null;
  lm_sender: string | null;
  lm_at: Date | string | null;
  unread: number;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  sender_name: string;
  message_type: 'text' | 'image' | 'file';
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** The booking facts that decide who may open its conversation. */
export interface BookingParties {
  id: string;
  customer_id: string;
  professional_id: string;
  pro_user_id: string;
  /** The professional has the booking (paid: docs/bookings.md) so both parties can talk. */
  open: boolean;
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const proVisible = sql.join(
  CHAT_OPEN_PAYMENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The unread count of `viewer` (0 for a reader who is neither party). */
const conversationSelect = (viewer: string) => sql`
  select c.id, c.booking_id, b.title as booking_title, st.name as service_name, st.name_fr as service_name_fr, st.name_ar as service_name_ar, b.duration_minutes, c.customer_id, cu.name as customer_name, cp.avatar_url as customer_avatar,
         c.professional_id, p.user_id as pro_user_id, p.name as pro_name, pp.avatar_url as pro_avatar, c.updated_at,
         lm.message_type as lm_type, lm.content as lm_content, lm.sender_id as lm_sender, lm.created_at as lm_at,
         (select count(*)::int from messages m
           where m.conversation_id = c.id and m.sender_id <> ${viewer} and m.read_at is null
             and ${viewer} in (c.customer_id, p.user_id)) as unread
    from conversations c
    join bookings b on b.id = c.booking_id
    left join service_types st on st.id = b.service_type_id
    join users cu on cu.id = c.customer_id
    left join profiles cp on cp.id = c.customer_id
    join professionals p on p.id = c.professional_id
    left join profiles pp on pp.id = p.user_id
    left join lateral (
      select m.message_type, m.content, m.sender_id, m.created_at from messages m
       where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true`;

export class ChatRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): ChatRepository {
    return new ChatRepository(tx);
  }

  transaction<T>(work: (repo: ChatRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ChatRepository(tx as unknown as Db), tx as unknown as Db));
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  async bookingParties(bookingId: string): Promise<BookingParties | undefined> {
    const [row] = await this.rows<BookingParties>(sql`
      select b.id, b.user_id as customer_id, b.professional_id, p.user_id as pro_user_id,
             (b.payment_status in (${proVisible})) as open
        from bookings b join professionals p on p.id = b.professional_id
       where b.id = ${bookingId}`);
    return row;
  }

  /** Creates the booking's conversation unless it exists; answers its id and whether it was created now. */
  async openForBooking(b: BookingParties): Promise<{ id: string; created: boolean }> {
    const [inserted] = await this.rows<{ id: string }>(sql`
      insert into conversations (booking_id, customer_id, professional_id)
      values (${b.id}, ${b.customer_id}, ${b.professional_id})
      on conflict (booking_id) do nothing returning id`);
    if (inserted) return { id: inserted.id, created: true };
    const [existing] = await this.rows<{ id: string }>(sql`select id from conversations where booking_id = ${b.id}`);
    return { id: existing!.id, created: false };
  }

  /**
   * The booking's conversation now belongs to `professionalId` (an admin reassigned the booking): its
   * parties are the booking's customer and professional, so the previous professional loses it.
   */
  async moveToProfessional(bookingId: string, professionalId: string): Promise<{ id: string; previousUserId: string } | undefined> {
    const [row] = await this.rows<{ id: string; previous_user_id: string }>(sql`
      with prior as (
        select c.id, p.user_id from conversations c join professionals p on p.id = c.professional_id
         where c.booking_id = ${bookingId} for update of c
      )
      update conversations c set professional_id = ${professionalId} from prior
       where c.id = prior.id returning c.id, prior.user_id as previous_user_id`);
    return row && { id: row.id, previousUserId: row.previous_user_id };
  }

  /** Sends a NOTIFY with this repository's statement (in a transaction: at its commit, only if it commits). */
  async notify(n: RealtimeNotification): Promise<void> {
    await this.db.execute(sql`select pg_notify(${n.channel}, ${n.payload})`);
  }

  async conversation(id: string, viewer: string): Promise<ConversationRow | undefined> {
    const [row] = await this.rows<ConversationRow>(sql`${conversationSelect(viewer)} where c.id = ${id}`);
    return row;
  }

  async conversationOfBooking(bookingId: string, viewer: string): Promise<ConversationRow | undefined> {
    const [row] = await this.rows<ConversationRow>(sql`${conversationSelect(viewer)} where c.booking_id = ${bookingId}`);
    return row;
  }

  /** The user's conversations (as customer or as professional), latest activity first. */
  async conversationsOf(userId: string, limit = 200): Promise<ConversationRow[]> {
    return this.rows<ConversationRow>(sql`
      ${conversationSelect(userId)}
      where c.customer_id = ${userId} or p.user_id = ${userId}
      order by c.updated_at desc, c.id desc limit ${limit}`);
  }

  /** The two parties' user ids, or undefined when there is no such conversation. */
  async parties(conversationId: string): Promise<{ customerId: string; proUserId: string } | undefined> {
    const [row] = await this.rows<{ customer_id: string; pro_user_id: string }>(sql`
      select c.customer_id, p.user_id as pro_user_id from conversations c join professionals p on p.id = c.professional_id
       where c.id = ${conversationId}`);
    return row && { customerId: row.customer_id, proUserId: row.pro_user_id };
  }

  /** Whether two users share a conversation (presence: each may hear whether the other is online). */
  async shareConversation(a: string, b: string): Promise<boolean> {
    const rows = await this.rows(sql`
      select 1 from conversations c join professionals p on p.id = c.professional_id
       where (c.customer_id = ${a} and p.user_id = ${b}) or (c.customer_id = ${b} and p.user_id = ${a}) limit 1`);
    return rows.length > 0;
  }

  /**
   * Stores a message and moves the conversation to the top of both lists, in one statement that may
   * also enqueue a job (`job`, only if `jobWhen` holds) and send a NOTIFY (`notify`, its `data.createdAt` filled with the stored
   * time): PostgreSQL delivers a NOTIFY at commit, so the message is announced only once it is stored.
   */
  async insertMessage(
    m: { id: string; conversationId: string; senderId: string; type: 'text' | 'image' | 'file'; content: string },
    extra: { job?: EnqueueJob; notify?: RealtimeNotification | null; jobWhen?: SQL } = {},
  ): Promise<MessageRow> {
    const job = extra.job ? sql`, j as (${enqueueJobSql(extra.job, extra.jobWhen)})` : sql``;
    const notify = extra.notify
      ? sql`, n as (
          select pg_notify(${extra.notify.channel},
            jsonb_set(${extra.notify.payload}::jsonb, '{data,createdAt}',
              to_jsonb(to_char((select created_at from m) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text) as sent
        )`
      : sql`, n as (select 1 as sent)`;
    // clock_timestamp(): two messages of one transaction or millisecond still have an order.
    const [row] = await this.rows<MessageRow>(sql`
      with m as (
        insert into messages (id, conversation_id, sender_id, message_type, content, created_at)
        values (${m.id}, ${m.conversationId}, ${m.senderId}, ${m.type}, ${m.content}, clock_timestamp())
        returning *
      ), c as (
        update conversations set updated_at = (select created_at from m) where id = ${m.conversationId}
      )${job}${notify}
      select m.id, m.conversation_id, m.sender_id, coalesce(p.name, u.name) as sender_name, m.message_type, m.content, m.created_at, m.read_at
        from m join users u on u.id = m.sender_id left join professionals p on p.user_id = m.sender_id cross join n`);
    return row!;
  }

  /**
   * The condition under which a message's push job is worth enqueueing, checked by the insert itself
   * (no round trip of its own): the recipient has a browser subscribed and has not turned push off.
   * The job asks the preference again when it runs.
   */
  pushWorthSql(recipientId: string): SQL {
    return sql`exists (select 1 from push_subscriptions where user_id = ${recipientId}) and ${channelAllowedSql(recipientId, 'push')}`;
  }

  /**
   * The latest page of messages, oldest first; with `after`, only those after that message (a
   * reconnect's catch-up). `limit + 1` rows are read to tell whether there are more.
   */
  async messages(conversationId: string, limit: number, after?: string): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const afterClause = after
      ? sql`and (m.created_at, m.id) > (select created_at, id from messages where id = ${after} and conversation_id = ${conversationId})`
      : sql``;
    const rows = await this.rows<MessageRow>(sql`
      select * from (
        select m.id, m.conversation_id, m.sender_id, coalesce(p.name, u.name) as sender_name, m.message_type, m.content, m.created_at, m.read_at
          from messages m join users u on u.id = m.sender_id
          left join professionals p on p.user_id = m.sender_id
         where m.conversation_id = ${conversationId} ${afterClause}
         order by m.created_at desc, m.id desc limit ${limit + 1}
      ) page order by created_at asc, id asc`);
    const hasMore = rows.length > limit;
    return { rows: hasMore ? rows.slice(1) : rows, hasMore };
  }

  async message(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.rows<MessageRow>(sql`
      select m.id, m.conversation_id, m.sender_id, coalesce(p.name, u.name) as sender_name, m.message_type, m.content, m.created_at, m.read_at
        from messages m join users u on u.id = m.sender_id left join professionals p on p.user_id = m.sender_id where m.id = ${id}`);
    return row;
  }

  /** Marks the other party's unread messages read; answers how many and when. */
  async markRead(conversationId: string, readerId: string): Promise<{ count: number; readAt: string | null }> {
    const rows = await this.rows<{ read_at: Date | string }>(sql`
      update messages set read_at = now()
       where conversation_id = ${conversationId} and sender_id <> ${readerId} and read_at is null
       returning read_at`);
    const at = rows[0]?.read_at;
    return { count: rows.length, readAt: at ? new Date(at).toISOString() : null };
  }

  /** Who receives a message's push: the other party, their language, their browsers. */
  async pushTarget(messageId: string): Promise<
    | { recipientId: string; locale: string; senderName: string; conversationId: string; type: string; content: string; subscriptions: PushSubscriptionRow[] }
    | undefined
  > {
    const [row] = await this.rows<{
      recipient_id: string;
      locale: string | null;
      sender_name: string;
      conversation_id: string;
      message_type: string;
      content: string;
    }>(sql`
      select case when m.sender_id = c.customer_id then p.user_id else c.customer_id end as recipient_id,
             rp.locale, coalesce(sp.name, su.name) as sender_name, m.conversation_id, m.message_type, m.content
        from messages m
        join conversations c on c.id = m.conversation_id
        join professionals p on p.id = c.professional_id
        join users su on su.id = m.sender_id
        left join professionals sp on sp.user_id = m.sender_id
        left join profiles rp on rp.id = (case when m.sender_id = c.customer_id then p.user_id else c.customer_id end)
       where m.id = ${messageId}`);
    if (!row) return undefined;
    const subscriptions = await this.subscriptionsOf(row.recipient_id);
    return {
      recipientId: row.recipient_id,
      locale: row.locale ?? 'en',
      senderName: row.sender_name,
      conversationId: row.conversation_id,
      type: row.message_type,
      content: row.content,
      subscriptions,
    };
  }

  // -- push subscriptions -------------------------------------------------------------------------

  subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.rows<PushSubscriptionRow>(sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId} order by created_at`);
  }

  /** One row per browser (endpoint): a browser that changes hands belongs to whoever subscribed last. */
  async saveSubscription(userId: string, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
    await this.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`);
  }

  async deleteSubscription(userId: string, endpoint: string): Promise<number> {
    return (await this.rows(sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`)).length;
  }
}
