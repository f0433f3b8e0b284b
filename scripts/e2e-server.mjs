// The server Playwright starts: the built app on a fresh embedded database in .data-e2e/.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(root, `.data-e2e/${port}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    // Cookies and emailed links belong to the host the browser uses.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Every journey comes from one address; real limits are tested in the API tests.
    RATE_LIMIT_SCALE: '50',
    // Journeys make their people through POST /api/dev/test-people (e2e/support/users.ts).
    TEST_PEOPLE: '1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
