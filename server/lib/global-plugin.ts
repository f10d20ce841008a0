import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorations and hooks apply to the whole app
 * (what the `fastify-plugin` package does; it is not a declared dependency here).
 */
export function globalPlugin<T extends FastifyPluginAsync<any>>(plugin: T): T {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
