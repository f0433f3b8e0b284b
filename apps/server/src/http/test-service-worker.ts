import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Browser journeys only (TEST_PEOPLE=1 outside production, as POST /api/dev/test-people; never registered in
 * production): POST /api/dev/service-worker-version makes the server's /sw.js a new version of the worker
 * (its VERSION, hence its bytes and its caches' names, change), as a deploy would, so that
 * e2e/update-prompt.spec.ts can see "A new version is available" and its Reload (pwa/register.ts).
 * Hidden from the API description: it is not part of the API.
 */
export function registerTestServiceWorkerVersions(app: FastifyInstance, webDist: string): void {
  let version = 0;
  const file = path.join(webDist, 'sw.js');
  app.post('/api/dev/service-worker-version', { schema: { hide: true } }, async (_req, reply) => {
    version += 1;
    reply.header('cache-control', 'no-store');
    return { version };
  });
  app.addHook('onRequest', async (req, reply) => {
    if (version === 0 || req.method !== 'GET' || req.url.split('?')[0] !== '/sw.js') return;
    const source = await readFile(file, 'utf8');
    // The build writes `const VERSION = "<hash>";` (apps/web/src/build/service-worker-plugin.ts).
    const changed = source.replace(/const VERSION = "([^"]*)";/, (_all, built: string) => `const VERSION = "${built}-test${version}";`);
    if (changed === source) throw new Error('test-service-worker: no VERSION line in sw.js');
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(changed);
  });
}
