import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { routeAccess } from '../../auth/public-routes';
import { importRouteArea, routeAreas } from '../route-areas';

/** One route as declared: method, URL (`/api/...`), schema, and whether it needs a login. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  authenticated: boolean;
}

/**
 * Every route of every area with its declared schemas. Fastify lists routes with schemas only
 * to `onRoute` hooks registered before the routes, so the areas are registered once more on a
 * scratch instance that shares the app's decorations (nothing listens, no `ready`, no handler
 * runs). An area that cannot be registered this way is left out of the description.
 */
export async function collectRoutes(app: FastifyInstance, skip: string[]): Promise<DeclaredRoute[]> {
  const routes: DeclaredRoute[] = [];
  const scratch = Fastify({ logger: false });
  for (const name of ['config', 'db', 'authenticate', 'mailer', 'definitionStore'] as const) {
    if (app.hasDecorator(name)) scratch.decorate(name, (app as unknown as Record<string, never>)[name]);
  }
  if (app.hasDecorator('definitions')) scratch.decorate('definitions', { getter: () => app.definitions });
  for (const name of ['user', 'lang', 't', 'definitions']) scratch.decorateRequest(name, null);
  scratch.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method as string | string[]);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Record<string, unknown>, authenticated: routeAccess(method, route.url) !== 'public' });
    }
  });
  for (const area of routeAreas().filter((a) => !skip.includes(a))) {
    try {
      const module = await importRouteArea(area);
      await scratch.register(module.default, { prefix: '/api' });
    } catch (error) {
      app.log.warn({ area, err: error }, 'route area left out of /api/docs');
    }
  }
  return routes;
}
