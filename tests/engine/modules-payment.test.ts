import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, computeFormData, createRuntime, createTranslate, type CompiledModule, type Translate } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let payment: CompiledModule;
let item: CompiledModule;
let content: CompiledModule;
let t: Translate;
const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  payment = compileModules(files).modules.payment;
  item = payment.subForms['payment-item'];
  content = item.subForms['payment-content'];
  t = createTranslate(files.locales, 'en');
});

describe('the payment definition', () => {
  it('has the spec module facts, the item and content sub-forms', () => {
    expect(payment.meta).toMatchObject({
      kind: 'module', hasBypass: true, bodyKey: 'transaction', submitPath: '/buffer/payment', relatedApprovalSource: 'contract-supplier', codePrefix: 'PAY',
    });
    expect(payment.meta.subForms).toEqual([{ field: 'transaction_items', form: 'payment-item' }]);
    expect(item.meta.subForms).toEqual([{ field: 'contents', form: 'payment-content' }]);
    expect((payment.uiSchema as any).transaction_items['ui:options'].requires).toEqual(['company_id', 'department_id']);
    expect((payment.uiSchema as any).e_invoices['ui:options']).toMatchObject({ documentType: 'e-invoice', maxFiles: 10, linkToItems: 'transaction_items', itemField: 'item_e_invoices' });
    expect((payment.uiSchema as any).application_papers['ui:options']).toMatchObject({ documentType: 'app-paper', maxFiles: 10, linkToItems: 'transaction_items', itemField: 'item_application_papers' });
  });

  it('company clears the department; company, department and estimated payment date are carried into every payment', () => {
    const runtime = createRuntime(payment);
    const prev = { company_id: 1, department_id: 2, estimated_payment_date: null, transaction_items: [{ company_id: 1, department_id: 2 }] };
    const a = runtime.applyChange(prev, { ...prev, company_id: 3 });
    expect(a).toMatchObject({ department_id: null, transaction_items: [{ company_id: 3, department_id: null }] });
    const b = runtime.applyChange(a, { ...a, estimated_payment_date: '2026-12-01' });
    expect(b.transaction_items).toEqual([{ company_id: 3, department_id: null, estimated_payment_date: '2026-12-01' }]);
  });

  it('a payment takes the form\'s estimated payment date into its payment information, keeping the month', () => {
    const runtime = createRuntime(item);
    const next = runtime.applyChange({}, { payment_information: { month: 4, estimated_payment_date: null }, contents: [] }, { parent: { estimated_payment_date: '2026-12-01', company_id: 1 } });
    expect(next).toMatchObject({ estimated_payment_date: '2026-12-01', company_id: 1, payment_information: { month: 4, estimated_payment_date: '2026-12-01' } });
  });

  it('payment total = sum of its content lines rounded by the form currency; form total = sum of payments', () => {
    const data = computeFormData(payment, {
      currency_id: 2, company_id: 1, estimated_payment_date: '2026-12-01',
      transaction_items: [{ company_id: 1, payment_information: { month: 1 }, contents: [{ amount: 100.4 }, { amount: 0.4 }] }, { company_id: 1, contents: [{ amount: 9 }] }],
    }, { currencies });
    expect((data.transaction_items as any[]).map((i) => i.total)).toEqual([101, 9]);
    expect(data.total).toBe(110);
    expect((data.transaction_items as any[])[0].contents[0].company_id).toBe(1);
    expect((data.transaction_items as any[])[0].payment_information).toEqual({ month: 1, estimated_payment_date: '2026-12-01' });
  });

  it('drawdown hides the recipient account and lifts its checks', () => {
    const runtime = createRuntime(item);
    expect(runtime.visibility({ is_drawdown: true }).payment_recipient_account).toBe(false);
    expect(runtime.visibility({ is_drawdown: false }).payment_recipient_account).toBe(true);
    const messages = (data: Record<string, unknown>) => runtime.validate(data, {}, t).map((v) => v.propertyPath);
    expect(messages({ is_drawdown: true, contents: [{ content_type_id: 1, amount: 1 }] })).toEqual([]);
    expect(messages({ is_drawdown: false, contents: [{ content_type_id: 1, amount: 1 }] })).toEqual([
      'payment_recipient_account.name', 'payment_recipient_account.no', 'payment_recipient_account.bank_name', 'payment_recipient_account.branch_name',
    ]);
  });

  it('content: expense change clears date and destination; destination only for transportation', () => {
    const runtime = createRuntime(content);
    const prev = { content_type_id: 1, is_transportation: true, date: '2026-11-01', destination: 'Shanghai', amount: 3 };
    expect(runtime.applyChange(prev, { ...prev, content_type_id: 2 })).toMatchObject({ date: null, destination: null, amount: 3 });
    expect(runtime.visibility({ is_transportation: true })).toEqual({ destination: true });
    expect(runtime.visibility({ is_transportation: false })).toEqual({ destination: false });
  });

  it('bypass switches the first-approver notification off and hides the notification checkbox', () => {
    const runtime = createRuntime(payment);
    expect(runtime.applyChange({ bypass: false, send_notification_first_approval: true }, { bypass: true, send_notification_first_approval: true }).send_notification_first_approval).toBe(false);
    expect(runtime.applyChange({ bypass: true, send_notification_first_approval: false }, { bypass: false, send_notification_first_approval: false }).send_notification_first_approval).toBe(true);
    expect(runtime.visibility({ bypass: true })).toMatchObject({ send_notification_first_approval: false, approvals: false, save_approvers: false });
  });

  it('submits the body under transaction with bypass in the wrapper; payments are numbered from 1 and kept even at zero', () => {
    const payload = buildSubmitPayload(payment, { currency_id: 1, bypass: false, transaction_items: [{ total: 0 }, { total: 5 }] });
    expect(payload).toEqual({
      urgent: false, bypass: false, send_notification_first_approval: true, save_approvers: true, approvals: [],
      transaction: { currency_id: 1, transaction_items: [{ total: 0, index: 1 }, { total: 5, index: 2 }] },
    });
  });
});
