import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, createRuntime, createTranslate, type CompiledModule, type Translate } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let purchase: CompiledModule;
let t: Translate;

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  purchase = compileModules(files, { strict: true }).modules.purchase;
  t = createTranslate(files.locales, 'en');
});

describe('the purchase definition', () => {
  it('has the spec module facts', () => {
    expect(purchase.meta).toMatchObject({ kind: 'module', editable: true, hasBypass: false, needsStampNo: false, bodyKey: null, codePrefix: 'PUR', submitPath: '/buffer/purchase' });
    expect(purchase.meta.subForms).toEqual([{ field: 'purchase_goods', form: 'purchase-goods' }]);
    // Urgent (至急, issue 33 item 8): the module allows it, so its form has the switch.
    expect(purchase.meta.allowUrgent).toBe(true);
    expect((purchase.uiSchema as any)['ui:order']).toEqual([
      'currency_id', 'company_id', 'department_id', 'purchase_goods', 'total_estimated', 'user_finances', 'urgent', 'save_approvers', 'send_notification_first_approval', 'approvals', 'total_approved', 'total_goods',
    ]);
  });

  it('clears the department (also on every goods entry\'s company) when the company changes', () => {
    const prev = { company_id: 1, department_id: 5, purchase_goods: [{ company_id: 1, goods_name: 'a' }] };
    const next = createRuntime(purchase).applyChange(prev, { ...prev, company_id: 2 });
    expect(next.department_id).toBeNull();
    expect(next.purchase_goods).toEqual([{ company_id: 2, goods_name: 'a' }]);
  });

  it('sums budgets into total estimated, rounded by the currency', () => {
    const runtime = createRuntime(purchase);
    const context = { currencies: [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }] };
    const goods = [{ budget: 100.255 }, { budget: 0.5 }];
    expect(runtime.applyChange({}, { currency_id: 1, purchase_goods: goods }, context)).toMatchObject({ total_estimated: 100.76, total_goods: 2 });
    expect(runtime.applyChange({}, { currency_id: 2, purchase_goods: goods }, context).total_estimated).toBe(101);
  });

  it('computes the estimated unit price as budget ÷ quantity rounded by the parent\'s currency', () => {
    const goods = createRuntime(purchase.subForms['purchase-goods']);
    expect(goods.applyChange({}, { budget: 100, qty: 3 }, { parent: { currency_id: 'CNY', company_id: 4 } })).toMatchObject({ estimated_unit_price: 33.33, company_id: 4 });
    expect(goods.applyChange({}, { budget: 100, qty: 3 }, { parent: { currency_id: 'JPY' } }).estimated_unit_price).toBe(33);
    expect(goods.applyChange({}, { budget: 100, qty: 0 }, { parent: {} }).estimated_unit_price).toBe(0);
  });

  it('validates goods details in the spec order: department, delivery date, name, quantity, budget', () => {
    const goods = createRuntime(purchase.subForms['purchase-goods']);
    expect(goods.validate({}, {}, t).map((v) => v.message)).toEqual([
      'Please select department', 'Please select delivery date', 'Please enter goods name', 'Please enter quantity', 'Please enter budget',
    ]);
  });

  it('builds the submission with the wrapper at the top and numbered goods', () => {
    const payload = buildSubmitPayload(purchase, {
      currency_id: 1, company_id: 1, department_id: 2, purchase_goods: [{ goods_name: 'a', budget: 10, qty: 1 }], total_estimated: 10,
      approvals: [{ approver_id: 3, master_process_id: 1 }, { approver_id: null, master_process_id: 2 }],
    });
    expect(payload).toEqual({
      urgent: false, send_notification_first_approval: true, save_approvers: true, approvals: [{ approver_id: 3, master_process_id: 1 }],
      currency_id: 1, company_id: 1, department_id: 2, purchase_goods: [{ goods_name: 'a', budget: 10, qty: 1, index: 1 }], total_estimated: 10,
    });
  });
});
