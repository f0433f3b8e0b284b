import path from 'node:path';
import { buildApp } from './app';
import { shutDownGracefully } from './http/shutdown';
import { ConfigError, configFromEnv, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed/index';
import { Clock } from './platform/clock';
import { startJobRunner } from './platform/jobs';

let config: Config;
try {
  config = configFromEnv(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  poolMax: config.dbPoolMax,
  connectTimeoutMs: config.dbConnectTimeoutMs,
  queryTimeoutMs: config.dbQueryTimeoutMs,
});
await database.migrate();
// The demo is made relative to today, by the clock every rule reads (platform/clock.ts).
if (config.seedDemo && !config.isProduction) await seedDemo(database.db, { clock: new Clock() });

const app = await buildApp({ config, database });

/**
 * Once new connections are refused, how long an idle keep-alive connection stays open: a request its
 * client sent just before the signal is read and answered within it instead of being reset.
 */
const IDLE_GRACE_MS = 1_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down: not ready, finishing in-flight requests');
  // If something hangs, leave anyway 10 s after connections stop being accepted rather than never.
  const timer = setTimeout(() => {
    app.log.error('forced exit after 10 s');
    process.exit(1);
  }, config.shutdownDelayMs + 10_000);
  timer.unref();
  try {
    // /readyz 503 first, then no new connections, then every request already sent answered, then close
    // (http/shutdown.ts).
    await shutDownGracefully(app, { delayMs: config.shutdownDelayMs, idleGraceMs: IDLE_GRACE_MS });
    await database.close();
    app.log.info('database closed');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  // Durable jobs (escrow release 48 h after completion, expiry of unpaid bookings); app.close() stops it.
  startJobRunner(app);
  app.log.info(`Khedma is running on ${config.publicUrl} (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await database.close();
  process.exit(1);
}
