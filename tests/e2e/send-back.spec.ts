import { expect, test, type Page } from '@playwright/test';
import { client, filePayment } from './api-fixtures';
import { openAs, texts } from './helpers';

// Issue #20: an approver sends a document back to a chosen earlier step, and the "For your
// information" list (回覧) shows a circulated document and marks it read. Documents are filed
// through the API; the journeys' actions go through the UI, in English.
const en = texts.en;
const a = en.approvals;
const fyi = en.circulated;

type Json = Record<string, any>;

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

async function confirm(page: Page) {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: a.confirm.title });
  await dialog.getByRole('button', { name: en.common.ok }).click();
}

test.describe('send back and circulation (issue 20)', () => {
  test('an approver sends a document back to the first step; its approver decides again', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E send back');
    const employee = await client(request, 'employee@example.com');
    const filed = await employee.get(`/buffers/${doc.id}`);
    const first = filed.approvals.find((s: Json) => s.status === 0)!;
    const approver = await client(request, 'approver@example.com');
    await approver.post(`/approvals/${first.id}/action`, { approve: true });
    const atSecond = await employee.get(`/buffers/${doc.id}`);
    const second = atSecond.approvals.find((s: Json) => s.id === atSecond.current_approval_id)!;
    expect(second.position).toBeGreaterThan(first.position);

    // The second step's approver (finance@ on the demo payment route) sends it back from the detail page.
    await openAs(page, request, 'finance@example.com');
    await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
    await page.getByTestId('approval-list-page').last().locator(`[data-code="${doc.code}"]`).click();
    const detail = page.getByTestId('document-detail');
    await detail.getByRole('button', { name: a.actions.sendBack }).click();
    const dialog = page.getByTestId('send-back-dialog');
    const firstName = first.master_process.process.name as string;
    await dialog.getByLabel(a.sendBack.stepBy.replace('{{step}}', firstName).replace('{{name}}', approver.profile.name)).check();
    await dialog.getByRole('button', { name: a.sendBack.send }).click();
    await confirm(page);
    await expect(toast(page, a.done.sentBack)).toBeVisible();

    const view = await employee.get(`/buffers/${doc.id}`);
    expect(view.status).toBe(0);
    expect(view.current_approval_id).toBe(first.id);
    expect(view.approvals.find((s: Json) => s.id === first.id)).toMatchObject({ status: 0, active: true, approver: null });
    expect(view.approvals.find((s: Json) => s.id === first.id).approval_logs.map((l: Json) => l.action)).toContain('send_back');
    // It waits on the first step's approver's Pending list again.
    expect((await approver.get('/approvals/my', { search: doc.code }))['hydra:member'].map((s: Json) => s.id)).toEqual([first.id]);
  });

  test('a document sent back to its requester is their to-do on Home (badge, marked card) until they resubmit it', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E sent back to the requester');
    const employee = await client(request, 'employee@example.com');
    const approver = await client(request, 'approver@example.com');
    const filed = await employee.get(`/buffers/${doc.id}`);
    await approver.post(`/approvals/${filed.current_approval_id}/action`, { approve: false, back_to: 'requester' });

    await openAs(page, request, 'employee@example.com');
    const home = page.getByTestId('home');
    await expect(home.locator('[data-shortcut="pending"] [data-testid="pending-badge"]')).toBeVisible();
    await expect(home.getByRole('tab', { selected: true })).toHaveAccessibleName(a.lists.pending);
    const card = home.getByRole('tabpanel').locator(`[data-code="${doc.code}"]`);
    await expect(card).toContainText(a.sentBackToYou);
    await card.click();
    const detail = page.getByTestId('document-detail');
    await detail.getByRole('button', { name: a.actions.resubmit }).click();
    await confirm(page);
    await expect(toast(page, a.done.resubmitted)).toBeVisible();
    await expect(home.getByRole('tabpanel').locator(`[data-code="${doc.code}"]`)).toHaveCount(0);
    expect((await employee.get('/approvals/my', { search: doc.code }))['hydra:member']).toHaveLength(0);
    // It waits for its first approver again.
    expect((await approver.get('/approvals/my', { search: doc.code }))['hydra:member'].map((s: Json) => s.awaiting)).toEqual(['approver']);
  });

  test('the For your information list shows a circulated document; opening it marks it read', async ({ page, request }) => {
    const employee = await client(request, 'employee@example.com');
    const finance = await client(request, 'finance@example.com');
    const company = employee.profile.company.id as number;
    const currency = (await employee.get('/currencies', { itemsPerPage: 100 }))['hydra:member'].find((c: Json) => c.code === 'CNY').id;
    const account = (await finance.get('/companies/bank_accounts', { companyId: company }))['hydra:member'][0].id;
    const steps = (await employee.get('/master_processes', { module_code: 'collection-report' }))['hydra:member'] as Json[];
    const financeStep = steps.find((s) => s.process.code === 'p-finance')!;
    // The collection report circulates to the requester's colleagues (approver@ works in employee@'s department).
    const filed = await employee.post('/buffer/collection-report', {
      send_notification_first_approval: false, save_approvers: false,
      approvals: [{ approver_id: finance.id, master_process_id: financeStep.id }],
      company_id: company, department_id: employee.profile.department.id, customer_name: 'E2E circulation customer',
      currency_id: currency, amount: 700, receipt_account_id: account, user_finances: [],
    }, 201);

    await openAs(page, request, 'approver@example.com');
    const shortcut = page.getByTestId('home').locator('[data-shortcut="circulated"]');
    await expect(shortcut.getByTestId('circulated-badge')).toBeVisible();
    await shortcut.click();
    const list = page.getByTestId('circulated-list');
    const item = list.locator(`[data-circulated="${filed.code}"]`);
    await expect(item).toHaveAttribute('data-read', 'unread');
    await item.locator(`[data-code="${filed.code}"]`).click();
    await expect(page.getByTestId('page-title')).toHaveText(filed.code);
    await expect(page.getByTestId('document-detail')).toBeVisible();
    await expect(page.getByTestId('document-detail').getByTestId('timeline')).toBeVisible();
    await page.getByRole('button', { name: en.toolbar.back, exact: true }).click();

    // Opening it read it (issue 31 item 5): back on the list it is read, with nothing left to mark.
    await expect(item).toHaveAttribute('data-read', 'read');
    await expect(list.getByRole('button', { name: fyi.markReadOf.replace('{{code}}', filed.code) })).toHaveCount(0);
    const approver = await client(request, 'approver@example.com');
    const unread = await approver.get('/buffer/circulated', { unread: 1, itemsPerPage: 100 });
    expect(unread['hydra:member'].map((b: Json) => b.code)).not.toContain(filed.code);
  });
});
