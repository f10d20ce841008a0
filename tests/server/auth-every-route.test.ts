import { afterAll, describe, expect, test } from 'vitest';
import { PUBLIC_ROUTES, routeAccess } from '../../server/auth/public-routes';
import { buildTestApp } from './helpers';

// The route list is Fastify's own (every route as registered), so a new route is walked without editing this file.
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const apiRoutes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));
const guarded = apiRoutes.filter((r) => routeAccess(r.method, r.url) !== 'public');

/** A concrete URL for a route pattern: every parameter becomes `1`. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe('authentication once for all of /api', () => {
  test('the walk covers every registered /api route (and the public list names only real routes)', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const known = new Set(apiRoutes.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(PUBLIC_ROUTES)) expect(known.has(key), key).toBe(true);
    console.log(`walking ${guarded.length} guarded of ${apiRoutes.length} /api routes`);
  });

  test.each(guarded.map((r) => [`${r.method} ${r.url}`, r] as const))('%s without a token → 401', async (_name, route) => {
    const response = await t.app.inject({
      method: route.method as 'GET', url: concrete(route.url),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  test.each(guarded.map((r) => [`${r.method} ${r.url}`, r] as const))('%s with a forged token → 401', async (_name, route) => {
    const response = await t.app.inject({
      method: route.method as 'GET', url: concrete(route.url), headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(401);
  });

  test.each(Object.entries(PUBLIC_ROUTES).filter(([, a]) => a === 'public').map(([k]) => [k]))('%s stays reachable without a token', async (key) => {
    const [method, url] = key.split(' ');
    const response = await t.app.inject({ method: method as 'GET', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).not.toBe(401);
  });
});
