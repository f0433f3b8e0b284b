import type { ErrorBody } from '@khedma/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the server is shutting down (SIGTERM): see registerDraining. */
    draining: { active: boolean };
  }
}

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * Graceful shutdown of keep-alive connections (issue 21 item 4). Node's server.close() closes the idle
 * connections once, but a connection busy at that moment stays open after its answer (keep-alive), so a
 * client under load kept it until the forced exit and the database was never closed. While draining:
 * - every answer carries `Connection: close`, so each busy connection closes once its request is
 *   answered (the requests in flight finish as usual);
 * - a request that still arrives on such a connection is answered 503 UNAVAILABLE in the error
 *   contract's shape (Fastify's own 503 is turned off: app.ts sets return503OnClosing false), and
 *   its connection closed too.
 * Draining starts with app.close() (preClose) or earlier with startDraining (main.ts on SIGTERM).
 * Registered on the root instance before any route, so it covers every route and the 404 handler.
 */
export function registerDraining(app: FastifyInstance) {
  const state = { active: false };
  app.decorate('draining', state);
  app.addHook('onRequest', async (req, reply) => {
    if (!state.active) return;
    const body: ErrorBody = { error: { code: 'UNAVAILABLE', message: SHUTTING_DOWN_MESSAGE } };
    req.log.debug('request during shutdown: 503');
    return reply.code(503).header('connection', 'close').header('retry-after', '5').type('application/json; charset=utf-8').send(body);
  });
  app.addHook('onSend', async (req, reply) => {
    if (state.active && req.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    startDraining(app);
  });
}

/** From now on, answers close their connection, and new requests get 503; idle connections are closed now. */
export function startDraining(app: FastifyInstance) {
  if (app.draining.active) return;
  app.draining.active = true;
  // Connections waiting between two requests: nothing is lost by closing them.
  if (app.server.listening) app.server.closeIdleConnections();
}
