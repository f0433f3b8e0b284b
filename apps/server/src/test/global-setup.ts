import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedReference } from '../db/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data directory holding the reference data only, copied by each test file. */
    pgliteTemplate: string;
    /** PostgreSQL: connection URL of the server and name of the template database. */
    pgServerUrl: string;
    pgTemplateDb: string;
  }
}

/**
 * Builds one migrated database with the reference data only (cities, boroughs, catalogue, city prices: no
 * person) once; every test file then starts from its own copy (PGlite: a copied data directory;
 * PostgreSQL: CREATE DATABASE ... TEMPLATE), so files never share state and each test makes the people,
 * professionals and bookings it needs with the factories (test/factories.ts; docs/decisions/0003).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `khedma_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
    await database.migrate();
    await seedReference(database.db);
    await database.close();
    project.provide('pgServerUrl', serverUrl);
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Drop the copies the test files made, then the template.
      const res = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`khedma_t_${process.pid}_%`],
      );
      for (const row of res.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }
  // PGlite: a data directory on disk that each test file copies (a copy and a start cost about 0.5 s of
  // CPU; loading a dumped tarball into memory cost about 3 s per file: decision 0003).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-tpl-'));
  const dataDir = path.join(dir, 'pgdata');
  const database = await openDatabase({ dataDir, lean: true });
  await database.migrate();
  await seedReference(database.db);
  // Only the `postgres` database is used: without the two template databases a copy has half the files.
  for (const name of ['template0', 'template1']) {
    await database.pglite!.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await database.pglite!.exec(`DROP DATABASE ${name}`);
  }
  await database.pglite!.query('CHECKPOINT');
  await database.close();
  project.provide('pgliteTemplate', dataDir);
  project.provide('pgServerUrl', '');
  project.provide('pgTemplateDb', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
