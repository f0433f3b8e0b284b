/**
 * A capability module (docs/adding-a-capability.md): each folder of modules/ exports from its index.ts a
 * factory, `create<Capability>Module(ctx, deps)`, that wires its repositories, services, job handlers and
 * event listeners, and returns its public services beside `plugin`, the Fastify plugin of its routes and
 * hooks. app.ts calls the factories in order, handing each the modules it uses as ordinary arguments (so
 * the compiler keeps the order), then registers their plugins. Modules never reach each other through
 * Fastify decorations.
 */
import type { FastifyPluginAsync } from 'fastify';

/** What every module factory returns: its plugin, and (in the types that extend it) its public services. */
export interface AppModule {
  /** Its routes, hooks and request decorations, registered at the root by app.ts. */
  readonly plugin: FastifyPluginAsync;
}

/**
 * A module's plugin, registered at the root (what fastify-plugin does: not encapsulated, so its hooks and
 * request decorations, such as auth's `request.user`, apply to every route), named for Fastify's errors.
 */
export function modulePlugin(name: string, plugin: FastifyPluginAsync): FastifyPluginAsync {
  const meta = plugin as unknown as Record<symbol, unknown>;
  meta[Symbol.for('skip-override')] = true;
  meta[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
