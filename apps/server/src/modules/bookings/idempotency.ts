/**
 * Idempotency-Key for booking creation (issue 5): a retried request with the same key and the same
 * body gets the first answer again (same status and body) and creates nothing; the same key with
 * another body is refused (422 IDEMPOTENCY_MISMATCH); while the first request is still being
 * processed, a retry gets 409 IDEMPOTENCY_IN_FLIGHT.
 *
 * Keys are per user (the primary key is (user_id, key)), kept 24 h. The key row is inserted and
 * committed before the work starts (by the statement that reads the assignment pool, when the request
 * passed validation), so a concurrent retry sees it in flight; the answer is stored by
 * the statement that inserts the booking (`completePlaceholderSql`), so a booking never exists
 * without its answer.
 * Expected refusals (4xx) are stored as the answer too; an unexpected failure removes the key so the
 * client may retry. A key in flight names the instance working on it (platform/instance.ts): left by
 * a process that died, it is taken over as soon as that instance's lease lapses (15 s), and after 2
 * minutes whatever the instance.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { instanceDeadSql } from '../../platform/instance';

export const IDEMPOTENCY_TTL_HOURS = 24;
const STALE_IN_FLIGHT_SECONDS = 120;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A stable hash of what was asked: route and the parsed body, keys sorted. */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export class IdempotencyStore {
  /** The insert that claims a key, run before every keyed create: prepared once. */
  private readonly claim;

  /** `owner`: this instance (platform/instance.ts), named by the keys it takes in flight. */
  constructor(
    private readonly db: Db,
    readonly owner: string,
  ) {
    this.claim = claimInsert(db, (name) => sql.placeholder(name)).prepare('idempotency_claim');
  }

  /**
   * Claims the key for this request. Returns the stored answer for a completed retry, null when
   * the caller should do the work; throws 422 / 409 as described above.
   */
  async begin(userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
    const inserted = await this.claim.execute(claimParams({ userId, key, hash, owner: this.owner }, ''));
    if (inserted.length > 0) return null;
    return this.existing(userId, key, hash);
  }

  /**
   * After a claim found the key there already (here, or in the statement that reads the assignment
   * pool, BookingsRepository.claimAndPool): the stored answer, or 422 / 409, or null when the key
   * could be taken over after all (expired, or left in flight by a crash).
   */
  async existing(userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
    const [row] = await this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
        // Its instance died (no live lease), or it has been in flight too long anyway.
        stale: sql<boolean>`(${idempotencyKeys.createdAt} < now() - make_interval(secs => ${STALE_IN_FLIGHT_SECONDS}) or ${instanceDeadSql(sql`${idempotencyKeys.owner}`)})`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Deleted between our insert and select (an abandoned attempt): try once more.
    if (!row) return this.beginAgain(userId, key, hash);

    const reusable = row.expired || (row.status === 'in_flight' && row.stale);
    if (reusable) {
      const taken = await this.db
        .update(idempotencyKeys)
        .set({ requestHash: hash, status: 'in_flight', responseStatus: null, responseBody: null, owner: this.owner, createdAt: sql`now()` })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.requestHash, row.requestHash), eq(idempotencyKeys.status, row.status)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return null;
      throw inFlight();
    }
    if (row.requestHash !== hash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
    }
    if (row.status === 'in_flight') throw inFlight();
    return { status: row.responseStatus ?? 200, body: row.responseBody };
  }

  private async beginAgain(userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
    const inserted = await this.db
      .insert(idempotencyKeys)
      .values({ key, userId, requestHash: hash, status: 'in_flight', owner: this.owner })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return null;
    throw inFlight();
  }

  /** Stores the answer (a refusal: nothing else was written). */
  async complete(db: Db, userId: string, key: string, answer: StoredAnswer): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: answer.status, responseBody: answer.body as never })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Forgets the key after an unexpected failure, so the client may retry it. */
  async abandon(userId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_flight')));
  }

  /** Removes keys past their 24 h (run periodically by the job runner). */
  async purge(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`);
  }
}

/**
 * The INSERT that claims a key (in flight), nothing when the key exists. Its transaction commits
 * without waiting for its WAL to reach the disk (`set_config(..., true)` is local to the transaction
 * and read at its commit): losing a claim to a database crash is harmless, since nothing has been
 * written under it yet and the booking statement that follows commits synchronously, which flushes
 * the WAL up to it, claim included; at worst a retry takes the key afresh instead of finding it in
 * flight. It saves a disk flush per create.
 */
function claimInsert(db: Db, p: (name: string) => Placeholder) {
  return db
    .insert(idempotencyKeys)
    .values({ key: p('Key'), userId: p('UserId'), requestHash: p('Hash'), status: 'in_flight', owner: sql`${p('Owner')}::uuid` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key, noWait: sql<string>`set_config('synchronous_commit', 'off', true)` });
}

/**
 * The claim with its values left to the execution of a prepared statement (placeholders named
 * `<prefix>Key` ...; `claimParams` gives them), for a statement that claims the key while it reads
 * what the work needs (BookingsRepository.claimAndPool): one round trip where there were two.
 */
export function claimPlaceholderSql(db: Db, prefix: string): SQL {
  return claimInsert(db, (name) => sql.placeholder(`${prefix}${name}`)).getSQL();
}

export function claimParams(c: { userId: string; key: string; hash: string; owner: string }, prefix: string): Record<string, unknown> {
  return { [`${prefix}Key`]: c.key, [`${prefix}UserId`]: c.userId, [`${prefix}Hash`]: c.hash, [`${prefix}Owner`]: c.owner };
}

/**
 * The UPDATE that stores an answer, with its values left to the execution of a prepared statement
 * (placeholders named `<prefix>UserId` ...; `completeParams` gives them), for the statement that
 * inserts a booking to store the booking's answer: a booking never exists without its answer.
 */
export function completePlaceholderSql(db: Db, prefix: string): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  const update: SQLWrapper = db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: sql`${p('Status')}::int`, responseBody: sql`${p('Body')}::jsonb` })
    .where(and(eq(idempotencyKeys.userId, sql`${p('UserId')}`), eq(idempotencyKeys.key, sql`${p('Key')}`)));
  return update.getSQL();
}

export function completeParams(userId: string, key: string, answer: StoredAnswer, prefix: string): Record<string, unknown> {
  return { [`${prefix}UserId`]: userId, [`${prefix}Key`]: key, [`${prefix}Status`]: answer.status, [`${prefix}Body`]: JSON.stringify(answer.body) };
}

const inFlight = () => new AppError('IDEMPOTENCY_IN_FLIGHT', 'This request is already being processed. Please wait a moment.');
