import type { FastifyPluginAsync } from 'fastify';
import { loadDefinitions } from '../../definitions/definitions';
import { buildOpenApi } from './build-openapi';
import { collectRoutes } from './collect-routes';

/**
 * `GET /api/docs`: the OpenAPI description, built on first request from the route areas'
 * declared schemas and the module definitions, then cached. Public, like any API reference.
 */
const docs: FastifyPluginAsync = async (app) => {
  const definitions = await loadDefinitions();
  let cached: Record<string, unknown> | undefined;

  app.get('/docs', {
    schema: { description: 'This OpenAPI 3.1 description.', response: { 200: { type: 'object', additionalProperties: true } } },
  }, async () => {
    if (!cached) {
      const routes = await collectRoutes(app, ['docs']);
      routes.push({ method: 'GET', url: '/api/docs', schema: { description: 'This OpenAPI 3.1 description.' }, authenticated: false });
      const modules = Object.values(definitions.modules).filter((m) => m.kind === 'module');
      cached = buildOpenApi(modules, routes, definitions.translate('en'));
    }
    return cached;
  });
};

export default docs;
