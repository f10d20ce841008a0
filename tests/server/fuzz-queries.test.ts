import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { collectRoutes } from '../../server/routes/docs/collect-routes';
import { fuzzRuns } from './fuzz/fuzz-runs';
import { schemaArbitrary } from './fuzz/schema-arbitrary';
import { buildTestApp } from './helpers';

/**
 * Generated query strings for every list route (every GET without path parameters, from the
 * declared routes): keys from the route's query schema with values generated from it, unknown
 * keys, repeated keys, bracketed keys and raw hostile text. Never a 5xx; a refusal has a message.
 */
const RUNS = Math.max(50, Math.round(fuzzRuns() / 4));
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
// Event streams (text/event-stream) never end, so no answer could be read: GET /api/events takes no query
// and its refusals are live-events.test.ts's.
const routes = (await collectRoutes(t.app, [])).filter((r) => r.method === 'GET' && !r.url.includes(':')
  && !((r.schema as { produces?: string[] }).produces ?? []).includes('text/event-stream'));
const bearers = await Promise.all(['employee', 'finance', 'client'].map((u) => t.login(`${u}@example.com`)));

const raw = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('%00', '%ff%fe', '0000-01-01', '9999-99-99', '2147483648', '-1', '[]', '{}', 'a,b', ''));

describe(`fuzzing the query of every list route (${RUNS} query strings each)`, () => {
  test('the list routes come from the route declarations', () => {
    expect(routes.length).toBeGreaterThan(15);
  });

  test.each(routes.map((r) => [r.url, r] as const))('GET %s: no 5xx for generated query strings', async (url, route) => {
    const props = ((route.schema.querystring as { properties?: Record<string, unknown> })?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const known = Object.entries(props).map(([key, schema]) => fc.tuple(fc.constant(key), fc.oneof(schemaArbitrary(schema as never, {}), raw)));
    const pair = known.length ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...known) }, { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), raw) }) : fc.tuple(fc.string({ maxLength: 8 }), raw);
    const query = fc.tuple(fc.array(pair, { maxLength: 6 }), fc.nat({ max: bearers.length - 1 }));
    let refused = 0;
    await fc.assert(fc.asyncProperty(query, async ([pairs, who]) => {
      const text = pairs.map(([k, v]) => {
        const value = typeof v === 'string' && v.startsWith('%') ? v : encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
        return `${encodeURIComponent(k)}=${value}`;
      }).join('&');
      const response = await t.app.inject({ url: `${url}?${text}`, headers: { authorization: `Bearer ${bearers[who]}`, accept: 'application/json' } });
      expect(response.statusCode, `${url}?${text} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode >= 400) {
        refused += 1;
        expect(response.json().message).toBeTruthy();
      }
    }), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED) || undefined });
    console.log(`fuzz GET ${url}: ${RUNS} query strings, ${refused} refused with a message`);
  }, 600_000);
});
