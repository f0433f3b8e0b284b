/**
 * A person's support tickets (docs/support.md): open one (on one of their bookings or not), read the
 * thread (never an internal note), reply, attach a file, mark it resolved; and the ticket the public
 * contact form opens for a visitor. Anyone else's ticket is not found (404), as is someone else's booking.
 */
import { cleanFileName, type SessionUser } from '@khedma/shared';
import { nextSupportStatus, SUPPORT_MESSAGES, SUPPORT_RULES, supportAutoCloseAt, type SupportStatus } from '@khedma/shared/domain/support';
import type { CreateSupportTicketRequest, SupportTicket, SupportTicketSummary } from '@khedma/shared/schemas/support';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import { randomFileId, type Storage } from '../../platform/storage';
import { prepareChatFile } from '../chat';
import { supportFileKey, toSummary, toTicket } from './support.dto';
import type { SupportNotifier } from './notifier';
import { SUPPORT_AUTO_CLOSE_JOB } from './support.jobs';
import type { SupportRepository, TicketRow } from './support.repository';

/** What changes on a ticket with its new status (the timestamps the queue and the auto-close read). */
export function statusPatch(status: SupportStatus, now: Date, t: Pick<TicketRow, 'status' | 'waitingSince'>) {
  switch (status) {
    case 'open':
      // Still waiting since the first unanswered message when it was open already.
      return { status, waitingSince: t.status === 'open' && t.waitingSince ? t.waitingSince : now, resolvedAt: null, closedAt: null };
    case 'waiting_for_user':
      return { status, waitingSince: null, resolvedAt: null, closedAt: null };
    case 'resolved':
      return { status, waitingSince: null, resolvedAt: now, closedAt: null };
    case 'closed':
      return { status, waitingSince: null, closedAt: now };
  }
}

/** In the transaction that resolved the ticket: its auto-close, once per resolution. */
export async function scheduleAutoClose(jobs: JobRunner, tx: Db, ticketId: string, resolvedAt: Date) {
  await jobs.schedule(SUPPORT_AUTO_CLOSE_JOB, { ticketId, resolvedAt: resolvedAt.toISOString() }, { db: tx, runAt: supportAutoCloseAt(resolvedAt), dedupeKey: `${ticketId}:${resolvedAt.toISOString()}` });
}

export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SupportRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly jobs: JobRunner,
    private readonly limiter: RateLimiter,
    private readonly notifier: SupportNotifier,
  ) {}

  async create(user: SessionUser, input: CreateSupportTicketRequest): Promise<SupportTicket> {
    const bookingId = input.bookingId ?? null;
    // Only one of the caller's own bookings (as its customer or its professional): anything else is not found.
    if (bookingId && !(await this.repo.bookingOfParty(bookingId, user.id))) throw notFound(SUPPORT_MESSAGES.bookingNotFound);
    const now = this.clock.now();
    const { ticket, jobs } = await this.db.transaction(async (tx) => {
      const limiter = this.limiter.on(tx);
      await limiter.enforce(`support:ticket:hour:${user.id}`, SUPPORT_RULES.ticketsPerHour, 3600, SUPPORT_MESSAGES.tooMany);
      await limiter.enforce(`support:ticket:day:${user.id}`, SUPPORT_RULES.ticketsPerDay, 86_400, SUPPORT_MESSAGES.tooMany);
      const repo = this.repo.with(tx);
      const ticket = await repo.insertTicket({
        userId: user.id,
        name: user.name,
        email: user.email,
        locale: user.locale,
        source: 'app',
        bookingId,
        subject: input.subject,
        category: input.category,
        status: 'open',
        waitingSince: now,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertMessage({ ticketId: ticket.id, authorId: user.id, authorRole: 'user', body: input.message, createdAt: now });
      return { ticket, jobs: await this.notifier.toTeam(tx, 'new', ticket, input.message) };
    });
    await this.notifier.flush(jobs);
    return this.get(user, ticket.id);
  }

  async list(user: SessionUser): Promise<{ tickets: SupportTicketSummary[] }> {
    return { tickets: (await this.repo.ticketsOf(user.id)).map(toSummary) };
  }

  private async own(user: SessionUser, id: string): Promise<TicketRow> {
    const t = await this.repo.ticketOf(id, user.id);
    if (!t) throw notFound(SUPPORT_MESSAGES.notFound);
    return t;
  }

  async get(user: SessionUser, id: string): Promise<SupportTicket> {
    const t = await this.own(user, id);
    return toTicket(this.storage, t, await this.repo.messages(t.id, { internal: false }));
  }

  async reply(user: SessionUser, id: string, message: string): Promise<SupportTicket> {
    await this.own(user, id);
    await this.limiter.enforce(`support:message:${user.id}`, SUPPORT_RULES.messagesPerTenMinutes, 600, SUPPORT_MESSAGES.tooFast);
    await this.write(user, id, { body: message });
    return this.get(user, id);
  }

  /** Before an upload is read: is the ticket the caller's, open to replies, and the file within their allowance? */
  async admitFile(user: SessionUser, id: string): Promise<void> {
    const t = await this.own(user, id);
    if (nextSupportStatus(t.status, { kind: 'user_reply' }) === null) throw conflict(SUPPORT_MESSAGES.closed, 'INVALID_TRANSITION');
    await this.limiter.enforce(`support:message:${user.id}`, SUPPORT_RULES.messagesPerTenMinutes, 600, SUPPORT_MESSAGES.tooFast);
  }

  /** A file admitted by admitFile: the chat's rules (type read from the bytes, images re-encoded), stored privately. */
  async addFile(user: SessionUser, id: string, upload: Buffer, rawName: string): Promise<SupportTicket> {
    await this.own(user, id);
    const prepared = await prepareChatFile(upload, rawName);
    const key = supportFileKey(id, randomFileId());
    await this.storage.put(key, prepared.body, { contentType: prepared.contentType, visibility: 'private' });
    try {
      await this.write(user, id, { body: '', fileKey: key, fileName: cleanFileName(rawName, prepared.type === 'image' ? 'image' : 'file'), fileType: prepared.contentType });
    } catch (err) {
      await this.storage.delete(key).catch(() => {});
      throw err;
    }
    return this.get(user, id);
  }

  /** The person writes: the ticket goes back to support (a resolved one reopens); a closed one takes nothing. */
  private async write(user: SessionUser, id: string, m: { body: string; fileKey?: string; fileName?: string; fileType?: string }) {
    const now = this.clock.now();
    const jobs = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const t = await repo.lockTicket(id);
      if (!t || t.userId !== user.id) throw notFound(SUPPORT_MESSAGES.notFound);
      const next = nextSupportStatus(t.status, { kind: 'user_reply' });
      if (!next) throw conflict(SUPPORT_MESSAGES.closed, 'INVALID_TRANSITION');
      await repo.insertMessage({ ticketId: id, authorId: user.id, authorRole: 'user', createdAt: now, ...m });
      const updated = await repo.update(id, statusPatch(next, now, t));
      return this.notifier.toTeam(tx, 'reply', updated, m.body || (m.fileName ?? ''));
    });
    await this.notifier.flush(jobs);
  }

  async resolve(user: SessionUser, id: string): Promise<SupportTicket> {
    await this.own(user, id);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const t = await repo.lockTicket(id);
      if (!t || t.userId !== user.id) throw notFound(SUPPORT_MESSAGES.notFound);
      const next = nextSupportStatus(t.status, { kind: 'user_resolve' });
      if (!next) throw conflict(SUPPORT_MESSAGES.cannotResolve, 'INVALID_TRANSITION');
      await repo.update(id, statusPatch(next, now, t));
      await scheduleAutoClose(this.jobs, tx, id, now);
    });
    return this.get(user, id);
  }

  /**
   * The ticket of a message of the public contact form (docs/support.md "Contact form"), written in the
   * contact message's own transaction: tied to the sender's email (and to their account when they were
   * signed in), category `other`, the first line of the message as its subject. The contact module
   * already emails the support address: no second email here.
   */
  async fromContactForm(tx: Db, c: { contactMessageId: string; name: string; email: string; message: string; userId: string | null; locale: TicketRow['locale'] }) {
    const now = this.clock.now();
    const firstLine = c.message.split('\n')[0]!.trim();
    const subject = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
    const repo = this.repo.with(tx);
    const ticket = await repo.insertTicket({
      userId: c.userId,
      name: c.name,
      email: c.email,
      locale: c.locale,
      source: 'contact_form',
      contactMessageId: c.contactMessageId,
      subject: subject || c.name,
      category: 'other',
      status: 'open',
      waitingSince: now,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertMessage({ ticketId: ticket.id, authorId: c.userId, authorRole: 'user', body: c.message, createdAt: now });
  }
}
