import type { FastifyPluginAsync } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const routesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../routes');

/** The route areas: every `server/routes/<area>/index.ts`, sorted so start-up is deterministic. */
export function routeAreas(dir = routesDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Registers each route area's default export under `/api`: adding a route area is adding a
 * folder (docs/ARCHITECTURE.md "Server route areas"). Areas are encapsulated plugins.
 */
const routes: FastifyPluginAsync = async (app) => {
  for (const area of routeAreas()) {
    const module = await import(pathToFileURL(join(routesDir, area, 'index.ts')).href);
    if (typeof module.default !== 'function') throw new Error(`server/routes/${area}/index.ts has no default export plugin`);
    await app.register(module.default, { prefix: '/api' });
  }
};

export default routes;
