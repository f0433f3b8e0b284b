// `npm run dev`: the API with reload on change (tsx watch) and the web app with Vite hot reload.
// Open http://localhost:5173 (Vite proxies /api to the API on PORT, default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
});
const web = spawn('npx', ['vite', '--port', process.env.WEB_PORT ?? '5173'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
  env: { ...process.env, API_PORT: port },
});
const stop = (sig) => {
  server.kill(sig);
  web.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of [server, web]) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
