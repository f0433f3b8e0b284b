// `npm start`. In production (NODE_ENV=production): runs the build (`npm run build`: the server bundle
// apps/server/dist/main.js and the web app apps/web/dist) with plain node, and never builds; without a
// build it stops with a message. Otherwise (a newcomer's `npm install && npm start`): builds the web app
// if it is not built or its sources changed, then runs the server from its TypeScript sources through
// tsx. Either way the server migrates, seeds outside production and listens.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, MALLOC_TUNABLES, root, SERVER_NODE_FLAGS } from './lib.mjs';

const production = process.env.NODE_ENV === 'production';
const bundle = path.join(root, 'apps/server/dist/main.js');
let args;
if (production) {
  const missing = [bundle, path.join(root, 'apps/web/dist/index.html')].filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(`No production build (${missing.map((f) => path.relative(root, f)).join(', ')} missing): run \`npm run build\` first.`);
    process.exit(1);
  }
  args = [...SERVER_NODE_FLAGS, '--enable-source-maps', bundle];
} else {
  ensureWebBuild();
  args = [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
}
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { GLIBC_TUNABLES: MALLOC_TUNABLES, ...process.env } });
// Pass termination on so the server can finish in-flight requests and close the database.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
