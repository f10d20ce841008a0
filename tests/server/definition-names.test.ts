import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySource, ROUTE_SEGMENTS, type ModuleSource } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Issue #19, item 4: names are checked, lookups are safe. Module codes, field names and step
 * codes that are reserved words or fixed API path segments are refused with 422 naming the
 * part; nothing answers 5xx.
 */
let t: TestApp;
let admin: string;
let purchase: ModuleSource;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@example.com');
  purchase = (await call('GET', '/api/module-definitions/purchase/source')).json() as ModuleSource;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Every registered route path (`/api/buffer/:code|:id`, …), rebuilt from Fastify's printed tree (children are indented 4 per level). */
function routePaths(): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const marker = line.search(/[├└]── /);
    if (marker < 0) continue;
    const depth = marker / 4;
    const part = line.slice(marker + 4).replace(/ \(.*\)$/, '');
    stack[depth] = (depth ? stack[depth - 1] : '') + part;
    paths.push(stack[depth]);
  }
  return paths;
}

describe('definition names (issue #19)', () => {
  it.each(['constructor', 'prototype'])('a module code "%s" answers 422 naming the code, not 500', async (code) => {
    const response = await call('POST', '/api/module-definitions', copySource(purchase, code));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: '/schema', message: expect.any(String), detail: expect.stringContaining(`module code "${code}" is a reserved word`) });
    expect((await call('GET', `/api/module-definitions/${code}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/module-definitions/${code}/source`)).statusCode).toBe(404);
  });

  it.each(['withdrawal', 'export', 'forwarded', 'check', 'judge'])('a module code "%s" that is a fixed API path segment answers 422', async (code) => {
    const response = await call('POST', '/api/module-definitions', copySource(purchase, code));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: '/schema', message: expect.any(String), detail: expect.stringContaining('fixed part of an API path') });
  });

  it('every fixed segment that sits where a module code goes is in ROUTE_SEGMENTS (derived from the registered routes)', () => {
    const paths = routePaths();
    const codeRoutes = paths.filter((p) => /\/:(code|moduleCode)(\/|\||$)/.test(p));
    expect(codeRoutes.length).toBeGreaterThan(1);
    const prefixes = new Set(codeRoutes.map((p) => p.slice(0, p.search(/\/:(code|moduleCode)/) + 1)));
    const fixed = new Set(paths.flatMap((p) => [...prefixes].filter((prefix) => p.startsWith(prefix)).map((prefix) => p.slice(prefix.length).split('/')[0]))
      .filter((segment) => segment && !segment.startsWith(':')));
    expect(fixed.size).toBeGreaterThan(3);
    for (const segment of fixed) expect(ROUTE_SEGMENTS.has(segment), `"${segment}" is a fixed path segment beside a module code`).toBe(true);
  });

  it('the existing admin modules (users, companies, backgrounds) keep their codes: those are not route segments beside a module code', () => {
    for (const code of ['users', 'companies', 'backgrounds']) expect(ROUTE_SEGMENTS.has(code)).toBe(false);
  });

  it('a field named "constructor" and a step code "prototype" answer 422 naming their pointers', async () => {
    const source = copySource(purchase, 'names-probe');
    Object.defineProperty(source.schema.properties, "constructor", { value: { type: "string" }, enumerable: true, writable: true, configurable: true });
    source.process = { steps: [{ ...source.process!.steps[0], code: 'prototype' }, ...source.process!.steps.slice(1)] };
    const response = await call('POST', '/api/module-definitions', source);
    expect(response.statusCode).toBe(422);
    const { violations } = response.json();
    expect(violations).toContainEqual({ propertyPath: '/schema/properties/constructor', message: expect.any(String), detail: expect.stringContaining('field name "constructor" is a reserved word') });
    expect(violations).toContainEqual({ propertyPath: '/process/steps/0/code', message: expect.any(String), detail: expect.stringContaining('step code "prototype" is a reserved word') });
  });

  it('the checker and the judge answer the same problems for a reserved code (no 5xx)', async () => {
    const source = copySource(purchase, 'constructor');
    const checked = await call('POST', '/api/module-definitions/check', source);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().violations.length).toBeGreaterThan(0);
    const judged = await call('POST', '/api/module-definitions/judge', { source, body: {} });
    expect(judged.statusCode).toBe(200);
    expect(judged.json().valid).toBe(false);
  });
});
