// `npm run test:pg`: the server's API and database tests against the PostgreSQL server in DATABASE_URL.
// Each test file gets its own database created from a migrated, seeded template on that server.
import { run } from './lib.mjs';

const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(1);
}
const extra = process.argv.slice(2);
process.exit(run('npx', ['vitest', 'run', '--project', 'server', ...extra], { env: { ...process.env, TEST_DATABASE_URL: url } }));
