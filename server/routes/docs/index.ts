import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DefinitionSet } from '../../../src/engine';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { buildOpenApi } from './build-openapi';
import { collectRoutes } from './collect-routes';
import { VIEWER_HTML, viewerFile } from './viewer';

/** OpenAPI keywords of a route schema (FastifySchema does not declare `summary`). */
const doc = (summary: string, description: string) => ({ summary, description });

const DESCRIPTION = 'This OpenAPI 3.1 description (JSON). A browser asking for HTML gets the readable reference instead.';
const JSON_DESCRIPTION = 'This OpenAPI 3.1 description as JSON, whatever the client accepts (the reference page loads it).';
const VIEWER_DESCRIPTION = 'A file of the API reference page: swagger-ui.css, swagger-ui-bundle.js or init.js.';

/** A browser navigating here (HTML preferred over JSON) gets the reference page. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

/**
 * `GET /api/docs`: the OpenAPI description, built on first request from the route areas'
 * declared schemas and the module definitions, then cached; to a browser, a readable
 * reference (swagger-ui, served from this origin so it works under the app's CSP).
 * `GET /api/docs/openapi.json` is always the JSON. Public, like any API reference.
 */
const docs: FastifyPluginAsync = async (app) => {
  // One document per definition set (module bodies come from it), built on first request.
  let cached: { set: DefinitionSet; document: Record<string, unknown> } | undefined;
  const description = async (definitions: DefinitionSet) => {
    if (cached?.set !== definitions) {
      const routes = await collectRoutes(app, ['docs']);
      routes.push({ method: 'GET', url: '/api/docs', schema: { description: DESCRIPTION }, authenticated: false });
      routes.push({ method: 'GET', url: '/api/docs/openapi.json', schema: { description: JSON_DESCRIPTION }, authenticated: false });
      routes.push({
        method: 'GET', url: '/api/docs/viewer/:file', authenticated: false,
        schema: { description: VIEWER_DESCRIPTION, params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } }, response: { 200: { type: 'string', description: 'The file (CSS or JavaScript)' }, 404: errorResponseSchema } },
      });
      const modules = Object.values(definitions.modules).filter((m) => m.kind === 'module');
      cached = { set: definitions, document: buildOpenApi(modules, routes, definitions.translate('en')) };
    }
    return cached.document;
  };

  app.get('/docs', {
    schema: { ...doc('The API description (JSON) or, to a browser, its readable reference', DESCRIPTION), response: { 200: { type: 'object', additionalProperties: true } } },
  }, async (request, reply) => {
    if (wantsHtml(request)) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(VIEWER_HTML);
    return description(request.definitions);
  });

  app.get('/docs/openapi.json', {
    schema: { ...doc('The API description as JSON', JSON_DESCRIPTION), response: { 200: { type: 'object', additionalProperties: true } } },
  }, async (request) => description(request.definitions));

  app.get<{ Params: { file: string } }>('/docs/viewer/:file', {
    schema: {
      ...doc('A file of the API reference page', VIEWER_DESCRIPTION),
      params: { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 64 } } },
      response: { 404: errorResponseSchema },
    },
  }, async (request, reply) => {
    const file = viewerFile(request.params.file);
    if (!file) throw notFound(request.t('server.errors.routeNotFound', { method: 'GET', url: request.url }));
    return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(file.body);
  });
};

export default docs;
