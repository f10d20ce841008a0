import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compileModules, createRuntime, type CompiledModule, type RulesFile } from '../../src/engine';
import { FormStore } from '../../src/renderer/form/form-store';
import { toyFiles } from './toy-definitions';

/** Every rule evaluation of a change (effects, computed values, visibility, labels, submit), counted by expression. */
const evaluations = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/engine/rules/evaluate', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/rules/evaluate')>();
  return {
    ...original,
    evaluate: (...args: Parameters<typeof original.evaluate>) => {
      evaluations.count++;
      return original.evaluate(...args);
    },
  };
});

const toy = compileModules(toyFiles()).modules.toy;
const rules: RulesFile = {
  computed: [
    { field: 'total', value: { sum: [{ var: 'items' }, 'price'] } },
    { field: 'lines', value: { count: [{ var: 'items' }] } },
  ],
  visibility: { note: { '>': [{ var: 'total' }, 100] } },
  labels: { note: [{ when: { '==': [{ var: 'kind' }, 'b'] }, label: 'toy.total.label' }] },
  submitEnabled: { if: { var: 'agreed' } },
};
const module: CompiledModule = { ...toy, rules };
/** What re-evaluating everything costs per change: both computed values, the visibility, label and submit rules. */
const EVERY_RULE = 5;

const ROWS = 1000;
const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `Item ${i + 1}`, price: 1 }));
const store = () => new FormStore(createRuntime(module), { kind: 'a', items: rows }, {}, (key) => key);

describe('a keystroke evaluates the rules that depend on the field typed into, nothing else', () => {
  beforeEach(() => {
    evaluations.count = 0;
  });

  it('typing a row name (read by no rule) evaluates no rule at all, however long the list', () => {
    const form = store();
    evaluations.count = 0;
    form.setValue(['items', 0, 'name'], 'Item 1x');
    form.setValue(['items', 999, 'name'], 'Item 1000x');
    expect(evaluations.count).toBe(0);
    expect((form.data.items as Array<{ name: string }>)[0].name).toBe('Item 1x');
  });

  it('a row price evaluates the total over the list once, then the visibility rule that reads the total', () => {
    const form = store();
    expect(form.data.total).toBe(ROWS);
    evaluations.count = 0;
    form.setValue(['items', 5, 'price'], 201);
    expect(form.data.total).toBe(ROWS + 200);
    expect(form.derived.visibility.note).toBe(true);
    // total (computed) + note's visibility (reads total); not the count, the label or submit.
    expect(evaluations.count).toBe(2);
    expect(evaluations.count).toBeLessThan(EVERY_RULE);
  });

  it('a top-level field evaluates the rules reading it: the label rule for kind, the submit rule for agreed', () => {
    const form = store();
    evaluations.count = 0;
    form.setValue(['kind'], 'b');
    expect(evaluations.count).toBe(1);
    expect(form.derived.labels.note).toBe('toy.total.label');
    evaluations.count = 0;
    form.setValue(['agreed'], true);
    expect(evaluations.count).toBe(1);
    expect(form.derived.submitEnabled).toBe(true);
  });

  it('adding a row re-evaluates every rule over the list (the total and the count), and the total shows the new row', () => {
    const form = store();
    evaluations.count = 0;
    form.setValue(['items'], [...(form.data.items as object[]), { name: 'new', price: 50 }]);
    expect(form.data.total).toBe(ROWS + 50);
    expect(form.data.lines).toBe(ROWS + 1);
    // total, lines, then note's visibility (total changed).
    expect(evaluations.count).toBe(3);
  });
});

describe('a keystroke wakes the listeners of the values it changed, nothing else', () => {
  /** Subscribes a counting listener at each path; returns the counts by dot path. */
  function listen(form: FormStore, paths: Array<Array<string | number>>): Map<string, number> {
    const calls = new Map<string, number>(paths.map((path) => [path.join('.'), 0]));
    for (const path of paths) form.subscribeAt(path, () => calls.set(path.join('.'), (calls.get(path.join('.')) ?? 0) + 1));
    return calls;
  }
  const cells = [['items', 0, 'name'], ['items', 0, 'price'], ['items', 1, 'name'], ['items', 999, 'price'], ['total'], ['lines'], ['kind']];

  it('a row name wakes that cell only: not the row’s other cell, other rows or the totals', () => {
    const form = store();
    const calls = listen(form, cells);
    form.setValue(['items', 0, 'name'], 'Item 1x');
    expect(Object.fromEntries(calls)).toEqual({ 'items.0.name': 1, 'items.0.price': 0, 'items.1.name': 0, 'items.999.price': 0, total: 0, lines: 0, kind: 0 });
  });

  it('a row price wakes that cell and the total computed from it, not the count or the other rows', () => {
    const form = store();
    const calls = listen(form, cells);
    form.setValue(['items', 999, 'price'], 5);
    expect(Object.fromEntries(calls)).toEqual({ 'items.0.name': 0, 'items.0.price': 0, 'items.1.name': 0, 'items.999.price': 1, total: 1, lines: 0, kind: 0 });
  });

  it('a whole list (a row added) wakes every cell of it and what is computed from it; a reset wakes everything', () => {
    const form = store();
    const calls = listen(form, cells);
    form.setValue(['items'], [...(form.data.items as object[]), { name: 'new', price: 1 }]);
    expect(Object.fromEntries(calls)).toEqual({ 'items.0.name': 1, 'items.0.price': 1, 'items.1.name': 1, 'items.999.price': 1, total: 1, lines: 1, kind: 0 });
    form.replace({ kind: 'b', items: [] });
    expect(calls.get('kind')).toBe(1);
    expect(calls.get('items.0.name')).toBe(2);
  });

  it('marking errors wakes no value listener; a removed listener is not called', () => {
    const form = store();
    let calls = 0;
    const stop = form.subscribeAt(['items', 0, 'name'], () => calls++);
    form.setErrors({ items: { 0: { name: { __errors: ['x'] } } } } as never);
    expect(calls).toBe(0);
    stop();
    form.setValue(['items', 0, 'name'], 'changed');
    expect(calls).toBe(0);
  });
});
