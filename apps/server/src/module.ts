/**
 * A capability module: the one plugin app.ts registers for a folder of modules/ (docs/adding-a-capability.md).
 * It is given `{ ctx }` (AppContext: every adapter), wires its repositories and services, registers
 * its job handlers, event listeners and route plugins. Its decorations (`app.bookings`, `app.catalog`)
 * are visible to the whole app, so they are its public services; hooks belong in its route plugins.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';

export type AppModule = FastifyPluginAsync<{ ctx: AppContext }>;

export function defineModule(name: string, plugin: AppModule): AppModule {
  const meta = plugin as unknown as Record<symbol, unknown>;
  // What fastify-plugin does: registered at the root, not encapsulated.
  meta[Symbol.for('skip-override')] = true;
  meta[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
