/**
 * One descriptor per statistics fact (issue #32): a toy fact registered here — and nowhere else —
 * is a key `ui:module.statistics` may state (the meta-schema knows it, and forgets it again when it
 * is removed), the checker verifies the fields it names, and the server indexes its paths under
 * the path kind it feeds (`statistic_paths`: here the vendor search), with no other edit. Pure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions, registerStatisticFact, statisticFactDescriptors, type StatisticFactDescriptor, type StatisticFacts } from '../../src/engine';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';
import { statisticPathRows } from '../../server/statistics/statistic-paths';
import { toyFiles } from '../engine/toy-definitions';

/** 取引先: customer names, searched by the vendor filter like the vendor fact's. */
const list = (v: unknown) => (Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : []);
const CUSTOMER: StatisticFactDescriptor = {
  key: 'customer',
  schema: { type: 'array', items: { type: 'string', pattern: '^[a-z_][a-z0-9_]*(\\[\\])?(\\.[a-z_][a-z0-9_]*)*$' }, maxItems: 5 },
  paths: (v) => list(v).map((p, i) => [p, [i]]),
  indexed: { kind: 'vendor', whole: false, paths: list },
};
let unregister: () => void;
beforeAll(() => { unregister = registerStatisticFact(CUSTOMER); });
afterAll(() => unregister?.());

const check = (statistics: unknown) => {
  const files = toyFiles();
  ((files.uiSchemas.toy as Record<string, Record<string, unknown>>)['ui:module']).statistics = statistics;
  return checkDefinitions(files, { widgetNames: WIDGET_NAMES }).map((p) => `${p.pointer}: ${p.message}`);
};

describe('a toy statistics fact', () => {
  it('is a fact among the built-in ones, and cannot be registered twice', () => {
    expect(statisticFactDescriptors().map((f) => f.key)).toEqual(['amount', 'vendor', 'paymentDate', 'invoices', 'export', 'projection', 'stamp', 'records', 'customer']);
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
