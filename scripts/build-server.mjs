// `npm run build` (server half): bundles apps/server/src/main.ts and what it imports of ours (the server's
// modules and @khedma/shared, which are TypeScript) into one ES module, apps/server/dist/main.js, that
// plain `node` runs: production needs no tsx and compiles nothing at start.
//
// esbuild rather than tsc: the sources import each other without file extensions and @khedma/shared
// exports .ts files, which Node cannot load as tsc would emit them; one bundle avoids rewriting every
// import. Packages from node_modules stay outside the bundle (imported at run time as installed), so
// native and WebAssembly packages (sharp, PGlite) and files they read next to themselves keep working.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const outdir = path.join(root, 'apps/server/dist');
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  // The server, and the backup command (npm run backup / restore) that the image runs without tsx.
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    'backup-cli': path.join(root, 'apps/server/src/ops/backup-cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Keep function and class names: logs and error stacks stay readable.
  keepNames: true,
  logLevel: 'warning',
  tsconfig: path.join(root, 'apps/server/tsconfig.json'),
  plugins: [
    {
      // Every bare import is a package from node_modules, left to Node, except our own workspace package.
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path === '@khedma/shared' || args.path.startsWith('@khedma/shared/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log(`Server bundle: apps/server/dist/main.js and backup-cli.js (${((Date.now() - started) / 1000).toFixed(1)} s)`);
