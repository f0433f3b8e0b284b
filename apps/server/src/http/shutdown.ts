import type { ErrorBody } from '@khedma/shared';
import type { FastifyInstance } from 'fastify';
import net from 'node:net';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `active` from SIGTERM (startDraining): not ready, answers close their connection. `closing` once
     * app.close() has begun: late requests get 503. See registerDraining.
     */
    draining: { active: boolean; closing: boolean };
  }
}

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * Graceful shutdown of keep-alive connections (issue 21 item 4, issue 38 item 12). Node's server.close()
 * closes the idle connections once, but a connection busy at that moment stays open after its answer
 * (keep-alive), so a client under load kept it until the forced exit; and a connection that looked idle
 * may hold a request its client has just sent and the server not yet read, which closing resets
 * (ECONNRESET). So shutdown goes in steps (shutDownGracefully):
 * - draining (`active`): /readyz answers 503, every answer carries `Connection: close`, so each
 *   connection closes after its next answer; requests are still answered in full, those that arrive on a
 *   kept-alive connection included;
 * - closing (`closing`, app.close() begun): a request that still arrives on a connection being closed is
 *   answered 503 UNAVAILABLE in the error contract's shape (Fastify's own 503 is turned off: app.ts
 *   sets return503OnClosing false), and its connection closed too.
 * Registered on the root instance before any route, so it covers every route and the 404 handler.
 */
export function registerDraining(app: FastifyInstance) {
  const state = { active: false, closing: false };
  app.decorate('draining', state);
  app.addHook('onRequest', async (req, reply) => {
    if (!state.closing) return;
    const body: ErrorBody = { error: { code: 'UNAVAILABLE', message: SHUTTING_DOWN_MESSAGE } };
    req.log.debug('request during shutdown: 503');
    return reply.code(503).header('connection', 'close').header('retry-after', '5').type('application/json; charset=utf-8').send(body);
  });
  app.addHook('onSend', async (req, reply) => {
    if (state.active && req.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    startDraining(app);
    state.closing = true;
  });
}

/** From now on this instance is not ready (/readyz 503) and answers close their connection; requests are still answered. */
export function startDraining(app: FastifyInstance) {
  app.draining.active = true;
}

export interface ShutdownTimings {
  /** How long to stay reachable, not ready, before refusing connections: the time a balancer takes to see /readyz fail. */
  delayMs: number;
  /**
   * How long an idle keep-alive connection is left open once new connections are refused, so that a
   * request its client sent just before (not yet read) is answered rather than reset.
   */
  idleGraceMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * SIGTERM in order (main.ts): not ready and Connection: close on every answer; after `delayMs`, no new
 * connection (the listening socket closed, without touching the open connections: http.Server.close
 * would close the idle ones at once); after `idleGraceMs`, app.close(): the connections still idle are
 * closed, the requests in flight finish, then the onClose hooks (job runner, sockets) run.
 */
export async function shutDownGracefully(app: FastifyInstance, timings: ShutdownTimings) {
  startDraining(app);
  if (timings.delayMs > 0) await sleep(timings.delayMs);
  if (app.server.listening) {
    // net.Server's own close: stops accepting and leaves every open connection as it is.
    net.Server.prototype.close.call(app.server);
  }
  if (timings.idleGraceMs > 0) await sleep(timings.idleGraceMs);
  await app.close();
}
