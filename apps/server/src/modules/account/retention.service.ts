/**
 * The retention rules of the privacy page, applied by one durable job a day (docs/retention.md):
 * closed accounts' data deleted after 1 year, booking history anonymised after 2 years, financial
 * records kept 7 years and then stripped of the customer's identity, complaint records deleted after
 * 10 years. Each rule works in batches until nothing is left, so a long backlog never holds one
 * transaction for long; running it twice changes nothing more.
 */
import { retentionCutoffs } from '@khedma/shared/domain/retention';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../platform/jobs';
import { RETENTION_SWEEP_JOB } from './account.jobs';
import type { RetentionRepository } from './retention.repository';

const BATCH = 200;
/** A sweep never loops forever (each batch marks what it did; this only bounds a bug). */
const MAX_BATCHES = 500;

export interface RetentionSummary {
  accountsDeleted: number;
  bookingsAnonymised: number;
  invoicesAnonymised: number;
  complaintRecordsDeleted: number;
}

export class RetentionService {
  constructor(
    private readonly repo: RetentionRepository,
    private readonly jobs: JobRunner,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Today's sweep, asked for by every instance: one job per UTC day whatever the number of instances. */
  async enqueueDaily(now: Date): Promise<string | null> {
    const day = now.toISOString().slice(0, 10);
    return this.jobs.schedule(RETENTION_SWEEP_JOB, { day }, { dedupeKey: day, runAt: now });
  }

  async run(now: Date): Promise<RetentionSummary> {
    const cut = retentionCutoffs(now);
    const summary: RetentionSummary = { accountsDeleted: 0, bookingsAnonymised: 0, invoicesAnonymised: 0, complaintRecordsDeleted: 0 };
    for (let i = 0; i < MAX_BATCHES; i++) {
      const due = await this.repo.closedAccountsDue(cut.closedAccounts, BATCH);
      for (const id of due) if (await this.repo.deleteAccountData(id, now)) summary.accountsDeleted += 1;
      if (due.length < BATCH) break;
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await this.repo.anonymiseBookings(cut.bookingHistory, now, BATCH);
      summary.bookingsAnonymised += n;
      if (n < BATCH) break;
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await this.repo.anonymiseFinancialRecords(cut.financialRecords, now, BATCH);
      summary.invoicesAnonymised += n;
      if (n < BATCH) break;
    }
    summary.complaintRecordsDeleted = await this.repo.deleteComplaintRecords(cut.complaintRecords);
    this.log.info({ retention: summary }, 'retention sweep done');
    return summary;
  }
}
