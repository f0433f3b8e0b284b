/**
 * The support queue (docs/support.md "Admin queue"): tickets sorted by waiting time, filters, assignment,
 * answers, internal notes and status changes. The routes let in only holders of support:manage
 * (super_admin, and admins without a role row); the service checks assignees are such admins too.
 */
import type { SessionUser } from '@khedma/shared';
import { nextSupportStatus, SUPPORT_MESSAGES, SUPPORT_RULES, SUPPORT_STATUSES, type SupportStatus } from '@khedma/shared/domain/support';
import type { SupportAdminTicket, SupportQueueItem } from '@khedma/shared/schemas/support';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { toAdminMessage, toQueueItem, type AdminPerson } from './support.dto';
import type { SupportNotifier } from './notifier';
import type { SupportRepository } from './support.repository';
import { scheduleAutoClose, statusPatch } from './tickets.service';

export interface QueueFilter {
  status: SupportStatus | 'active' | 'all';
  assigned: 'any' | 'me' | 'none';
}

export class QueueService {
  constructor(
    private readonly db: Db,
    private readonly repo: SupportRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly jobs: JobRunner,
    private readonly limiter: RateLimiter,
    private readonly notifier: SupportNotifier,
  ) {}

  async queue(admin: SessionUser, f: QueueFilter): Promise<{ tickets: SupportQueueItem[]; admins: AdminPerson[] }> {
    // `active`: everything not settled (open and waiting for the person).
    const statuses = f.status === 'all' ? SUPPORT_STATUSES : f.status === 'active' ? (['open', 'waiting_for_user'] as const) : [f.status];
    const assignee = f.assigned === 'me' ? admin.id : f.assigned === 'none' ? null : undefined;
    const [rows, admins] = await Promise.all([this.repo.queue({ statuses, assignee }), this.repo.supportAdmins()]);
    return { tickets: rows.map(toQueueItem), admins };
  }

  async get(id: string): Promise<SupportAdminTicket> {
    const t = await this.repo.queueItem(id);
    if (!t) throw notFound(SUPPORT_MESSAGES.notFound);
    const [messages, admins] = await Promise.all([this.repo.messages(id, { internal: true }), this.repo.supportAdmins()]);
    const names = new Map(admins.map((a) => [a.id, a.name]));
    return {
      ...toQueueItem(t),
      messages: await Promise.all(messages.map((m) => toAdminMessage(this.storage, m, t, names))),
      admins,
    };
  }

  /**
   * An answer the person sees (it becomes their turn, and they are told by email and push), or an
   * internal note (nothing changes for the person, nobody is told).
   */
  async reply(admin: SessionUser, id: string, message: string, internal: boolean): Promise<SupportAdminTicket> {
    await this.limiter.enforce(`support:message:${admin.id}`, SUPPORT_RULES.messagesPerTenMinutes * 4, 600, SUPPORT_MESSAGES.tooFast);
    const now = this.clock.now();
    const jobs = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const t = await repo.lockTicket(id);
      if (!t) throw notFound(SUPPORT_MESSAGES.notFound);
      const m = await repo.insertMessage({ ticketId: id, authorId: admin.id, authorRole: 'support', internal, body: message, createdAt: now });
      if (internal) {
        await repo.update(id, {});
        return [];
      }
      const next = nextSupportStatus(t.status, { kind: 'support_reply' }) ?? t.status;
      const updated = await repo.update(id, { ...(next !== t.status ? statusPatch(next, now, t) : {}), firstAnsweredAt: t.firstAnsweredAt ?? now });
      return this.notifier.toPerson(tx, updated, m);
    });
    await this.notifier.flush(jobs);
    return this.get(id);
  }

  /** Status by hand and assignment (to oneself or another support admin; null unassigns). */
  async update(id: string, patch: { status?: SupportStatus; assigneeId?: string | null }): Promise<SupportAdminTicket> {
    if (patch.assigneeId && !(await this.repo.isSupportAdmin(patch.assigneeId))) {
      throw badRequest(SUPPORT_MESSAGES.assigneeNotAdmin, { assigneeId: SUPPORT_MESSAGES.assigneeNotAdmin });
    }
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const t = await repo.lockTicket(id);
      if (!t) throw notFound(SUPPORT_MESSAGES.notFound);
      let changes = {};
      if (patch.status !== undefined && patch.status !== t.status) {
        const next = nextSupportStatus(t.status, { kind: 'support_set', status: patch.status });
        if (!next) throw conflict(SUPPORT_MESSAGES.sameStatus, 'INVALID_TRANSITION');
        changes = statusPatch(next, now, t);
        if (next === 'resolved') await scheduleAutoClose(this.jobs, tx, id, now);
      }
      await repo.update(id, { ...changes, ...(patch.assigneeId !== undefined ? { assigneeId: patch.assigneeId } : {}) });
    });
    return this.get(id);
  }

  /**
   * The auto-close job (run at supportAutoCloseAt of the resolution): a ticket still in that resolution
   * closes; one reopened since, or resolved again (its own later job), stays as it is.
   */
  async autoClose(ticketId: string, resolvedAt: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const t = await repo.lockTicket(ticketId);
      if (!t || t.resolvedAt?.toISOString() !== resolvedAt || nextSupportStatus(t.status, { kind: 'auto_close' }) === null) return;
      await repo.update(ticketId, statusPatch('closed', this.clock.now(), t));
    });
  }
}
