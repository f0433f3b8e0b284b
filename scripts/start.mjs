// `npm start`: build what is not built, then run the server (it migrates, seeds outside production and listens).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, root } from './lib.mjs';

ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// Pass termination on so the server can finish in-flight requests and close the database.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
