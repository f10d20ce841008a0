import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { copySource, ROUTE_SEGMENTS, RESERVED_WORDS, type JsonSchema, type ModuleSource } from '../../src/engine';
import { fuzzRuns } from './fuzz/fuzz-runs';
import { buildTestApp } from './helpers';

/**
 * Property-based fuzzing of the studio API (issue #19, item 4), like the module bodies': drafts
 * built from a real module with hostile names (reserved words, route segments, inherited
 * property names, odd characters), hostile rules (deep, wide, unknown operators, doubling
 * merges), patterns (backtracking, lookarounds, broken syntax) and texts (markup, script URLs)
 * go to check, judge, publish and re-publish. Property: never a 5xx; a refused publish stores
 * nothing. A tenth of FUZZ_RUNS, 20 to 60 drafts: each case runs the whole checker over every
 * module several times (~0.5 s a draft).
 */
const RUNS = Math.min(60, Math.max(20, Math.floor(fuzzRuns() / 10)));
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const admin = await t.login('admin@example.com');
const headers = { authorization: `Bearer ${admin}`, 'accept-language': 'en' };
const purchase = (await t.app.inject({ url: '/api/module-definitions/purchase/source', headers })).json() as ModuleSource;

// Mostly names the route schemas let through (so the checker and the compiler see them), some hostile.
const hostileName = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...RESERVED_WORDS, ...ROUTE_SEGMENTS, 'users', 'companies', 'prototype', 'constructor', 'toString', 'hasOwnProperty', '', '-', 'a', 'a'.repeat(80)) },
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{1,8}(-[a-z0-9]{1,6})?$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const leaf = fc.oneof(fc.constant({ var: 'currency_id' }), fc.constant({ var: 'purchase_goods' }), fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null));
const { logic } = fc.letrec<{ logic: unknown }>((tie) => ({
  logic: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(fc.constantFrom('merge', 'map', 'reduce', 'cat', 'if', '!', 'sum', 'in', 'nope', '__proto__', 'constructor'), fc.array(tie('logic'), { maxLength: 4 }))
      .map(([op, args]) => ({ [op]: args })),
  ),
}));
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', '<script>x</script>'));
const pattern = fc.oneof(fc.constantFrom('^(a+)+$', '(?=a)b', '(a)\\1', '[', '\\p{Han}+', '(?<n>a)\\k<n>'), fc.string({ maxLength: 10 }));

const draft = fc.record({
  code: hostileName,
  field: hostileName,
  step: hostileName,
  computed: fc.array(logic, { maxLength: 3 }),
  visibility: logic,
  title: text,
  help: text,
  pattern,
}).map(({ code, field, step, computed, visibility, title, help, pattern: p }) => {
  const source = copySource(purchase, /^[a-z][a-z0-9-]*$/.test(code) ? code : 'fuzz-copy');
  source.code = code;
  Object.defineProperty(source.schema.properties, field, { value: { type: 'string', pattern: p } as JsonSchema, enumerable: true, writable: true, configurable: true });
  source.rules.computed = [...(source.rules.computed ?? []), ...computed.map((value) => ({ field, value }))];
  source.rules.visibility = { ...source.rules.visibility, [field]: visibility as never };
  (source.locales.ja as Record<string, unknown>).title = title;
  source.uiSchema.currency_id = { ...(source.uiSchema.currency_id as object), 'ui:help': help };
  if (source.process?.steps[0]) source.process.steps[0] = { ...source.process.steps[0], code: step };
  return source;
});

const sources = async () => Number((await t.db.selectFrom('module_sources').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe(`fuzzing the studio API (${RUNS} drafts)`, () => {
  test('check, judge, publish and re-publish never answer 5xx; a refused publish stores nothing', async () => {
    const tally: Record<number, number> = {};
    await fc.assert(fc.asyncProperty(draft, async (source) => {
      const before = await sources();
      for (const [method, url, payload] of [
        ['POST', '/api/module-definitions/check', source],
        ['POST', '/api/module-definitions/judge', { source, body: { currency_id: 1, purchase_goods: [{ budget: 1e308 }] } }],
        ['POST', '/api/module-definitions', source],
        ['PUT', `/api/module-definitions/${encodeURIComponent(source.code)}`, source],
        ['GET', `/api/module-definitions/${encodeURIComponent(source.code)}`, undefined],
      ] as const) {
        const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
        tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
        expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (method === 'POST' && url === '/api/module-definitions' && response.statusCode !== 201) expect(await sources()).toBe(before);
      }
    }), { numRuns: RUNS });
    console.log(`studio fuzz: ${RUNS} drafts, answers by status ${JSON.stringify(tally)}`);
  }, 240_000);
});
