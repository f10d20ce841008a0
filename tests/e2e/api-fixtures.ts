import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './helpers';

// Documents filed through the API for journeys about what happens to them afterwards.

type Json = Record<string, any>;

/** A small API client for one user (English messages); `get`/`post` expect the given status. */
export async function client(request: APIRequestContext, email: string) {
  const token = await apiToken(request, email);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const get = async (path: string, params?: Record<string, string | number>): Promise<Json> => {
    const reply = await request.get(`/api${path}`, { headers, params });
    expect(reply.status(), `${path}: ${await reply.text()}`).toBe(200);
    return reply.json();
  };
  const post = async (path: string, data: unknown, status = 200): Promise<Json> => {
    const reply = await request.post(`/api${path}`, { headers, data });
    expect(reply.status(), `${path}: ${await reply.text()}`).toBe(status);
    return reply.json();
  };
  const profile = await get('/profile');
  return { token, headers, get, post, id: profile.id as number, profile };
}

export type Client = Awaited<ReturnType<typeof client>>;

/**
 * Files a payment of the employee's company (approver → finance → authorizer → treasury) with a
 * note and, optionally, e-invoice file ids the employee uploaded; `urgent` marks it 至急.
 */
export async function filePayment(request: APIRequestContext, note: string, eInvoices: number[] = [], options: { urgent?: boolean; expenseAccountId?: number } = {}): Promise<{ id: number; code: string; company: number }> {
  const [employee, approver, finance, authorizer, treasury] = await Promise.all(
    ['employee', 'approver', 'finance', 'authorizer', 'treasury'].map((who) => client(request, `${who}@example.com`)),
  );
  const company = employee.profile.company.id as number;
  const department = employee.profile.department.id as number;
  const currency = (await employee.get('/currencies', { itemsPerPage: 100 }))['hydra:member'].find((c: Json) => c.code === 'CNY').id;
  const steps = (await employee.get('/master_processes', { module_code: 'payment' }))['hydra:member'] as Json[];
  const expense = options.expenseAccountId ?? (await employee.get('/expense_accounts', { moduleCode: 'payment', companyId: company, itemsPerPage: 100 }))['hydra:member']
    .find((e: Json) => !e.is_transportation).id;
  const approverOf: Record<string, number> = { 'p-manager': approver.id, 'p-finance': finance.id, 'p-authorizer': authorizer.id, 'p-treasury': treasury.id };
  const body = {
    bypass: false, send_notification_first_approval: true, save_approvers: false, urgent: options.urgent === true,
    approvals: steps.filter((s) => approverOf[s.process.code]).map((s) => ({ approver_id: approverOf[s.process.code], master_process_id: s.id })),
    transaction: {
      currency_id: currency, company_id: company, department_id: department, estimated_payment_date: '2026-11-30',
      related_approval_id: null, total: 5000, e_invoices: eInvoices, application_papers: [], invoice_amount: null, invoice_note: null, note, user_finances: [],
      transaction_items: [{
        index: 1, total: 5000, company_id: company, department_id: department, related_approval_id: null, estimated_payment_date: '2026-11-30',
        page_number: 1, payment_information: { month: 11, estimated_payment_date: '2026-11-30' }, is_drawdown: false,
        payment_recipient_account: { name: 'Shibuya Office Rentals', no: '1234567', bank_name: 'Mizuho', branch_name: 'Shibuya' },
        related_supplier_account: null, related_items: [], item_e_invoices: [], item_application_papers: [],
        contents: [{ content_type_id: expense, is_transportation: false, company_id: company, amount: 5000, date: null, destination: null, note: 'Rent' }],
      }],
    },
  };
  const filed = await employee.post('/buffer/payment', body, 201);
  return { id: filed.id, code: filed.code, company };
}

/** A payment filed by the employee and approved by manager, finance and authorizer: waiting at its treasury step. */
export async function paymentAtTreasury(request: APIRequestContext, note: string): Promise<{ id: number; code: string; company: number }> {
  const doc = await filePayment(request, note);
  for (const who of ['approver', 'finance', 'authorizer']) {
    const user = await client(request, `${who}@example.com`);
    const view = await user.get(`/buffers/${doc.id}`);
    await user.post(`/approvals/${view.current_approval_id}/action`, { approve: true });
  }
  return doc;
}
