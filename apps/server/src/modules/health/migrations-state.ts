import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client';
import { rowsOf } from '../../platform/jobs';

const known = new WeakSet<Database>();
let expected: number | undefined;

/**
 * Whether every migration this build carries is applied to the database (drizzle's journal against
 * drizzle.__drizzle_migrations). Once true for a database it stays true: migrations are not undone.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  if (known.has(database)) return true;
  expected ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  try {
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const applied = rows[0]?.n ?? 0;
    if (applied >= expected) known.add(database);
    return applied >= expected;
  } catch {
    return false;
  }
}
