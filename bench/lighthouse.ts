import { startServer } from './lib';
import { publicPages, runLighthouse } from './page.bench';

/**
 * `npm run bench:lighthouse`: Lighthouse mobile alone, with the metrics behind the performance score,
 * on a fresh server (or on LIGHTHOUSE_URL when set) for the paths given as arguments (default: the
 * public pages of publicPages(): /, /services, the first service's page, a category page, /?lang=ar). Lighthouse multiplies what it observes by its CPU
 * slowdown: run it on a quiet machine. LIGHTHOUSE_PORT: the server's port (default 3204).
 */
const external = process.env.LIGHTHOUSE_URL;
const server = external ? { url: external, stop: async () => {} } : await startServer(Number(process.env.LIGHTHOUSE_PORT ?? 3204));
try {
  let paths = process.argv.slice(2);
  if (!paths.length) {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Array<{ id: string }>;
    paths = publicPages(services[0]?.id);
  }
  // LIGHTHOUSE_CHROME_PORT: the browsers' debugging ports (this and the next), when another run uses 9333.
  console.table(await runLighthouse(server.url, paths, Number(process.env.LIGHTHOUSE_CHROME_PORT ?? 9333)));
} finally {
  await server.stop();
}
