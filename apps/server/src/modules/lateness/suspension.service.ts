/**
 * Suspension of professionals and the admin's view of a professional (issue 41, docs/lateness.md).
 *
 * A super_admin ('professional:suspend') suspends a professional with a reason, or reinstates them.
 * Status 'suspended' is enough to take them out of everything that reads listed ('active' and
 * approved) professionals: assignment and direct booking (pool.repository), search and /pro pages
 * (pros), category pages and the listed count. Their dashboard, earnings and payout requests do not
 * read the status, so what is due stays theirs. Each suspension and reinstatement is written to the
 * sensitive-access log in its transaction, with the email to the professional (a durable job).
 */
import { bookingReference, can, type Permission, type SessionUser } from '@khedma/shared';
import { toLocal } from '@khedma/shared/domain/time';
import type { AdminProfessional, AdminProfessionalsResponse, SuspensionResponse } from '@khedma/shared/schemas/lateness';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { AccessLogRepository, AccessOrigin } from '../admin';
import { RecipientsRepository } from '../auth';
import { reinstatementEmail, suspensionEmail } from './lateness.emails';
import type { LatenessRepository, ProfessionalRecord } from './lateness.repository';

export interface SuspensionDeps {
  db: Db;
  repo: LatenessRepository;
  accessLog: AccessLogRepository;
  mailer: Pick<Mailer, 'write' | 'run'>;
  clock: Clock;
  publicUrl: string;
}

const NOT_FOUND = 'Professional not found';

export const SUSPENSION_MESSAGES = {
  alreadySuspended: 'This professional is already suspended.',
  notSuspended: 'This professional is not suspended.',
} as const;

export class SuspensionService {
  constructor(private readonly d: SuspensionDeps) {}

  private require(user: SessionUser, permission: Permission) {
    if (!can(user, permission)) throw forbidden('Access denied. Admin privileges required.');
  }

  /** GET /api/admin/professionals: by full name, with their lateness and no-show counts. */
  async list(user: SessionUser, q?: string): Promise<AdminProfessionalsResponse> {
    this.require(user, 'admin:access');
    const pros = await this.d.repo.list(q?.trim() || undefined);
    const counts = await this.d.repo.counts(pros.map((p) => p.id));
    return { items: pros.map((p) => this.row(p, counts.get(p.id))) };
  }

  /** GET /api/admin/professionals/:id. */
  async view(user: SessionUser, id: string): Promise<AdminProfessional> {
    this.require(user, 'admin:access');
    return this.viewOf(this.d.repo, id);
  }

  async suspend(user: SessionUser, id: string, reason: string, origin: AccessOrigin): Promise<SuspensionResponse> {
    return this.change(user, id, origin, { suspend: true, reason });
  }

  async reinstate(user: SessionUser, id: string, origin: AccessOrigin): Promise<SuspensionResponse> {
    return this.change(user, id, origin, { suspend: false });
  }

  private async change(user: SessionUser, id: string, origin: AccessOrigin, what: { suspend: true; reason: string } | { suspend: false }): Promise<SuspensionResponse> {
    this.require(user, 'professional:suspend');
    const now = this.d.clock.now();
    const { jobId, professional } = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const p = await repo.professional(id, true);
      if (!p) throw notFound(NOT_FOUND);
      if (what.suspend && p.status === 'suspended') throw new AppError('CONFLICT', SUSPENSION_MESSAGES.alreadySuspended);
      if (!what.suspend && p.status !== 'suspended') throw new AppError('CONFLICT', SUSPENSION_MESSAGES.notSuspended);
      await repo.setStatus(id, what.suspend ? { status: 'suspended', suspensionReason: what.reason, suspendedAt: now } : { status: 'active', suspensionReason: null, suspendedAt: null });
      await this.d.accessLog.with(tx).record({
        actorId: user.id,
        action: what.suspend ? 'suspend_professional' : 'reinstate_professional',
        tableName: 'professionals',
        recordId: id,
        fields: ['status'],
        origin,
      });
      // The professional is told by email (a durable job of this transaction; a notice they cannot turn off).
      const [r] = await new RecipientsRepository(tx).recipients([p.userId]);
      let scheduled: string | null = null;
      if (r) {
        const url = `${this.d.publicUrl}/dashboard`;
        const rendered = what.suspend ? suspensionEmail(r.locale, r.name, what.reason, url) : reinstatementEmail(r.locale, r.name, url);
        scheduled = await this.d.mailer.write(tx, { to: r.email, ...rendered });
      }
      return { jobId: scheduled, professional: await this.viewOf(repo, id) };
    });
    await this.d.mailer.run(jobId);
    return { professional, emailSent: jobId !== null };
  }

  private row(p: ProfessionalRecord, counts = { lateness: 0, noShows: 0 }) {
    return { professionalId: p.id, fullName: p.fullName, city: p.city, status: p.status, approved: p.approvedAt !== null, counts };
  }

  private async viewOf(repo: LatenessRepository, id: string): Promise<AdminProfessional> {
    const p = await repo.professional(id);
    if (!p) throw notFound(NOT_FOUND);
    const counts = await repo.counts([id]);
    const upcoming = await repo.upcoming(id, this.d.clock.now());
    return {
      ...this.row(p, counts.get(id)),
      name: p.name,
      suspendedAt: p.suspendedAt?.toISOString() ?? null,
      suspensionReason: p.suspensionReason,
      upcoming: upcoming.map((b) => {
        const local = toLocal(b.scheduledStart);
        return {
          bookingId: b.id,
          reference: bookingReference(b.id),
          title: b.title,
          scheduledStart: b.scheduledStart.toISOString(),
          localDate: local.date,
          localTime: local.time,
          status: b.status as 'pending' | 'confirmed',
        };
      }),
    };
  }
}
