import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { testConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The whole app on a fresh copy of the template (reference data only), for app.inject tests. */
export async function createTestApp(
  config: Partial<Config> = {},
  overrides: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(config), database, ...overrides });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
