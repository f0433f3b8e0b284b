import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

let counter = 0;

/**
 * A fresh, migrated and seeded database for one test file: a copy of the template built in
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
  const file = inject('pgliteTemplate');
  const blob = new Blob([readFileSync(file)]);
  return openDatabase({ loadDataDir: blob });
}
