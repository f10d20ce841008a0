import type { FastifyPluginAsync } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED, PROJECT_ROOT } from '../lib/project-root';

/**
 * Where the route areas are loaded from: `server/routes/<area>/index.ts` from the sources, or
 * their compiled entry points `dist-server/server/routes/<area>/index.js` (`npm run build`).
 */
const routesDir = join(PROJECT_ROOT, COMPILED ? 'dist-server/server/routes' : 'server/routes');
const entry = COMPILED ? 'index.js' : 'index.ts';

/** The route areas: every `server/routes/<area>/index.ts`, sorted so start-up is deterministic. */
export function routeAreas(dir = routesDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, COMPILED ? 'index.js' : 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Imports a route area's module (its default export is the area's plugin). */
export function importRouteArea(area: string): Promise<{ default: FastifyPluginAsync }> {
  return import(pathToFileURL(join(routesDir, area, entry)).href);
}
