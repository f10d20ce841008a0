import type { FastifyPluginAsync } from 'fastify';
import { refreshDefinitions } from '../definitions/definitions';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Module definitions come from the database (`buildApp` publishes changed definition files and
 * loads them before any plugin): before an API request the live definitions are brought up to
 * the database's revision (a one-row read) when the last read is older than
 * `config.definitionsCheckMs` (default 1 s). A publish or enable/disable made through this
 * instance is seen on its next request; one made through another instance within that bound.
 * Only reads use the bound: a request that may write (any method but GET and HEAD) always reads
 * the revision first, so a module disabled or changed on another instance is refused or
 * validated by its new version at once. Reads within the bound see definitions at most that old;
 * it saves the revision read on nearly every list and detail request under load.
 */
const definitionsPlugin: FastifyPluginAsync = async (app) => {
  const maxAgeMs = app.config.definitionsCheckMs ?? 0;
  app.addHook('onRequest', async (request) => {
    // Health answers from its own probe, so a load balancer sees a database outage as `db: down`.
    if (!request.url.startsWith('/api') || request.routeOptions.url === '/api/health') return;
    const reads = request.method === 'GET' || request.method === 'HEAD';
    await refreshDefinitions(app.db, reads ? maxAgeMs : 0);
  });
};

export default globalPlugin(definitionsPlugin);
