import type { FastifyPluginAsync } from 'fastify';
import { refreshDefinitions } from '../definitions/definitions';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Module definitions come from the database (`buildApp` publishes changed definition files and
 * loads them before any plugin): before every API request the live definitions are brought up to
 * the database's revision (a one-row read), so a publish on any instance is seen on the next request.
 */
const definitionsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api')) await refreshDefinitions(app.db);
  });
};

export default globalPlugin(definitionsPlugin);
