import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist/index.html');

/**
 * glibc's allocator settings for the server process (issue 40, the embedded default's memory): large
 * blocks (128 KB and more) always in their own mapping, given back when freed, and the top of a heap
 * trimmed past 128 KB. By default glibc raises its mmap threshold up to 32 MB after the first large free,
 * after which the start-up's big buffers (PGlite's file-system image, WebAssembly compilation, the first
 * brotli of each page) stay in each thread's arena for good: measured with PGlite on the demo data,
 * idle RSS 465-480 MB without, 320 MB with (2026-11-29, bench/README.md). Ignored by other C libraries;
 * a GLIBC_TUNABLES already set wins. The Dockerfile sets the same.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * Node's flags for the server (issue 40): V8's young generation capped at 8 MB per semi-space. Under the
 * booking load on PGlite the server's RSS peaked at 495 MB with V8's default and 431 MB with 8 MB, at the
 * same creates/s and server CPU per create (2026-11-29, load 20; bench/README.md). The Dockerfile and
 * bench/lib.ts give the same.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when there is no build or its sources changed since the last one. */
export function ensureWebBuild({ force = false } = {}) {
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
  const built = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
  const changed = sources.some((s) => {
    const p = path.join(root, s);
    if (!existsSync(p)) return false;
    return (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built;
  });
  if (!force && built && !changed) return;
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}
