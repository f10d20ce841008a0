import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, computeFormData, createRuntime, createTranslate, readSubmitPayload, type CompiledModule, type Translate } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let reimbursement: CompiledModule;
let item: CompiledModule;
let content: CompiledModule;
let t: Translate;
const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  reimbursement = compileModules(files).modules.reimbursement;
  item = reimbursement.subForms['reimbursement-item'];
  content = item.subForms['reimbursement-content'];
  t = createTranslate(files.locales, 'en');
});

describe('the reimbursement definition', () => {
  it('has the spec module facts, the item and content sub-forms', () => {
    expect(reimbursement.meta).toMatchObject({
      kind: 'module', hasBypass: true, bodyKey: 'transaction', submitPath: '/buffer/reimbursement', relatedApprovalSource: 'purchase',
      dropZeroItems: { transaction_items: 'total' }, codePrefix: 'RMB',
    });
    expect(reimbursement.meta.subForms).toEqual([{ field: 'transaction_items', form: 'reimbursement-item' }]);
    expect(item.meta.subForms).toEqual([{ field: 'contents', form: 'reimbursement-content' }]);
    expect((reimbursement.uiSchema as any).currency_id['ui:options'].defaultCode).toBe('CNY');
    expect((reimbursement.uiSchema as any).e_invoices['ui:options']).toMatchObject({ documentType: 'e-invoice', maxFiles: 10 });
    expect((reimbursement.uiSchema as any).application_papers['ui:options']).toMatchObject({ documentType: 'app-paper', maxFiles: 10 });
  });

  it('clears the department when the company changes, and carries company and department into every item', () => {
    const runtime = createRuntime(reimbursement);
    const prev = { company_id: 1, department_id: 2, transaction_items: [{ company_id: 1, department_id: 2, total: 5 }] };
    const afterCompany = runtime.applyChange(prev, { ...prev, company_id: 3 });
    expect(afterCompany.department_id).toBeNull();
    expect(afterCompany.transaction_items).toEqual([{ company_id: 3, department_id: null, total: 5 }]);
    const afterDepartment = runtime.applyChange(afterCompany, { ...afterCompany, department_id: 7 });
    expect(afterDepartment.transaction_items).toEqual([{ company_id: 3, department_id: 7, total: 5 }]);
  });

  it('a new related approval is carried into the items and clears their related items', () => {
    const prev = { related_approval_id: null, transaction_items: [{ related_items: [{ item_id: 1, is_edited: false, data: null }] }] };
    const next = createRuntime(reimbursement).applyChange(prev, { ...prev, related_approval_id: 9 });
    expect(next.transaction_items).toEqual([{ related_approval_id: 9, related_items: [] }]);
  });

  it('item total is the sum of its contents, rounded by the form currency; the form total sums the items', () => {
    const itemRuntime = createRuntime(item);
    const contents = [{ amount: 100.255 }, { amount: '0.5' }, { amount: null }];
    expect(itemRuntime.applyChange({}, { contents }, { currencies, parent: { currency_id: 1 } }).total).toBe(100.76);
    expect(itemRuntime.applyChange({}, { contents }, { currencies, parent: { currency_id: 2 } }).total).toBe(101);
    const form = createRuntime(reimbursement).applyChange({}, { currency_id: 1, transaction_items: [{ total: 10.1 }, { total: 0.2 }] }, { currencies });
    expect(form.total).toBe(10.3);
  });

  it('the server-side recompute fills every level: content company and page from the item, item totals, form total', () => {
    const data = computeFormData(reimbursement, {
      currency_id: 2, company_id: 4, department_id: 5, total: 999,
      transaction_items: [{ page_number: 3, company_id: 4, total: 1, contents: [{ amount: 10.4, is_transportation: true, from: 'Tokyo', to: 'Osaka' }, { amount: 5 }] }],
    }, { currencies });
    expect(data.total).toBe(15);
    const [first] = data.transaction_items as any[];
    expect(first).toMatchObject({ total: 15, company_id: 4, department_id: 5 });
    expect(first.contents[0]).toMatchObject({ company_id: 4, page_number: 3, from_to: 'Tokyo,Osaka' });
    expect(first.contents[1]).toMatchObject({ company_id: 4, page_number: 3, from_to: null });
  });

  it('content: changing the expense clears date and destination; from and to are joined by a comma', () => {
    const runtime = createRuntime(content);
    const prev = { content_type_id: 3, is_transportation: true, date: '2026-11-02', destination: 'Osaka', amount: 5, from: 'A', to: null };
    expect(runtime.applyChange(prev, { ...prev, to: 'B' })).toMatchObject({ date: '2026-11-02', destination: 'Osaka', from_to: 'A,B' });
    expect(runtime.applyChange(prev, { ...prev, from: 'C' })).toMatchObject({ from_to: 'C,' });
    expect(runtime.applyChange(prev, { ...prev, content_type_id: 4, is_transportation: false })).toMatchObject({ date: null, destination: null, amount: 5, from_to: null });
  });

  it('content: destination and from/to are shown only for a transportation expense', () => {
    const runtime = createRuntime(content);
    expect(runtime.visibility({ is_transportation: true })).toEqual({ destination: true, from: true, to: true });
    expect(runtime.visibility({ is_transportation: false })).toEqual({ destination: false, from: false, to: false });
    expect(runtime.visibility({})).toEqual({ destination: false, from: false, to: false });
  });

  it('content: the transportation flag decides whether date and destination are required', () => {
    const messages = (data: Record<string, unknown>) => createRuntime(content).validate(data, {}, t).map((v) => v.message);
    expect(messages({ content_type_id: 1, amount: 5 })).toEqual([]);
    expect(messages({ content_type_id: 1, amount: 5, is_transportation: true })).toEqual(['Please fill Date', 'Please fill Destination']);
  });

  it('shows the recipient account only when a different account is chosen; treasury fields never; bypass hides the approver flow', () => {
    const runtime = createRuntime(reimbursement);
    expect(runtime.visibility({ submit_supplier_contract_information: true, bypass: false })).toMatchObject({
      payment_recipient_account: true, account_id: false, payment_date: false, deal_slips: false, approvals: true, save_approvers: true, send_notification_first_approval: true,
    });
    expect(runtime.visibility({ submit_supplier_contract_information: false, bypass: true })).toMatchObject({
      payment_recipient_account: false, approvals: false, save_approvers: false, send_notification_first_approval: false,
    });
    expect(runtime.applyChange({ bypass: false, send_notification_first_approval: true }, { bypass: true, send_notification_first_approval: true }).send_notification_first_approval).toBe(false);
  });

  it('submits under transaction, sends only items with a total above zero, numbered from 1', () => {
    const payload = buildSubmitPayload(reimbursement, {
      currency_id: 1, bypass: true, approvals: [{ approver_id: null, master_process_id: 1 }],
      transaction_items: [{ total: 0, contents: [] }, { total: 12, contents: [{ amount: 12 }] }, { total: -1 }],
      total: 12,
    });
    expect(payload).toEqual({
      urgent: false, bypass: true, send_notification_first_approval: true, save_approvers: true, approvals: [],
      transaction: { currency_id: 1, transaction_items: [{ index: 1, total: 12, contents: [{ amount: 12 }] }], total: 12 },
    });
    expect(readSubmitPayload(reimbursement, payload as Record<string, unknown>)).toMatchObject({ bypass: true, currency_id: 1, total: 12 });
  });
});
