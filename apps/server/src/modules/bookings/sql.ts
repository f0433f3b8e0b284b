/**
 * SQL pieces the booking repositories share: the professional's rating columns and the cache of
 * prepared statements per database handle.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * professionals.id spelled out: in a single-table select Drizzle renders a column unqualified
 * ("id"), which inside a correlated subquery would bind to the subquery's own table.
 */
export const PRO_ID = sql.raw('"professionals"."id"');
export const ratingSql = sql<string | null>`(select round(avg(r.rating), 2) from reviews r where r.professional_id = ${PRO_ID})`;
export const reviewCountSql = sql<number>`(select count(*)::int from reviews r where r.professional_id = ${PRO_ID})`;

/** A json column as the driver hands it over (parsed by node-postgres, maybe text elsewhere). */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Prepared statements by handle and shape. PostgreSQL parses and plans a named statement once per
 * connection, and Drizzle builds its SQL once, where an ad-hoc query pays both on every call. A
 * transaction is a handle of its own: its statements are prepared again (as before: built per call).
 */
export class PreparedStatements<T> {
  private readonly byHandle = new WeakMap<Db, Map<string, T>>();

  get(db: Db, shape: string, prepare: () => T): T {
    let byShape = this.byHandle.get(db);
    if (!byShape) this.byHandle.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = prepare()));
    return statement;
  }
}

