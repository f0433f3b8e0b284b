/** Tickets and messages as the API answers them: the person's view never carries an internal note or an admin's name. */
import { bookingReference } from '@khedma/shared/domain/booking-status';
import { SUPPORT_RULES, supportAutoCloseAt, supportFirstAnswerDue, userMayReply, userMayResolve } from '@khedma/shared/domain/support';
import type { SupportAdminMessage, SupportMessage, SupportQueueItem, SupportTicket, SupportTicketSummary } from '@khedma/shared/schemas/support';
import type { Storage } from '../../platform/storage';
import type { AdminPerson, MessageRow, QueueRow, TicketRow } from './support.repository';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const ticketReference = (id: string) => `S-${id.slice(0, 8).toUpperCase()}`;
export const supportFileKey = (ticketId: string, file: string) => `support/${ticketId}/${file}`;

/** Shown as the author of the team's answers (the person does not see which admin wrote). */
export const SUPPORT_TEAM_NAME = 'Khedma support';

export function toSummary(t: TicketRow): SupportTicketSummary {
  return {
    id: t.id,
    reference: ticketReference(t.id),
    subject: t.subject,
    category: t.category,
    status: t.status,
    bookingId: t.bookingId,
    bookingReference: t.bookingId ? bookingReference(t.bookingId) : null,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    firstAnswerDue: iso(supportFirstAnswerDue(t.createdAt)),
    firstAnsweredAt: isoOrNull(t.firstAnsweredAt),
    closesAt: t.status === 'resolved' && t.resolvedAt ? iso(supportAutoCloseAt(t.resolvedAt)) : null,
  };
}

async function fileOf(storage: Storage, m: MessageRow): Promise<SupportMessage['file']> {
  if (!m.fileKey || !m.fileType) return null;
  return {
    name: m.fileName ?? 'file',
    url: await storage.signedUrl(m.fileKey, SUPPORT_RULES.fileUrlTtlSeconds),
    contentType: m.fileType,
    type: m.fileType.startsWith('image/') ? 'image' : 'file',
  };
}

/** The person's view of one message (the caller has filtered internal notes out already). */
export async function toMessage(storage: Storage, m: MessageRow, ticket: TicketRow): Promise<SupportMessage> {
  return {
    id: m.id,
    author: m.authorRole,
    authorName: m.authorRole === 'support' ? SUPPORT_TEAM_NAME : ticket.name,
    body: m.body,
    file: await fileOf(storage, m),
    createdAt: iso(m.createdAt),
  };
}

export async function toTicket(storage: Storage, t: TicketRow, messages: readonly MessageRow[]): Promise<SupportTicket> {
  // Defence in depth: whatever the query, the person's view drops internal notes.
  const visible = messages.filter((m) => !m.internal);
  return {
    ...toSummary(t),
    messages: await Promise.all(visible.map((m) => toMessage(storage, m, t))),
    canReply: userMayReply(t.status),
    canResolve: userMayResolve(t.status),
  };
}

export function toQueueItem(t: QueueRow): SupportQueueItem {
  return {
    ...toSummary(t),
    source: t.source,
    requester: { name: t.name, email: t.email, userId: t.userId, userType: t.requesterType },
    assignee: t.assigneeId ? { id: t.assigneeId, name: t.assigneeName ?? '' } : null,
    waitingSince: t.status === 'open' ? isoOrNull(t.waitingSince ?? t.updatedAt) : null,
  };
}

export async function toAdminMessage(storage: Storage, m: MessageRow, t: TicketRow, authors: ReadonlyMap<string, string>): Promise<SupportAdminMessage> {
  return {
    ...(await toMessage(storage, m, t)),
    // The team sees which admin wrote.
    authorName: m.authorRole === 'support' ? (m.authorId ? (authors.get(m.authorId) ?? SUPPORT_TEAM_NAME) : SUPPORT_TEAM_NAME) : t.name,
    internal: m.internal,
    authorId: m.authorId,
  };
}

export type { AdminPerson };
