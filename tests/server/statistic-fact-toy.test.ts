/**
 * One descriptor per statistics fact (issue #32): a toy fact registered here — and nowhere else —
 * is a key `ui:module.statistics` may state (the meta-schema knows it, and forgets it again when it
 * is removed), the checker verifies the fields it names, and the server indexes its paths under
 * the path kind it feeds (`statistic_paths`: here the vendor search) — a module published with it
 * is found by the statistics search's vendor filter through it — with no other edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions, copySource, registerStatisticFact, statisticFactDescriptors, type ModuleSource, type StatisticFactDescriptor, type StatisticFacts } from '../../src/engine';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';
import { statisticPathRows } from '../../server/statistics/statistic-paths';
import { toyFiles } from '../engine/toy-definitions';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc } from './statistics-fixtures';
import { demoUsers, getter, tokens } from './workflow-fixtures';

/** 取引先: customer names, searched by the vendor filter like the vendor fact's. */
const list = (v: unknown) => (Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : []);
const CUSTOMER: StatisticFactDescriptor = {
  key: 'customer',
  schema: { type: 'array', items: { type: 'string', pattern: '^[a-z_][a-z0-9_]*(\\[\\])?(\\.[a-z_][a-z0-9_]*)*$' }, maxItems: 5 },
  paths: (v) => list(v).map((p, i) => [p, [i]]),
  indexed: { kind: 'vendor', whole: false, paths: list },
};
let unregister: () => void;
let t: TestApp;
beforeAll(async () => {
  unregister = registerStatisticFact(CUSTOMER);
  t = await buildTestApp();
});
afterAll(async () => { unregister?.(); await t?.close(); });

const check = (statistics: unknown) => {
  const files = toyFiles();
  ((files.uiSchemas.toy as Record<string, Record<string, unknown>>)['ui:module']).statistics = statistics;
  return checkDefinitions(files, { widgetNames: WIDGET_NAMES }).map((p) => `${p.pointer}: ${p.message}`);
};

describe('a toy statistics fact', () => {
  it('is a fact among the built-in ones, and cannot be registered twice', () => {
    expect(statisticFactDescriptors().map((f) => f.key)).toEqual(['amount', 'vendor', 'paymentDate', 'invoices', 'export', 'projection', 'stamp', 'records', 'journal', 'customer']);
    expect(() => registerStatisticFact(CUSTOMER)).toThrow(/already registered/);
  });

  it('the checker takes it, checks its shape by its schema and the fields it names', () => {
    expect(check({ amount: 'total', customer: ['note', 'items[].name'] })).toEqual([]);
    expect(check({ customer: ['nope'] })).toEqual(['/ui:module/statistics/customer/0: "nope" is not a field of the schema (closest valid names: note, kind, total)']);
    expect(check({ customer: 'note' }).join('\n')).toMatch(/\/ui:module\/statistics\/customer: must be array/);
    expect(check({ custmer: ['note'] }).join('\n')).toMatch(/\/ui:module\/statistics: must NOT have additional properties \("custmer"\)/);
  });

  it('the server indexes its paths under the kind it feeds, after the built-in fact\'s', () => {
    const rows = statisticPathRows(new Map<string, StatisticFacts>([['toy', { amount: 'total', vendor: ['note'], customer: ['items[].name'] } as StatisticFacts]]), ['files']).get('toy');
    expect(rows).toEqual([
      { module_code: 'toy', kind: 'amount', position: 0, head: ['total'], tail: null },
      { module_code: 'toy', kind: 'vendor', position: 0, head: ['note'], tail: null },
      { module_code: 'toy', kind: 'vendor', position: 1, head: ['items'], tail: ['name'] },
    ]);
  });

  it('removed again, it is an unknown fact', () => {
    unregister();
    try {
      expect(check({ customer: ['note'] }).join('\n')).toMatch(/must NOT have additional properties \("customer"\)/);
    } finally {
      unregister = registerStatisticFact(CUSTOMER);
    }
  });
});

describe('a toy statistics fact on the server', () => {
  it('a module published with it is found by the vendor filter through its paths', async () => {
    const auth = tokens(t);
    const get = getter(t, auth);
    const users = await demoUsers(t.db);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${await auth('admin')}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source')).json(), 'customer-purchase') as ModuleSource;
    const meta = (source.uiSchema as Record<string, Record<string, unknown>>)['ui:module'];
    meta.statistics = { ...(meta.statistics as object), customer: ['purchase_goods[].goods_name'] };
    const published = await call('POST', '/api/module-definitions', source);
    expect(published.statusCode, published.body).toBe(201);

    const rh = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
    const doc = (code: string, goods: string) => insertStatDoc(t.db, {
      module: 'customer-purchase', requester: users.employee.id, company: rh.id, code, data: { currency_id: 1, total_estimated: 10, purchase_goods: [{ goods_name: goods }] },
    });
    await doc('CP-1', 'Gamma Desks');
    await doc('CP-2', 'Delta Chairs');
    const today = new Date().toISOString().slice(0, 10);
    const search = async (vendor: string) => {
      const response = await get('finance', `/api/buffer/statistic_search?${new URLSearchParams({ createdAt: `${today}~${today}`, moduleCode: 'customer-purchase', vendor })}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json()['hydra:member'] as Array<{ code: string }>).map((m) => m.code);
    };
    expect(await search('gamma')).toEqual(['CP-1']);
    expect(await search('chairs')).toEqual(['CP-2']);
    expect(await search('epsilon')).toEqual([]);
  });
});
