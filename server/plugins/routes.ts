import type { FastifyPluginAsync } from 'fastify';
import { importRouteArea, routeAreas } from '../routes/route-areas';

/**
 * Registers each route area's default export under `/api`: adding a route area is adding a
 * folder (docs/ARCHITECTURE.md "Server route areas"). Areas are encapsulated plugins.
 */
const routes: FastifyPluginAsync = async (app) => {
  for (const area of routeAreas()) {
    const module = await importRouteArea(area);
    if (typeof module.default !== 'function') throw new Error(`server/routes/${area}/index.ts has no default export plugin`);
    await app.register(module.default, { prefix: '/api' });
  }
};

export default routes;
