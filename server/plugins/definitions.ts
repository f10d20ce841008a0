import type { FastifyPluginAsync } from 'fastify';
import { refreshDefinitions } from '../definitions/definitions';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Module definitions come from the database (`buildApp` publishes changed definition files and
 * loads them before any plugin): before an API request the live definitions are brought up to
 * the database's revision (a one-row read) when the last read is older than
 * `config.definitionsCheckMs` (default 1 s). A publish or enable/disable made through this
 * instance is seen on its next request; one made through another instance within that bound.
 * Why a bound is enough: a document records the definition version it was filed under, and an
 * older version stays valid for it, so a filing on another instance during that second is a
 * filing made just before the publish. It saves the read on nearly every request under load.
 */
const definitionsPlugin: FastifyPluginAsync = async (app) => {
  const maxAgeMs = app.config.definitionsCheckMs ?? 0;
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api')) await refreshDefinitions(app.db, maxAgeMs);
  });
};

export default globalPlugin(definitionsPlugin);
