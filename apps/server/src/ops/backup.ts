/**
 * Backups of the embedded database (PGlite, DATA_DIR/pglite) and the local uploads (DATA_DIR/uploads):
 * `npm run backup` and `npm run restore` (ops/backup-cli.ts). PostgreSQL and S3 have their own tools
 * (pg_dump, bucket versioning or sync): docs/deployment.md, "Backups".
 *
 * The embedded database belongs to one process: it is backed up and restored with the server STOPPED
 * (PGlite keeps a postmaster.pid in its folder while it is open; both refuse while it is there). A
 * backup is a folder:
 * - pglite.tar.gz: PGlite's own dump of its data folder (dumpDataDir), which loadDataDir restores;
 * - uploads/: the local files as they are (their .meta.json beside them);
 * - manifest.json: when, the migrations applied, and a fingerprint of every table (row count and an
 *   md5 of its rows) and of every file (size and sha256), which restore checks after loading.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';

export interface BackupManifest {
  format: 'khedma-backup-1';
  createdAt: string;
  migrations: number;
  tables: Record<string, { rows: number; md5: string }>;
  files: Record<string, { size: number; sha256: string }>;
}

export class BackupError extends Error {}

const rows = <T>(res: unknown) => ((res as { rows?: T[] }).rows ?? []) as T[];

function refuseIfOpen(pgliteDir: string, force: boolean) {
  if (!force && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir} is open: stop the server first (it is one process's own, and a copy taken while it writes is not consistent). If no server is running (it was killed), pass --force.`,
    );
  }
}

/** Every table of the schema with its row count and an md5 of its rows in a stable order. */
export async function fingerprintTables(database: Database): Promise<BackupManifest['tables']> {
  const tables = rows<{ schema: string; name: string }>(
    await database.db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`),
  );
  const out: BackupManifest['tables'] = {};
  for (const t of tables) {
    const id = sql.raw(`"${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`);
    const [r] = rows<{ n: number; md5: string | null }>(
      await database.db.execute(sql`select count(*)::int as n, md5(coalesce(string_agg(x.t, E'\n' order by x.t), '')) as md5 from (select r::text as t from ${id} r) x`),
    );
    out[`${t.schema}.${t.name}`] = { rows: Number(r?.n ?? 0), md5: r?.md5 ?? '' };
  }
  return out;
}

function listFiles(root: string, dir = root, out: BackupManifest['files'] = {}): BackupManifest['files'] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, p, out);
    else if (entry.isFile()) out[path.relative(root, p).split(path.sep).join('/')] = { size: statSync(p).size, sha256: createHash('sha256').update(readFileSync(p)).digest('hex') };
  }
  return out;
}

export interface DataPaths {
  /** The PGlite data folder (DATA_DIR/pglite). */
  pgliteDir: string;
  /** The local uploads (DATA_DIR/uploads); absent when files live in S3. */
  uploadsDir?: string;
}

/** Backs the stopped embedded database and the local uploads up into `to` (created; must not exist). */
export async function backup(paths: DataPaths, to: string, o: { force?: boolean } = {}): Promise<BackupManifest> {
  if (!existsSync(path.join(paths.pgliteDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${paths.pgliteDir}.`);
  refuseIfOpen(paths.pgliteDir, o.force ?? false);
  if (existsSync(to)) throw new BackupError(`${to} exists already: give a new folder.`);
  mkdirSync(to, { recursive: true });
  const database = await openDatabase({ dataDir: paths.pgliteDir });
  let manifest: BackupManifest;
  try {
    const tables = await fingerprintTables(database);
    const dump = await database.pglite!.dumpDataDir('gzip');
    writeFileSync(path.join(to, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    manifest = {
      format: 'khedma-backup-1',
      createdAt: new Date().toISOString(),
      migrations: tables['drizzle.__drizzle_migrations']?.rows ?? 0,
      tables,
      files: {},
    };
  } finally {
    await database.close();
  }
  if (paths.uploadsDir && existsSync(paths.uploadsDir)) {
    cpSync(paths.uploadsDir, path.join(to, 'uploads'), { recursive: true });
    manifest.files = listFiles(path.join(to, 'uploads'));
  }
  writeFileSync(path.join(to, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into `paths` (the server stopped). Folders that exist and are not empty are
 * refused, unless `replace`: then they are moved aside (`<folder>.before-restore-<time>`), never deleted.
 * After loading, the tables and files are compared with the manifest; a difference throws.
 */
export async function restore(from: string, paths: DataPaths, o: { replace?: boolean; force?: boolean } = {}): Promise<BackupManifest> {
  const manifestFile = path.join(from, 'manifest.json');
  if (!existsSync(manifestFile)) throw new BackupError(`${from} is not a Khedma backup (no manifest.json).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'khedma-backup-1') throw new BackupError(`Unknown backup format ${String(manifest.format)}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const dir of [paths.pgliteDir, ...(paths.uploadsDir ? [paths.uploadsDir] : [])]) {
    if (!existsSync(dir) || readdirSync(dir).length === 0) continue;
    if (dir === paths.pgliteDir) refuseIfOpen(dir, o.force ?? false);
    if (!o.replace) throw new BackupError(`${dir} is not empty: restore into a fresh DATA_DIR, or pass --replace to move it aside first.`);
    renameSync(dir, `${dir}.before-restore-${stamp}`);
  }
  mkdirSync(paths.pgliteDir, { recursive: true });
  const dump = readFileSync(path.join(from, 'pglite.tar.gz'));
  const database = await openDatabase({ dataDir: paths.pgliteDir, loadDataDir: new Blob([dump]) });
  try {
    const tables = await fingerprintTables(database);
    const wrong = Object.keys({ ...manifest.tables, ...tables }).filter((k) => JSON.stringify(manifest.tables[k]) !== JSON.stringify(tables[k]));
    if (wrong.length) throw new BackupError(`The restored database differs from the backup in: ${wrong.join(', ')}.`);
  } finally {
    await database.close();
  }
  if (paths.uploadsDir && existsSync(path.join(from, 'uploads'))) {
    cpSync(path.join(from, 'uploads'), paths.uploadsDir, { recursive: true });
    const files = listFiles(paths.uploadsDir);
    const wrong = Object.keys({ ...manifest.files, ...files }).filter((k) => JSON.stringify(manifest.files[k]) !== JSON.stringify(files[k]));
    if (wrong.length) throw new BackupError(`The restored files differ from the backup: ${wrong.slice(0, 10).join(', ')}.`);
  }
  return manifest;
}

export { listFiles as fingerprintFiles };
