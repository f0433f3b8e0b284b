import { startServer } from './lib';
import { runLighthouse } from './page.bench';

/**
 * `npm run bench:lighthouse`: Lighthouse mobile alone, with the metrics behind the performance score,
 * on a fresh server (or on LIGHTHOUSE_URL when set) for the paths given as arguments (default: /,
 * /services, the first service's page and a category page). Lighthouse multiplies what it observes by its CPU
 * slowdown: run it on a quiet machine.
 */
const external = process.env.LIGHTHOUSE_URL;
const server = external ? { url: external, stop: async () => {} } : await startServer(3204);
try {
  let paths = process.argv.slice(2);
  if (!paths.length) {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Array<{ id: string }>;
    paths = ['/', '/services', `/services/${services[0]?.id ?? 'plumbing'}`, '/services/plumbing'];
  }
  console.table(await runLighthouse(server.url, paths));
} finally {
  await server.stop();
}
