import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { AppError } from '../http/errors';

/**
 * Fixed-window rate limiter for our own routes (sign-up, contact form ...), shared by every server
 * instance because the counter lives in the database (the rate_limits table better-auth also uses).
 *
 * One atomic statement per call: INSERT ... ON CONFLICT DO UPDATE ... RETURNING, timed by the
 * database clock so that instances with skewed clocks agree. For our keys (all prefixed "app:")
 * `last_request` holds the END of the current window in epoch milliseconds; better-auth prunes rows
 * whose last_request is older than its longest window, which for our rows only ever removes
 * finished windows.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

const KEY_PREFIX = 'app:';
const MAX_KEY_LENGTH = 300;

export class RateLimiter {
  /** `scale` multiplies every limit (RATE_LIMIT_SCALE; 1 in production). */
  constructor(
    private readonly db: Db,
    private readonly scale = 1,
  ) {}

  /**
   * The same limiter on another handle, such as a transaction: its counts then stand or fall with
   * the transaction (a request that fails after being counted uses up nothing).
   */
  on(db: Db): RateLimiter {
    return new RateLimiter(db, this.scale);
  }

  /** Counts one request against `key`: at most `limit` per `windowSeconds`. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive integer');
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new Error('windowSeconds must be a positive integer');
    const fullKey = (KEY_PREFIX + key).slice(0, MAX_KEY_LENGTH);
    const windowMs = windowSeconds * 1000;
    const now = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ id: sql`gen_random_uuid()::text`, key: fullKey, count: 1, lastRequest: sql`${now} + ${windowMs}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.lastRequest} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
          lastRequest: sql`case when ${rateLimits.lastRequest} <= ${now} then ${now} + ${windowMs} else ${rateLimits.lastRequest} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfterMs: sql<string>`${rateLimits.lastRequest} - ${now}`,
      });
    const row = rows[0]!;
    const retryAfterSeconds = Math.max(1, Math.ceil(Number(row.retryAfterMs) / 1000));
    return { allowed: row.count <= limit, count: row.count, retryAfterSeconds };
  }

  /** Like consume, but throws RATE_LIMITED (429 with Retry-After) when over the limit. */
  async enforce(key: string, limit: number, windowSeconds: number, message = RATE_LIMITED_MESSAGE): Promise<void> {
    const r = await this.consume(key, limit * this.scale, windowSeconds);
    if (!r.allowed) throw rateLimited(r.retryAfterSeconds, message);
  }

  /**
   * Several limits on one request, checked in order as consecutive `enforce` calls would be (a request
   * refused by one is not counted against the next ones), in ONE statement: each check is an upsert in
   * its own CTE that only runs when the one before it allowed the request.
   */
  async enforceInOrder(checks: ReadonlyArray<LimitCheck>): Promise<void> {
    if (checks.length === 0) return;
    const limits = this.checked(checks);
    const { ctes, answers } = limitsInOrderSql(limits.map((c) => ({ key: sql`${c.key}`, limit: sql`${c.limit}`, windowMs: sql`${c.windowMs}` })));
    const result = await this.db.execute(sql`with ${sql.join(ctes.map((c) => sql`${sql.raw(c.name)} as (${c.body})`), sql`, `)} ${answers}`);
    this.verdict(checks, (result as { rows?: LimitAnswer[] }).rows ?? []);
  }

  /**
   * The values of `limitsInOrderSql`'s placeholders (named `<prefix>Key0`, `<prefix>Limit0`,
   * `<prefix>Window0` ...) for these checks, for a statement that counts them with other work.
   */
  inOrderParams(checks: ReadonlyArray<LimitCheck>, prefix: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.checked(checks).forEach((c, i) => {
      out[`${prefix}Key${i}`] = c.key;
      out[`${prefix}Limit${i}`] = c.limit;
      out[`${prefix}Window${i}`] = c.windowMs;
    });
    return out;
  }

  /** Throws RATE_LIMITED (429 with Retry-After) for the first check the answers of `limitsInOrderSql` say is over. */
  verdict(checks: ReadonlyArray<LimitCheck>, rows: readonly LimitAnswer[]): void {
    const limits = this.checked(checks);
    for (const row of [...rows].sort((a, b) => Number(a.step) - Number(b.step))) {
      const i = Number(row.step);
      if (Number(row.count) > limits[i]!.limit) {
        throw rateLimited(Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)), checks[i]!.message ?? RATE_LIMITED_MESSAGE);
      }
    }
  }

  private checked(checks: ReadonlyArray<LimitCheck>) {
    return checks.map((c) => {
      if (!Number.isInteger(c.limit) || c.limit < 1) throw new Error('limit must be a positive integer');
      if (!Number.isInteger(c.windowSeconds) || c.windowSeconds < 1) throw new Error('windowSeconds must be a positive integer');
      return { key: (KEY_PREFIX + c.key).slice(0, MAX_KEY_LENGTH), limit: c.limit * this.scale, windowMs: c.windowSeconds * 1000 };
    });
  }
}

export interface LimitCheck {
  key: string;
  limit: number;
  windowSeconds: number;
  message?: string;
}

/** One row of `limitsInOrderSql`'s answers: the check's position, its count now, the ms left in its window. */
export interface LimitAnswer {
  step: number;
  count: number;
  retry_ms: string | number;
}

/**
 * The CTEs of limits checked in order (RateLimiter.enforceInOrder), to be put first in a WITH, and the
 * query of their answers (LimitAnswer rows). Values are SQL: parameters, or placeholders of a prepared
 * statement (`limitPlaceholders`). `gate`: a FROM clause the first check runs through (e.g. `from claim`,
 * counted only when an Idempotency-Key was claimed by the same statement); without it, it always runs.
 */
export function limitsInOrderSql(limits: ReadonlyArray<{ key: SQL; limit: SQL; windowMs: SQL }>, gate?: SQL): { ctes: Array<{ name: string; body: SQL }>; answers: SQL } {
  const now = sql`(select ms from limits_clock)`;
  const step = (i: number) => sql.raw(`limit_${i}`);
  const ctes = [{ name: 'limits_clock', body: sql`select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms` }];
  limits.forEach((c, i) => {
    // The first runs once (through the gate when there is one); each next one only when the one before it allowed the request.
    const after = i === 0 ? (gate ?? sql``) : sql` from ${step(i - 1)} where ${step(i - 1)}.count <= ${limits[i - 1]!.limit}::int`;
    ctes.push({
      name: `limit_${i}`,
      body: sql`insert into rate_limits (id, key, count, last_request)
        select gen_random_uuid()::text, ${c.key}::text, 1, ${now} + ${c.windowMs}::bigint${after}
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${now} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${now} then ${now} + ${c.windowMs}::bigint else rate_limits.last_request end
        returning ${sql.raw(String(i))}::int as step, count, (last_request - ${now})::bigint as retry_ms`,
    });
  });
  const answers = sql.join(
    limits.map((_, i) => sql`select step, count, retry_ms from ${step(i)}`),
    sql` union all `,
  );
  return { ctes, answers };
}

/** Placeholders for `n` checks of `limitsInOrderSql` (values: RateLimiter.inOrderParams with the same prefix). */
export function limitPlaceholders(n: number, prefix: string) {
  const p = (name: string) => sql`${sql.placeholder(`${prefix}${name}`)}`;
  return Array.from({ length: n }, (_, i) => ({ key: p(`Key${i}`), limit: p(`Limit${i}`), windowMs: p(`Window${i}`) }));
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

export function rateLimited(retryAfterSeconds: number, message = RATE_LIMITED_MESSAGE) {
  return new AppError('RATE_LIMITED', message, undefined, 429, { 'retry-after': String(retryAfterSeconds) });
}

/** Convenience for modules that hold only the database. */
export function consume(db: Db, key: string, limit: number, windowSeconds: number) {
  return new RateLimiter(db).consume(key, limit, windowSeconds);
}
