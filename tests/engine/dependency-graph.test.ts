import { describe, expect, it } from 'vitest';
import { compileModules, createRuntime, ruleReads, touches, type CompiledModule, type RulesFile } from '../../src/engine';
import { toyFiles } from './toy-definitions';

const toy = compileModules(toyFiles()).modules.toy;
const withRules = (rules: RulesFile): CompiledModule => ({ ...toy, rules });

describe('ruleReads: what a rule reads', () => {
  it.each([
    ['a plain var', { var: 'note' }, [['note']]],
    ['a nested var', { var: 'transaction.amount' }, [['transaction', 'amount']]],
    ['sum of an item field', { sum: [{ var: 'items' }, 'total'] }, [['items', '#'], ['items', '*', 'total']]],
    ['count reads only which items there are', { count: [{ var: 'items' }] }, [['items', '#']]],
    ['map reads the item fields it names', { map: [{ var: 'items' }, { '*': [{ var: 'qty' }, { var: 'price' }] }] }, [['items', '#'], ['items', '*', 'qty'], ['items', '*', 'price']]],
    ['reduce reads current…, not the accumulator', { reduce: [{ var: 'items' }, { '+': [{ var: 'accumulator' }, { var: 'current.qty' }] }, 0] }, [['items', '#'], ['items', '*', 'qty']]],
    ['filter hands on whole items', { sum: [{ filter: [{ var: 'items' }, { var: 'name' }] }, 'qty'] }, [['items', '#'], ['items', '*', 'name'], ['items', '*']]],
    ['counting filtered items reads what the filter reads', { count: [{ filter: [{ var: 'items' }, { var: 'name' }] }] }, [['items', '#'], ['items', '*', 'name']]],
    ['missing names fields', { missing: ['a', 'b.c'] }, [['a'], ['b', 'c']]],
    ['the context is external', { var: '$context.mayBypass' }, [['$external']]],
    ['a computed var path reads everything', { var: { cat: ['no', 'te'] } }, [['**']]],
  ])('%s', (_name, logic, expected) => {
    expect(ruleReads(logic)).toEqual(expected);
  });

  it.each([
    [['items', '*', 'qty'], ['items', 0, 'qty'], true],
    [['items', '*', 'qty'], ['items', 0, 'name'], false],
    [['items', '*', 'qty'], ['items'], true],
    [['items', '*', 'qty'], ['items', 3], true],
    [['items', '#'], ['items', 0, 'qty'], false],
    [['items', '#'], ['items'], true],
    [['note'], ['items', 0, 'qty'], false],
    [['**'], ['anything'], true],
    [['$external'], ['note'], true],
  ] as const)('%j is touched by a change at %j: %s', (read, change, expected) => {
    expect(touches(read, change)).toBe(expected);
  });
});

describe('the runtime re-runs only the rules a change touches', () => {
  const module = withRules({
    computed: [
      { field: 'total', value: { sum: [{ var: 'items' }, 'price'] } },
      { field: 'named', value: { count: [{ filter: [{ var: 'items' }, { var: 'name' }] }] } },
      { field: 'lines', value: { count: [{ var: 'items' }] } },
    ],
    visibility: { note: { '>': [{ var: 'total' }, 100] } },
    labels: { note: [{ when: { '==': [{ var: 'items.0.name' }, 'x'] }, label: 'toy.total.label' }] },
    submitEnabled: { if: { var: 'agreed' } },
  });
  const runtime = createRuntime(module);
  const before = runtime.computeAll({ items: [{ name: 'a', price: 10 }, { name: 'b', price: 20 }] });

  it('a rule reading a nested item field re-runs when that field changes', () => {
    expect(runtime.affected([['items', 1, 'price']])).toEqual({ effects: [], computed: ['total'], visibility: [], labels: [], submitEnabled: false });
    const next = { ...before, items: (before.items as Array<Record<string, unknown>>).map((item, i) => (i === 1 ? { ...item, price: 25 } : item)) };
    const { data, changed } = runtime.update(before, next, [['items', 1, 'price']]);
    expect(data.total).toBe(35);
    // The total changed, so the visibility rule reading it is judged again.
    expect(changed).toEqual([['items', 1, 'price'], ['total']]);
    expect(runtime.affected(changed).visibility).toEqual(['note']);
  });

  it('and not when another field of the item changes', () => {
    expect(runtime.affected([['items', 1, 'name']])).toEqual({ effects: [], computed: ['named'], visibility: [], labels: [], submitEnabled: false });
    expect(runtime.affected([['items', 0, 'name']]).labels).toEqual(['note']);
    expect(runtime.affected([['agreed']])).toEqual({ effects: [], computed: [], visibility: [], labels: [], submitEnabled: true });
    // Proof that `total` was not evaluated: a stale total stays stale after a name change.
    const stale = { ...before, total: -1 };
    const next = { ...stale, items: [{ name: 'renamed', price: 10 }, (before.items as object[])[1]] };
    expect(runtime.update(stale, next, [['items', 0, 'name']]).data.total).toBe(-1);
  });

  it('adding or removing an item re-runs every rule over the list', () => {
    expect(runtime.affected([['items']]).computed).toEqual(['total', 'named', 'lines']);
  });

  it('derive keeps the identity of what did not change', () => {
    const first = runtime.derive(null, before, null);
    expect(first).toEqual({ visibility: { note: false }, labels: {}, submitEnabled: false });
    expect(runtime.derive(first, { ...before, items: [{ name: 'c', price: 10 }, (before.items as object[])[1]] }, [['items', 0, 'name']])).toBe(first);
    const shown = runtime.derive(first, { ...before, total: 500 }, [['total']]);
    expect(shown.visibility).toEqual({ note: true });
    expect(shown.labels).toBe(first.labels);
  });

  it('without known changes it compares top-level fields (applyChange stays as it was)', () => {
    const next = { ...before, items: [{ name: 'a', price: 11 }, (before.items as object[])[1]] };
    expect(runtime.applyChange(before, next).total).toBe(31);
  });
});
