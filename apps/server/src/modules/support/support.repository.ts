/** SQL of support tickets (docs/support.md). */
import type { SupportStatus } from '@khedma/shared/domain/support';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportMessages, supportTickets } from '../../db/schema/index';
import { rowsOf } from '../../platform/jobs';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;
export type NewMessage = typeof supportMessages.$inferInsert;

export interface QueueRow extends TicketRow {
  requesterType: string | null;
  assigneeName: string | null;
}

export interface AdminPerson {
  id: string;
  name: string;
}

/** Admins who may work the queue: super_admin, or an admin with no active role (all rights: docs/accounts.md). */
const SUPPORT_ADMIN = sql`
  p.user_type = 'admin' and (
    not exists (select 1 from admin_roles r where r.user_id = u.id and r.is_active)
    or exists (select 1 from admin_roles r where r.user_id = u.id and r.is_active and r.role = 'super_admin'))`;

export class SupportRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db) {
    return new SupportRepository(tx);
  }

  /** The booking, when `userId` is its customer or its professional; null otherwise (not found or not theirs). */
  async bookingOfParty(bookingId: string, userId: string): Promise<string | null> {
    const [row] = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select b.id from bookings b left join professionals p on p.id = b.professional_id
         where b.id = ${bookingId} and (b.user_id = ${userId} or p.user_id = ${userId})`),
    );
    return row?.id ?? null;
  }

  async insertTicket(values: NewTicket): Promise<TicketRow> {
    const [row] = await this.db.insert(supportTickets).values(values).returning();
    return row!;
  }

  async insertMessage(values: NewMessage): Promise<MessageRow> {
    const [row] = await this.db.insert(supportMessages).values(values).returning();
    return row!;
  }

  async ticket(id: string): Promise<TicketRow | null> {
    const [row] = await this.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    return row ?? null;
  }

  /** The ticket locked for a change (two answers at once queue on it). */
  async lockTicket(id: string): Promise<TicketRow | null> {
    const [row] = await this.db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    return row ?? null;
  }

  /** The ticket when it is `userId`'s; anyone else's is null (the route answers 404). */
  async ticketOf(id: string, userId: string): Promise<TicketRow | null> {
    const [row] = await this.db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
    return row ?? null;
  }

  async ticketsOf(userId: string): Promise<TicketRow[]> {
    return this.db.select().from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(desc(supportTickets.updatedAt)).limit(200);
  }

  /** The thread, oldest first; `internal` notes only when asked (the admin's view). */
  async messages(ticketId: string, o: { internal: boolean }): Promise<MessageRow[]> {
    const where = o.internal ? eq(supportMessages.ticketId, ticketId) : and(eq(supportMessages.ticketId, ticketId), eq(supportMessages.internal, false));
    return this.db.select().from(supportMessages).where(where).orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  }

  async message(id: string): Promise<MessageRow | null> {
    const [row] = await this.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    return row ?? null;
  }

  async update(id: string, patch: Partial<NewTicket>): Promise<TicketRow> {
    const [row] = await this.db
      .update(supportTickets)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, id))
      .returning();
    return row!;
  }

  /**
   * The queue: tickets that wait for support first, the longest waiting first; then the others, the
   * least recently changed first (domain/support.ts compareSupportQueue says the same in code).
   */
  async queue(f: { statuses: readonly SupportStatus[]; assignee: string | null | undefined }): Promise<QueueRow[]> {
    const assigned = f.assignee === undefined ? sql`true` : f.assignee === null ? sql`t.assignee_id is null` : sql`t.assignee_id = ${f.assignee}`;
    const statuses = sql.join(
      f.statuses.map((s) => sql`${s}`),
      sql`, `,
    );
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        select t.*, p.user_type as requester_type, a.name as assignee_name
          from support_tickets t
          left join profiles p on p.id = t.user_id
          left join users a on a.id = t.assignee_id
         where t.status in (${statuses}) and ${assigned}
         order by case when t.status = 'open' then 0 else 1 end,
                  case when t.status = 'open' then coalesce(t.waiting_since, t.updated_at) else t.updated_at end,
                  t.id
         limit 500`),
    );
    return rows.map(toQueueRow);
  }

  async queueItem(id: string): Promise<QueueRow | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        select t.*, p.user_type as requester_type, a.name as assignee_name
          from support_tickets t
          left join profiles p on p.id = t.user_id
          left join users a on a.id = t.assignee_id
         where t.id = ${id}`),
    );
    return row ? toQueueRow(row) : null;
  }

  async supportAdmins(): Promise<AdminPerson[]> {
    return rowsOf<AdminPerson>(await this.db.execute(sql`select u.id, u.name from users u join profiles p on p.id = u.id where ${SUPPORT_ADMIN} order by u.name, u.id`));
  }

  async isSupportAdmin(userId: string): Promise<boolean> {
    const [row] = rowsOf<{ id: string }>(await this.db.execute(sql`select u.id from users u join profiles p on p.id = u.id where u.id = ${userId} and ${SUPPORT_ADMIN}`));
    return !!row;
  }
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** A raw row of `select t.*` (snake_case) as the Drizzle row. */
function toQueueRow(r: Record<string, unknown>): QueueRow {
  return {
    id: r.id as string,
    userId: (r.user_id as string | null) ?? null,
    name: r.name as string,
    email: r.email as string,
    locale: r.locale as TicketRow['locale'],
    source: r.source as TicketRow['source'],
    contactMessageId: (r.contact_message_id as string | null) ?? null,
    bookingId: (r.booking_id as string | null) ?? null,
    subject: r.subject as string,
    category: r.category as TicketRow['category'],
    status: r.status as TicketRow['status'],
    assigneeId: (r.assignee_id as string | null) ?? null,
    waitingSince: date(r.waiting_since),
    firstAnsweredAt: date(r.first_answered_at),
    resolvedAt: date(r.resolved_at),
    closedAt: date(r.closed_at),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
    requesterType: (r.requester_type as string | null) ?? null,
    assigneeName: (r.assignee_name as string | null) ?? null,
  };
}
