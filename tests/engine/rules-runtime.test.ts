import { describe, expect, it } from 'vitest';
import { compileModules, createRuntime, createTranslate, type CompiledModule, type RulesFile } from '../../src/engine';
import { toyFiles } from './toy-definitions';

const files = toyFiles();
const { modules } = compileModules(files);
const toy = modules.toy;
const t = createTranslate(files.locales, 'en');
const steps = [{ id: 1, optional: false }];

/** The toy module with other rules (same schema), for rule-kind tables. */
function withRules(rules: RulesFile): CompiledModule {
  return { ...toy, rules };
}

const valid = {
  currency_id: 'CNY', company_id: 1, department_id: 2, note: 'ok',
  items: [{ name: 'a', total: 5 }], approvals: [{ approver_id: 9, master_process_id: 1 }],
};

describe('validations', () => {
  it.each([
    ['passes on valid data', {}, []],
    ['missing currency fails first', { currency_id: null }, ['toy.messages.currency']],
    ['every failure, in rule order', { currency_id: '', company_id: null, items: [] }, ['toy.messages.currency', 'toy.messages.company', 'toy.messages.total']],
    ['params are interpolated', { note: 'far too long' }, ['toy.messages.note']],
    ['approvers missing', { approvals: [] }, ['engine.messages.approvers']],
    ['bypass waives approvers', { approvals: [], bypass: true }, []],
    ['item rules run at the each marker', { items: [{ name: '', total: 5 }, { name: 'b', total: 1 }] }, ['toy-item.messages.name']],
  ])('%s', (_name, change, expected) => {
    const violations = createRuntime(toy).validate({ ...valid, ...change }, { steps }, t);
    expect(violations.map((v) => v.messageKey)).toEqual(expected);
  });

  it('gives path, field and translated message', () => {
    const [note] = createRuntime(toy).validate({ ...valid, note: 'far too long' }, { steps }, t);
    expect(note).toEqual({ propertyPath: 'note', field: 'note', message: 'en Note too long (12)', messageKey: 'toy.messages.note' });
    const [item] = createRuntime(toy).validate({ ...valid, items: [{ total: 1 }, { name: null, total: 1 }] }, { steps }, t);
    expect(item).toMatchObject({ propertyPath: 'items[0].name', field: 'items', message: 'en Enter a name' });
  });

  it('fails closed: a rule that throws counts as failing', () => {
    const broken = withRules({ validations: [{ field: 'note', when: { no_such_operation: [1] }, message: 'toy.messages.note' }] });
    expect(createRuntime(broken).validate(valid, {}, t).map((v) => v.propertyPath)).toEqual(['note']);
  });
});

describe('visibility', () => {
  it.each([
    ['bypass off shows the approver flow', { bypass: false }, { bypass: true, approvals: true, save_approvers: true, send_notification_first_approval: true }],
    ['bypass on hides it', { bypass: true }, { bypass: true, approvals: false, save_approvers: false, send_notification_first_approval: false }],
  ])('%s', (_name, data, expected) => {
    expect(createRuntime(toy).visibility(data)).toEqual(expected);
  });

  it('fails open: a rule that throws shows the field', () => {
    expect(createRuntime(withRules({ visibility: { note: { no_such_operation: [] } } })).visibility({})).toEqual({ note: true });
  });
});

describe('effects', () => {
  const runtime = createRuntime(toy);
  it.each([
    ['a company change clears the department', { company_id: 1, department_id: 2 }, { company_id: 3, department_id: 2 }, { department_id: null }],
    ['no company change keeps the department', { company_id: 1, department_id: 2 }, { company_id: 1, department_id: 4 }, { department_id: 4 }],
    ['bypass on switches the notification off', { bypass: false, send_notification_first_approval: true }, { bypass: true, send_notification_first_approval: true }, { send_notification_first_approval: false }],
    ['bypass off switches it on', { bypass: true, send_notification_first_approval: false }, { bypass: false, send_notification_first_approval: false }, { send_notification_first_approval: true }],
  ])('%s', (_name, prev, next, expected) => {
    expect(runtime.applyChange(prev, next)).toMatchObject(expected);
  });

  it('applies an effect only when its condition holds, and a throwing effect changes nothing', () => {
    const conditional = createRuntime(withRules({ effects: [{ on: 'kind', if: { '==': [{ var: 'kind' }, 'b'] }, set: { note: 'B!' } }] }));
    expect(conditional.applyChange({ kind: 'a' }, { kind: 'b' }).note).toBe('B!');
    expect(conditional.applyChange({ kind: 'b' }, { kind: 'a' }).note).toBeUndefined();
    const throwing = createRuntime(withRules({ effects: [{ on: 'kind', set: { note: { no_such_operation: [] } } }] }));
    expect(throwing.applyChange({ kind: 'a' }, { kind: 'b', note: 'kept' }).note).toBe('kept');
  });

  it('does not modify the objects it is given', () => {
    const next = { company_id: 3, department_id: 2 };
    runtime.applyChange({ company_id: 1 }, next);
    expect(next.department_id).toBe(2);
  });
});

describe('computed', () => {
  const runtime = createRuntime(toy);
  it('recomputes a total when a var it reads changes, rounded by currency', () => {
    const next = runtime.applyChange({ items: [] }, { currency_id: 'JPY', items: [{ total: 10.4 }, { total: 0.4 }] });
    expect(next.total).toBe(11);
  });

  it('re-evaluates only rules whose vars changed', () => {
    // A stale total stays as it is when an unrelated field changes: the rule did not run.
    const next = runtime.applyChange({ note: 'a', items: [{ total: 5 }], total: 99 }, { note: 'b', items: [{ total: 5 }], total: 99 });
    expect(next.total).toBe(99);
  });

  it('an effect that changes a var triggers the computed fields that read it', () => {
    const chained = createRuntime(withRules({
      effects: [{ on: 'kind', set: { items: [] } }],
      computed: [{ field: 'total', value: { sum: [{ var: 'items' }, 'total'] } }],
    }));
    expect(chained.applyChange({ kind: 'a', items: [{ total: 3 }], total: 3 }, { kind: 'b', items: [{ total: 3 }], total: 3 }).total).toBe(0);
  });

  it('computeAll recomputes everything; a sub-form reads its parent as $parent', () => {
    expect(runtime.computeAll({ currency_id: 'CNY', items: [{ total: 1.234 }, { total: 1 }] }).total).toBe(2.23);
    const item = createRuntime(toy.subForms['toy-item']);
    expect(item.computeAll({ qty: 3, price: 3.333 }, { parent: { currency_id: 'JPY' } }).total).toBe(10);
    expect(item.applyChange({ qty: 1, price: 3.333 }, { qty: 3, price: 3.333 }, { parent: { currency_id: 'CNY' } }).total).toBe(10);
  });

  it('a computed rule that throws leaves the field as it was', () => {
    const throwing = createRuntime(withRules({ computed: [{ field: 'total', value: { no_such_operation: [{ var: 'items' }] } }] }));
    expect(throwing.applyChange({ items: [] }, { items: [1], total: 7 }).total).toBe(7);
  });
});
