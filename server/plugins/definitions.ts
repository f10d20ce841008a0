import type { FastifyPluginAsync } from 'fastify';
import type { DefinitionStore } from '../definitions/definition-store';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Decorates the app with its definition store (`app.definitionStore`, `app.definitions` = the set
 * in force) and gives each API request one set for its whole life (`request.definitions`): before
 * its handler (once the sign-in check has run) the store swaps in the database's newer set when the
 * revision moved. A signed-in request's revision comes with its user, read by the sign-in check in
 * the same statement (`request.definitionsRead`), so it is always the latest. Any other request
 * reads it when the last read is older than `config.definitionsCheckMs` (default 1 s); a request
 * that may write (any method but GET and HEAD) always reads it, so a module disabled or changed on
 * another instance is refused or validated by its new version at once. Hooks before the handler's
 * phase (sign-in, the route's own `onRequest`) see the set last in force.
 */
const definitionsPlugin: FastifyPluginAsync<{ store: DefinitionStore }> = async (app, { store }) => {
  const maxAgeMs = app.config.definitionsCheckMs ?? 0;
  app.decorate('definitionStore', store);
  app.decorate('definitions', { getter: () => store.current });
  app.decorateRequest('definitions', { getter: () => store.current });
  app.decorateRequest('definitionsRead', null);
  app.addHook('preValidation', async (request) => {
    // Health answers from its own probe, so a load balancer sees a database outage as `db: down`.
    if (!request.url.startsWith('/api') || request.routeOptions.url === '/api/health') return;
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const read = request.definitionsRead;
    const set = read ? await store.atRevision(read.revision, read.at) : await store.refresh(reads ? maxAgeMs : 0);
    // This request keeps the set it started with, whatever a concurrent refresh swaps in.
    Object.defineProperty(request, 'definitions', { value: set, configurable: true });
  });
};

export default globalPlugin(definitionsPlugin);
