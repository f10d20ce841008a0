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
