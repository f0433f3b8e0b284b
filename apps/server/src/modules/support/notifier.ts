/**
 * Who hears of a ticket's change (docs/support.md#notifications). Every message is a durable job
 * written in the transaction of the change (it goes out only if the change committed), then run at
 * once after the commit (`flush`); a delivery that fails is retried by the job runner.
 *
 * - The person, on each answer of the team (never on an internal note): an email (an account's respects
 *   its email preference when the job runs; a visitor of the contact form always gets it, that being
 *   their only way to read the answer) and a web push to an account's browsers, when it takes push.
 * - The team (the support address), on each new ticket and each reply of the person.
 */
import type { Locale } from '@khedma/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/email';
import type { JobRunner } from '../../platform/jobs';
import type { NotificationPreferencesStore } from '../profile';
import type { PushSender } from '../../platform/push';
import { PushSubscriptions } from '../chat';
import { ticketReference } from './support.dto';
import { supportAnswerEmail, SUPPORT_PUSH_COPY, supportTeamEmail } from './support.emails';
import { SUPPORT_PUSH_JOB } from './support.jobs';
import type { MessageRow, SupportRepository, TicketRow } from './support.repository';

export interface SupportNotifierOptions {
  jobs: JobRunner;
  mailer: Pick<Mailer, 'write'>;
  repo: SupportRepository;
  db: Db;
  push: PushSender;
  preferences: Pick<NotificationPreferencesStore, 'allows'>;
  log: FastifyBaseLogger;
  supportEmail: string;
  publicUrl: string;
}

export class SupportNotifier {
  private readonly subscriptions: PushSubscriptions;

  constructor(private readonly o: SupportNotifierOptions) {
    this.subscriptions = new PushSubscriptions(o.db, o.push, o.log);
    o.jobs.register(SUPPORT_PUSH_JOB, (job) => this.pushAnswer(job.payload.messageId));
  }

  ticketUrl = (id: string) => `${this.o.publicUrl}/support/${id}`;
  queueUrl = (id: string) => `${this.o.publicUrl}/admin/support/${id}`;

  /** In the transaction: the team hears of a new ticket or of the person's reply. Answers the job ids. */
  async toTeam(tx: Db, kind: 'new' | 'reply', t: TicketRow, message: string): Promise<string[]> {
    const mail = supportTeamEmail(kind, {
      reference: ticketReference(t.id),
      subject: t.subject,
      name: t.name,
      email: t.email,
      category: t.category,
      message,
      url: this.queueUrl(t.id),
    });
    const id = await this.o.mailer.write(tx, { to: this.o.supportEmail, replyTo: t.email, ...mail });
    return id ? [id] : [];
  }

  /** In the transaction: the person hears of the team's answer (email, and push for an account). */
  async toPerson(tx: Db, t: TicketRow, answer: MessageRow): Promise<string[]> {
    const locale = (t.locale ?? 'en') as Locale;
    const mail = supportAnswerEmail(locale, {
      name: t.name,
      reference: ticketReference(t.id),
      subject: t.subject,
      answer: answer.body || (answer.fileName ?? ''),
      url: t.userId ? this.ticketUrl(t.id) : null,
    });
    const ids: Array<string | null> = [];
    ids.push(
      // A visitor answers by email: their reply goes to the support address.
      await this.o.mailer.write(tx, { to: t.email, replyTo: this.o.supportEmail, ...mail }, t.userId ? { userId: t.userId } : {}),
    );
    if (t.userId) ids.push(await this.o.jobs.schedule(SUPPORT_PUSH_JOB, { messageId: answer.id }, { db: tx, dedupeKey: answer.id }));
    return ids.filter((id): id is string => !!id);
  }

  /** After the commit: the jobs run at once (a failure stays queued and is retried). */
  async flush(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.o.jobs.runJob(id);
      } catch (err) {
        this.o.log.warn({ err, jobId: id }, 'support notification will be retried');
      }
    }
  }

  /** The push job: only to an account that takes push (asked when it runs), never for an internal note. */
  private async pushAnswer(messageId: string): Promise<void> {
    if (!this.o.push.enabled) return;
    const m = await this.o.repo.message(messageId);
    if (!m || m.internal || m.authorRole !== 'support') return;
    const t = await this.o.repo.ticket(m.ticketId);
    if (!t?.userId) return;
    if (!(await this.o.preferences.allows(t.userId, 'push'))) return;
    const copy = SUPPORT_PUSH_COPY[(t.locale ?? 'en') as Locale] ?? SUPPORT_PUSH_COPY.en;
    const body = m.body.length > 120 ? `${m.body.slice(0, 119)}…` : m.body || (m.fileName ?? '');
    await this.subscriptions.sendToUser(t.userId, { title: copy.title, body, url: `/support/${t.id}`, tag: `support:${t.id}` }, { urgency: 'normal', ttlSeconds: 24 * 3600 });
  }
}
