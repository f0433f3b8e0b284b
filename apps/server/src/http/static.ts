import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { registerTestServiceWorkerVersions } from './test-service-worker';

const PRECOMPRESSED_COPY = /\.(?:br|gz)$/i;

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else
 * (index.html, sw.js, manifest) is revalidated on each visit so a deploy shows up at once.
 * Returns whether a build was found. `testServiceWorkerVersions` (browser journeys only, never in
 * production): see test-service-worker.ts.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, opts: { testServiceWorkerVersions?: boolean } = {}): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  if (opts.testServiceWorkerVersions) registerTestServiceWorkerVersions(app, webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The build's .br and .gz files are the precompressed copies of its files, sent in their place to a
    // client that accepts the coding; asked for by name they would go out as application/octet-stream
    // downloads. They answer 404 like any missing file (the not-found handler).
    allowedPath: (pathName) => !PRECOMPRESSED_COPY.test(pathName),
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  return true;
}
