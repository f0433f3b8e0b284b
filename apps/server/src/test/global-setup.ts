import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated and seeded data directory. */
    pgliteTemplate: string;
    /** PostgreSQL: connection URL of the server and name of the template database. */
    pgServerUrl: string;
    pgTemplateDb: string;
  }
}

/**
 * Builds one migrated and seeded database once; every test file then starts from its own copy
 * (PGlite: a loaded dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), so files never share state.
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
    await seedDemo(database.db);
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-tpl-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedDemo(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgServerUrl', '');
  project.provide('pgTemplateDb', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
