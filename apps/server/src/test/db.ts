import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client';

let counter = 0;

/**
 * A fresh, migrated database holding the reference data only, for one test file: a copy of the template built in
 * global-setup, on PGlite by default or on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('pgServerUrl');
  if (serverUrl) {
    const name = `khedma_t_${process.ppid}_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 5 });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    };
    return database;
  }
  // Beside the template, so that the global teardown removes a copy a test file left open.
  const template = inject('pgliteTemplate');
  const dir = mkdtempSync(path.join(path.dirname(template), 'copy-'));
  cpSync(template, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir, lean: true });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  return database;
}

/** Rows of a raw query, on PGlite and node-postgres alike. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The application's tables, by name (the migrations' own bookkeeping, `__…`, left out). */
export const PUBLIC_TABLES = sql`
  SELECT table_name FROM information_schema.tables
  WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_\\_%'
  ORDER BY table_name`;

/** How many rows each application table holds. */
export async function countAllTables(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table_name } of await queryRows<{ table_name: string }>(db, PUBLIC_TABLES)) {
    const [r] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}`);
    out[table_name] = Number(r!.n);
  }
  return out;
}
