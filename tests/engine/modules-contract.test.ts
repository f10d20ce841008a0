/**
 * The supplier and customer contract definitions (spec 001 §2–§5): module facts, effects,
 * which item list the contract type shows, item and form totals by currency, the employee
 * label for hr contracts, and the submission body. Validation order is the rule tables'
 * job (tests/contract/fixtures/contract-*).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, computeFormData, createRuntime, type CompiledModule } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let supplier: CompiledModule;
let customer: CompiledModule;
const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const { modules } = compileModules(files);
  supplier = modules['contract-supplier'];
  customer = modules['contract-customer'];
});

describe('contract module facts', () => {
  it('both need a stamp number and edit items with the four (customer: three) item forms', () => {
    expect(supplier.meta).toMatchObject({ kind: 'module', needsStampNo: true, hasBypass: false, bodyKey: null, submitPath: '/buffer/contract-supplier' });
    expect(customer.meta).toMatchObject({ kind: 'module', needsStampNo: true, hasBypass: false, bodyKey: null, submitPath: '/buffer/contract-customer' });
    expect(supplier.meta.subForms).toEqual([
      { field: 'item_goods', form: 'contract-item-goods' }, { field: 'item_services', form: 'contract-item-services' },
      { field: 'item_hr', form: 'contract-item-hr' }, { field: 'item_other', form: 'contract-item-other' },
    ]);
    expect(customer.meta.subForms.map((s) => s.field)).toEqual(['item_goods', 'item_services', 'item_other']);
  });

  it('the customer contract has no supplier fields, expense account or frequency', () => {
    const fields = Object.keys(customer.schema.properties as object);
    for (const f of ['supplier_full_name', 'supplier_account', 'supplier_account_id', 'expense_account_id', 'contract_frequency_id', 'item_hr']) expect(fields).not.toContain(f);
  });

  it('the type picker copies the type code into the form (it chooses the item list)', () => {
    for (const m of [supplier, customer]) {
      expect((m.uiSchema.contract_item_type_id as any)['ui:options'].alsoSet).toEqual({ contract_item_type_code: 'code' });
    }
  });
});

describe('contract-supplier behaviour', () => {
  it('changing the contract party clears expense account and department', () => {
    const prev = { company_id: 1, department_id: 2, expense_account_id: 3, currency_id: 1 };
    expect(createRuntime(supplier).applyChange(prev, { ...prev, company_id: 4 })).toMatchObject({ company_id: 4, department_id: null, expense_account_id: null, currency_id: 1 });
  });

  it.each([
    ['goods', 'item_goods'], ['services', 'item_services'], ['hr', 'item_hr'], ['other', 'item_other'],
  ])('type %s shows only %s, and only once a currency is chosen', (code, field) => {
    const runtime = createRuntime(supplier);
    const shown = (data: Record<string, unknown>) => Object.entries(runtime.visibility(data)).filter(([f, v]) => f.startsWith('item_') && v).map(([f]) => f);
    expect(shown({ contract_item_type_code: code, currency_id: 1 })).toEqual([field]);
    expect(shown({ contract_item_type_code: code, currency_id: null })).toEqual([]);
    expect(shown({ contract_item_type_code: null, currency_id: 1 })).toEqual([]);
  });

  it('a new contract type empties the item lists of the other types', () => {
    const prev = { contract_item_type_code: 'goods', item_goods: [{ name: 'a', total: 5 }], item_hr: [] };
    const next = createRuntime(supplier).applyChange(prev, { ...prev, contract_item_type_code: 'hr' }, { currencies });
    expect(next).toMatchObject({ item_goods: [], item_services: [], item_hr: [], item_other: [], amount: 0 });
  });

  it('reads "Employee full name" (and employee account) while the type code is hr', () => {
    const runtime = createRuntime(supplier);
    expect(runtime.labels({ contract_item_type_code: 'hr' })).toEqual({
      contract_full_name: 'contract-supplier.contract_full_name.labelHr',
      supplier_account: 'contract-supplier.supplier_account.labelHr',
    });
    expect(runtime.labels({ contract_item_type_code: 'goods' })).toEqual({});
    expect(createRuntime(customer).labels({ contract_item_type_code: 'hr' })).toEqual({});
  });

  it('an empty contract period is stored as null', () => {
    expect(computeFormData(supplier, { contract_period: '' }).contract_period).toBeNull();
    expect(computeFormData(supplier, { contract_period: '2027-01-31' }).contract_period).toBe('2027-01-31');
  });
});

describe('contract item totals (computed on save, rounded by the parent currency)', () => {
  const item = (form: string, data: Record<string, unknown>, currency: number) =>
    createRuntime(supplier.subForms[form]).computeAll(data, { currencies, parent: { currency_id: currency } });

  it.each<[string, Record<string, unknown>, number, Record<string, unknown>]>([
    ['contract-item-goods', { quantity: 3, unit_price: 33.333 }, 1, { total: 100 }],
    ['contract-item-goods', { quantity: '3', unit_price: '10.5' }, 2, { total: 32 }],
    ['contract-item-goods', { quantity: null, unit_price: 10 }, 1, { total: 0 }],
    ['contract-item-services', { unit_price: 1200.456 }, 1, { amount: 1200.46, total: 1200.46 }],
    ['contract-item-services', { unit_price: 1200.5 }, 2, { amount: 1201, total: 1201 }],
    ['contract-item-hr', { amount: 5000.004 }, 1, { total: 5000 }],
    ['contract-item-other', { amount: '80.129' }, 1, { total: 80.13 }],
  ])('%s %j in currency %i → %j', (form, data, currency, expected) => {
    expect(item(form, data, currency)).toMatchObject(expected);
  });

  it('the form total sums every list\'s item totals, rounded by the currency', () => {
    const data = computeFormData(supplier, {
      currency_id: 2, item_goods: [{ quantity: 2, unit_price: 10.4 }], item_other: [{ amount: 0.3 }],
    }, { currencies });
    expect((data.item_goods as any[])[0].total).toBe(21);
    expect(data.amount).toBe(21);
  });
});

describe('contract submission body', () => {
  it('is the form at the top level with the wrapper, items numbered from 1', () => {
    const payload = buildSubmitPayload(supplier, {
      company_id: 1, currency_id: 1, contract_item_type_id: 3, contract_item_type_code: 'other', contract_full_name: 'x',
      supplier_account: { name: 'a', no: '1', bank_name: 'b', branch_name: 'c' }, contract_period: null,
      item_other: [{ content: 'a', amount: 1, total: 1 }, { content: 'b', amount: 2, total: 2 }], amount: 3,
      approvals: [{ approver_id: 7, master_process_id: 1 }, { approver_id: null, master_process_id: 2 }],
    });
    expect(payload).toMatchObject({
      send_notification_first_approval: true, save_approvers: true, approvals: [{ approver_id: 7, master_process_id: 1 }],
      supplier_account: { name: 'a', no: '1', bank_name: 'b', branch_name: 'c' }, contract_period: null, amount: 3,
      item_other: [{ content: 'a', index: 1 }, { content: 'b', index: 2 }],
    });
    expect(payload).not.toHaveProperty('transaction');
    expect(payload).not.toHaveProperty('bypass');
  });
});
