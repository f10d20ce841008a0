import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { globalPlugin } from '../lib/global-plugin';
import { requestLanguage, serverTranslate } from '../lib/i18n';

/** Decorates the app with config and database, and every request with its language. */
export default globalPlugin<import('fastify').FastifyPluginAsync<{ config: Config; db: Kysely<Database> }>>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorateRequest('lang', 'ja');
    app.decorateRequest('t', null as never);
    app.decorateRequest('user', null as never);
    app.addHook('onRequest', async (request) => {
      request.lang = requestLanguage(request.headers['accept-language']);
      request.t = serverTranslate(request.lang);
    });
  },
);
