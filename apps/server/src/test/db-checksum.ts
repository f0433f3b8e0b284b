/**
 * A checksum of what the database holds, table by table, to prove that a refused request changed
 * nothing (issue 28). Tables that a refused request is meant to write are left out: the rate limits'
 * counters (a refusal counts), sessions (the tests mint their own), the job queue's housekeeping and
 * the instances' leases (renewed every few seconds whatever the requests: platform/instance.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../platform/jobs';

export const CHECKSUM_SKIPPED = new Set(['rate_limits', 'sessions', 'idempotency_keys', 'server_instances', '__drizzle_migrations']);

let tablesCache: WeakMap<Database, string[]> = new WeakMap();

async function tables(database: Database): Promise<string[]> {
  const known = tablesCache.get(database);
  if (known) return known;
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const list = rows.map((r) => r.name).filter((n) => !CHECKSUM_SKIPPED.has(n));
  tablesCache.set(database, list);
  return list;
}

/** table -> md5 of its rows (as text, sorted). */
export async function tableChecksums(database: Database): Promise<Record<string, string>> {
  const list = await tables(database);
  const parts = list.map((t) => `select '${t}' as t, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${t}" x`);
  const rows = rowsOf<{ t: string; h: string }>(await database.db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

export function resetChecksumCache() {
  tablesCache = new WeakMap();
}
