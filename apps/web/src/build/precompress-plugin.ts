import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every compressible file of the build. The
 * server's static handler serves them as they are (@fastify/static `preCompressed`), instead of
 * compressing on each request at the fast, weaker default level: about 15% fewer bytes for the same
 * JavaScript, and no compression work per request. Runs last, after dist/sw.js is written.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(file) : [file];
  });
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'khedma-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const source = readFileSync(file);
          const brotli = brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              [constants.BROTLI_PARAM_MODE]: file.endsWith('.js') ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
            },
          });
          const gzip = gzipSync(source, { level: 9 });
          if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
          if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}
