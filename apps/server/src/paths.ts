import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this module's place upward: the same whether
 * the code runs from its TypeScript sources (src/..., through tsx) or from the production bundle
 * (dist/main.js, scripts/build-server.mjs), whose modules all sit at one place.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`apps/server (with its drizzle folder) not found above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

export const serverRoot = findServerRoot();
/** The repository (or the image's /app): apps/, packages/, node_modules/. */
export const repoRoot = path.resolve(serverRoot, '../..');
