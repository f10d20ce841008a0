import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Serves the built web app from `config.staticDir` and falls back to its index.html for any
 * other non-API GET (the app's own routes: /statistic, /admin, …). Unknown /api paths get the
 * JSON 404. Without a build, pages answer 503 with how to build instead of a blank 404.
 */
export default globalPlugin(async (app) => {
  const root = app.config.staticDir;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // The build writes .br and .gz next to each asset: sent as Accept-Encoding allows.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', request.t('server.errors.routeNotFound', { method: request.method, url: path }));
    }
    // A missing file (an old hashed chunk, a mistyped icon) is a 404, not the app's HTML under its name.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.status(404).type('text/plain; charset=utf-8').send(request.t('server.errors.routeNotFound', { method: request.method, url: path }));
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(request.t('server.errors.appNotBuilt'));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
