/**
 * `npm run backup [-- --to <folder>] [--force]` and `npm run restore -- <folder> [--replace] [--force]`:
 * the embedded database and local uploads of DATA_DIR, with the server stopped (ops/backup.ts).
 */
import path from 'node:path';
import { ConfigError, configFromEnv } from '../config';
import { backup, BackupError, restore } from './backup';

const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => rest.includes(name);
const option = (name: string) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};

try {
  const config = configFromEnv(process.env);
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deployment.md, "Backups"). This command is for the embedded database.');
  }
  const paths = {
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // Files in S3 are backed up in the bucket (versioning) or by a sync: docs/deployment.md.
    uploadsDir: config.s3 ? undefined : path.join(config.dataDir, 'uploads'),
  };
  if (command === 'backup') {
    const to = path.resolve(option('--to') ?? path.join('backups', `khedma-${new Date().toISOString().replace(/[:.]/g, '-')}`));
    const m = await backup(paths, to, { force: flag('--force') });
    console.log(`Backed up ${Object.keys(m.tables).length} tables (${Object.values(m.tables).reduce((n, t) => n + t.rows, 0)} rows) and ${Object.keys(m.files).length} files to ${to}`);
    if (config.s3) console.log('Files are in S3 (S3_BUCKET): back the bucket up on its side (docs/deployment.md).');
  } else if (command === 'restore') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) throw new BackupError('Which backup? npm run restore -- <backup folder> [--replace]');
    const m = await restore(path.resolve(from), paths, { replace: flag('--replace'), force: flag('--force') });
    console.log(`Restored the backup of ${m.createdAt} into ${config.dataDir}: every table and file matches the backup.`);
  } else {
    throw new BackupError('Usage: backup [--to <folder>] [--force] | restore <folder> [--replace] [--force]');
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
