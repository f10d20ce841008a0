import { describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, computeFormData, createTranslate, readSubmitPayload, submitSchema, validateFormData, validateSubmission, type CompiledModule } from '../../src/engine';
import { toyFiles } from './toy-definitions';

const files = toyFiles();
const { modules } = compileModules(files);
const toy = modules.toy;
const t = createTranslate(files.locales, 'en');

describe('buildSubmitPayload', () => {
  const form = {
    currency_id: 'CNY', company_id: 1, note: undefined, stray: 'not in the schema',
    items: [{ name: 'a', total: 0 }, { name: 'b', total: 2 }, { name: 'c', total: 3 }],
    approvals: [{ approver_id: 4, master_process_id: 1 }, { approver_id: null, master_process_id: 2 }, { approver_id: '', master_process_id: 3 }],
  };

  it('wraps the body under transaction with the wrapper defaults', () => {
    expect(buildSubmitPayload(toy, form)).toEqual({
      bypass: false,
      send_notification_first_approval: true,
      save_approvers: true,
      approvals: [{ approver_id: 4, master_process_id: 1 }],
      transaction: { currency_id: 'CNY', company_id: 1, items: [{ name: 'b', total: 2, index: 1 }, { name: 'c', total: 3, index: 2 }] },
    });
  });

  it('keeps explicit false choices and leaves bypass out where the module has none', () => {
    const payload = buildSubmitPayload(toy, { ...form, bypass: true, save_approvers: false, send_notification_first_approval: false });
    expect(payload).toMatchObject({ bypass: true, save_approvers: false, send_notification_first_approval: false });
    const plain = compileModules(files).modules['toy-item'];
    expect(buildSubmitPayload({ ...plain, meta: { ...plain.meta, kind: 'module' } }, { name: 'x' })).toEqual({
      send_notification_first_approval: true, save_approvers: true, approvals: [], name: 'x',
    });
  });

  it('readSubmitPayload gives back the form data', () => {
    const payload = buildSubmitPayload(toy, form);
    expect(readSubmitPayload(toy, payload)).toMatchObject({ currency_id: 'CNY', company_id: 1, bypass: false, approvals: [{ approver_id: 4, master_process_id: 1 }] });
    expect(readSubmitPayload(toy, { transaction: 'nonsense' })).toEqual({});
  });
});

describe('submitSchema', () => {
  it('puts the wrapper at the top and the body under transaction', () => {
    const schema = submitSchema(toy) as any;
    expect(Object.keys(schema.properties).sort()).toEqual(['approvals', 'bypass', 'save_approvers', 'send_notification_first_approval', 'transaction']);
    expect(schema.properties.transaction.properties.items.items.properties.qty).toBeDefined();
    expect(schema.required).toEqual(['transaction']);
  });
});

describe('validateSubmission', () => {
  const body = { approvals: [{ approver_id: 1, master_process_id: 1 }], transaction: { currency_id: 'CNY', company_id: 1, items: [{ name: 'a', qty: 1, price: 1 }] } };

  it('accepts a valid body', () => {
    expect(validateSubmission(toy, body, { steps: [{ id: 1, optional: false }] }, t)).toEqual([]);
  });

  it('judges the computed data, not claimed computed values', () => {
    // The item claims a total of 1 but has no quantity or price: the computed total is 0.
    const claimed = { ...body, transaction: { ...body.transaction, items: [{ name: 'a', total: 1 }], total: 1 } };
    expect(validateSubmission(toy, claimed, { steps: [{ id: 1, optional: false }] }, t).map((v) => v.propertyPath)).toEqual(['total']);
  });

  it('answers a body that is not an object', () => {
    expect(validateSubmission(toy, [1], {}, t).map((v) => v.message)).toEqual(['Body must be an object']);
  });

  it('reports shape problems first, with the field label, and skips rules then', () => {
    const wrong = { ...body, transaction: { ...body.transaction, company_id: 'x', note: 'much too long text', items: [{ qty: 'many' }] } };
    expect(validateSubmission(toy, wrong, {}, t).map(({ propertyPath, message }) => ({ propertyPath, message }))).toEqual([
      { propertyPath: 'company_id', message: 'en Company must be a whole number' },
      { propertyPath: 'items[0].qty', message: 'en Qty must be a number' },
      { propertyPath: 'note', message: 'en Note too long' },
    ]);
  });

  it('then runs the ordered rules over the form data', () => {
    const noCompany = { ...body, transaction: { ...body.transaction, company_id: null } };
    expect(validateSubmission(toy, noCompany, { steps: [{ id: 1, optional: false }] }, t).map((v) => v.message)).toEqual(['en Pick a company']);
  });
});

describe('validateFormData', () => {
  const steps = { steps: [{ id: 1, optional: false }] };
  const flat = { approvals: [{ approver_id: 1, master_process_id: 1 }], currency_id: 'CNY', company_id: 1, items: [{ name: 'a', qty: 1, price: 1 }] };

  it('judges flat computed data as validateSubmission judges the body it came from', () => {
    const data = computeFormData(toy, flat, steps);
    expect(validateFormData(toy, data, steps, t)).toEqual([]);
    const noCompany = computeFormData(toy, { ...flat, company_id: null }, steps);
    expect(validateFormData(toy, noCompany, steps, t).map((v) => v.message)).toEqual(['en Pick a company']);
  });

  it('refuses a computed value the schema does not allow, at its flat path', () => {
    // A computed note longer than the schema's maxLength: the computed data breaks the shape.
    const rules = { ...toy.rules, computed: [...(toy.rules.computed ?? []), { field: 'note', value: 'a computed text over ten characters' }] };
    const computing: CompiledModule = { ...toy, rules };
    const data = computeFormData(computing, flat, steps);
    expect(validateFormData(computing, data, steps, t).map(({ propertyPath, message }) => ({ propertyPath, message }))).toEqual([
      { propertyPath: 'note', message: 'en Note too long' },
    ]);
  });
});

describe('computeFormData', () => {
  it('computes items with the form as parent, then the form', () => {
    const data = computeFormData(toy, { currency_id: 'JPY', items: [{ qty: 3, price: 3.4 }, { qty: 1, price: 0.4 }] });
    expect(data.items).toEqual([{ qty: 3, price: 3.4, total: 10 }, { qty: 1, price: 0.4, total: 0 }]);
    expect(data.total).toBe(10);
  });
});
