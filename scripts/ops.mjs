// `npm run backup` / `npm run restore`: the embedded database and local uploads (apps/server/src/ops/backup.ts).
// In production (NODE_ENV=production) the built bundle (apps/server/dist/backup-cli.js, made by `npm run
// build`), elsewhere the TypeScript sources through tsx.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const built = path.join(root, 'apps/server/dist/backup-cli.js');
const args =
  process.env.NODE_ENV === 'production' && existsSync(built)
    ? [built, ...process.argv.slice(2)]
    : ['--import', 'tsx', path.join(root, 'apps/server/src/ops/backup-cli.ts'), ...process.argv.slice(2)];
const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
