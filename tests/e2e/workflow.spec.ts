import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { engineEn, expectAlert, moduleTexts, openHome, openModule, pick, submit } from './application-helpers';
import { client, filePayment } from './api-fixtures';
import { openAs, texts } from './helpers';

// Approval journeys through the real server, under its real CSP: documents are filed through the
// API (fast and exact; one journey files through the application page); every approval action a
// journey is about is done through the UI, in English.
const en = texts.en;
const a = en.approvals;

type Json = Record<string, any>;

/** The list page on top (Home's own inline list stays mounted, hidden, under pushed pages). */
function listPage(page: Page, list: 'pending' | 'done' | 'initiated' | 'forwarded') {
  return page.getByTestId('approval-list-page').last().getByTestId(`approval-list-${list}`);
}

/** The success toast with `text`. */
function toast(page: Page, text: string) {
  return page.getByTestId('toast-success').filter({ hasText: text });
}

/** From Home: a shortcut's list, then the document's card → its detail page. */
async function openFromList(page: Page, list: 'pending' | 'done' | 'initiated' | 'forwarded', code: string) {
  await page.getByTestId('home').locator(`[data-shortcut="${list}"]`).click();
  const card = listPage(page, list).locator(`[data-code="${code}"]`);
  await card.click();
  await expect(page.getByTestId('page-title')).toHaveText(code);
  return page.getByTestId('document-detail');
}

/** Answers the shell's confirmation dialog. */
async function confirm(page: Page) {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: a.confirm.title });
  await dialog.getByRole('button', { name: en.common.ok }).click();
}

/** The status badge of `code` on a list (opened from Home). */
async function statusOnList(page: Page, list: 'pending' | 'done' | 'initiated' | 'forwarded', code: string) {
  await page.getByTestId('home').locator(`[data-shortcut="${list}"]`).click();
  return listPage(page, list).locator(`[data-code="${code}"]`);
}

/** A small valid PDF. */
function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
    + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

async function approveByApi(request: APIRequestContext, email: string, id: number) {
  const user = await client(request, email);
  const view = await user.get(`/buffers/${id}`);
  await user.post(`/approvals/${view.current_approval_id}/action`, { approve: true });
}

test.describe('Home', () => {
  test('shows the pending badge, the top tabs (Pending open, Initiated by keyboard) and the initiated list', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E home');
    await openAs(page, request, 'approver@example.com');
    await expect(page.locator('[data-shortcut="pending"] [data-testid="pending-badge"]')).toBeVisible();
    const home = page.getByTestId('home');
    await expect(home.getByRole('tab', { selected: true })).toHaveAccessibleName(a.lists.pending);
    await expect(home.getByRole('tabpanel').locator(`[data-code="${doc.code}"]`)).toBeVisible();
    await openAs(page, request, 'employee@example.com');
    // The requester's document is under Initiated, not Pending: two arrows right from Pending.
    await home.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(home.getByRole('tab', { selected: true })).toHaveAccessibleName(a.lists.initiated);
    await expect(home.getByRole('tab', { selected: true })).toBeFocused();
    await expect(home.getByRole('tabpanel').locator(`[data-code="${doc.code}"]`)).toContainText(a.waitingFor.replace('{{type}}', ''));
    await expect(await statusOnList(page, 'initiated', doc.code)).toContainText(a.waitingFor.replace('{{type}}', ''));
  });
});

test.describe('approval workflow', () => {
  test('a payment is approved with notify-next, paid by the treasury and shows completed on every list', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E complete');

    await openAs(page, request, 'approver@example.com');
    await expect(page.locator('[data-shortcut="pending"] [data-testid="pending-badge"]')).toBeVisible();
    const detail = await openFromList(page, 'pending', doc.code);
    await expect(detail.getByTestId('timeline').locator('[data-indicator="inProgress"]')).toHaveCount(1);
    const notify = detail.getByRole('checkbox', { name: a.actions.notifyNext });
    await expect(notify).toBeEnabled(); // the remembered choice has arrived
    await notify.check();
    await detail.getByRole('button', { name: a.actions.approve }).click();
    await confirm(page);
    await expect(toast(page, a.done.approved)).toBeVisible();
    await expect(listPage(page, 'pending').locator(`[data-code="${doc.code}"]`)).toHaveCount(0);
    const approver = await client(request, 'approver@example.com');
    expect((await approver.get(`/remember_email_push/next_user/${doc.id}`)).is_notified).toBe(true);

    await approveByApi(request, 'finance@example.com', doc.id);
    await approveByApi(request, 'authorizer@example.com', doc.id);

    const treasury = await client(request, 'treasury@example.com');
    const account = (await treasury.get('/companies/bank_accounts', { companyId: doc.company }))['hydra:member'][0];
    await openAs(page, request, 'treasury@example.com');
    const paid = await openFromList(page, 'pending', doc.code);
    const form = paid.getByTestId('treasury-form');
    await form.getByRole('button', { name: new RegExp(moduleTexts('approvals-treasury').account_id.label) }).click();
    await page.getByRole('button', { name: new RegExp(`${account.bank_name} - ${account.branch}`) }).click();
    await form.getByPlaceholder('YYYY/MM/DD').fill('2026/11/30');
    await form.locator('input[type="file"]').setInputFiles({ name: 'deal-slip.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await expect(form.getByText('deal-slip.pdf')).toBeVisible();
    await paid.getByTestId('action-bar').getByRole('button', { name: a.actions.approve, exact: true }).click();
    await confirm(page);
    await expect(toast(page, a.done.approved)).toBeVisible();

    const view = await treasury.get(`/buffers/${doc.id}`);
    expect(view.status).toBe(2);
    expect(view.data).toMatchObject({ account_id: account.id, payment_date: '2026-11-30' });
    await page.getByRole('button', { name: en.toolbar.back }).click();
    await expect(await statusOnList(page, 'done', doc.code)).toContainText(a.status['2']);
    await page.getByRole('button', { name: en.toolbar.back }).click();
    await expect(await statusOnList(page, 'pending', doc.code)).toHaveCount(0);

    await openAs(page, request, 'employee@example.com');
    await expect(await statusOnList(page, 'initiated', doc.code)).toContainText(a.status['2']);
  });

  test('the signer adds the signed seal documents at the signer step; the detail card shows them', async ({ page, request }) => {
    const [employee, approver, legal] = await Promise.all(['employee', 'approver', 'legal'].map((who) => client(request, `${who}@example.com`)));
    const module = 'corporate-seal';
    const headers = { authorization: `Bearer ${employee.token}`, 'accept-language': 'en' };
    const uploaded = await request.post('/api/files', { headers, multipart: { file: { name: 'seal-plan.pdf', mimeType: 'application/pdf', buffer: pdf() }, document_type: 'corporate-seal-plan' } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const plan = (await uploaded.json()).id as number;
    const type = (await employee.get('/corporate_seal_types'))['hydra:member'][0].id;
    const party = (await employee.get('/companies-external', { itemsPerPage: 10 }))['hydra:member'][0].id;
    const steps = (await employee.get('/master_processes', { module_code: module }))['hydra:member'] as Json[];
    const approverOf: Record<string, number> = { 'p-manager': approver.id, 'p-signer': legal.id };
    const filed = await employee.post(`/buffer/${module}`, {
      send_notification_first_approval: false, save_approvers: false,
      approvals: steps.filter((s) => approverOf[s.process.code]).map((s) => ({ approver_id: approverOf[s.process.code], master_process_id: s.id })),
      type_id: type, purpose_keys: ['signature'], stamped_party_full_name: 'Acme Partners Co., Ltd.', contract_party_id: party,
      stamped_doc_full_names: ['Service agreement'], document_plan_files: [plan], user_finances: [],
    }, 201);
    await approveByApi(request, 'approver@example.com', filed.id);

    await openAs(page, request, 'legal@example.com');
    const detail = await openFromList(page, 'pending', filed.code);
    const form = detail.getByTestId('step-fields-form');
    await expect(form).toBeVisible();
    await form.locator('input[type="file"]').setInputFiles({ name: 'signed-seal.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await expect(form.getByText('signed-seal.pdf')).toBeVisible();
    // In the language the page shows (a user's stored language may differ from the test's).
    const lang = (await page.evaluate(() => document.documentElement.lang)) as keyof typeof texts;
    const shown = texts[lang in texts ? lang : 'en'];
    await detail.getByTestId('action-bar').getByRole('button', { name: shown.approvals.actions.approve, exact: true }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: shown.approvals.confirm.stepFields });
    await dialog.getByRole('button', { name: shown.common.ok }).click();
    await expect(toast(page, shown.approvals.done.approved)).toBeVisible();

    const view = await employee.get(`/buffers/${filed.id}`);
    expect(view.status).toBe(2);
    expect(view.data.document_signed_files).toHaveLength(1);
    // The applicant's detail card lists the signed file.
    await openAs(page, request, 'employee@example.com');
    const done = await openFromList(page, 'initiated', filed.code);
    await expect(done.getByText('signed-seal.pdf')).toBeVisible();
    expect((await legal.get(`/buffers/${filed.id}`)).step_fields).toEqual([]);
  });

  test('an approver rejects; the applicant sees it rejected', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E reject');
    await openAs(page, request, 'approver@example.com');
    const detail = await openFromList(page, 'pending', doc.code);
    await detail.getByRole('button', { name: a.actions.reject }).click();
    await confirm(page);
    await expect(toast(page, a.done.rejected)).toBeVisible();

    await openAs(page, request, 'employee@example.com');
    await expect(await statusOnList(page, 'initiated', doc.code)).toContainText(a.status['3']);
  });

  test('the applicant withdraws a document nobody approved yet', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E withdraw');
    await openAs(page, request, 'employee@example.com');
    const detail = await openFromList(page, 'initiated', doc.code);
    await detail.getByRole('button', { name: a.actions.withdraw }).click();
    await confirm(page);
    await expect(toast(page, a.done.withdrawn)).toBeVisible();
    // Withdraw returns to the submit page of the module.
    await expect(page.getByTestId('application-page')).toHaveAttribute('data-module', 'payment');
    await page.getByRole('button', { name: en.toolbar.back }).click();
    await expect(page.getByTestId('approval-list-page')).toBeVisible();
    const employee = await client(request, 'employee@example.com');
    expect((await employee.get(`/buffers/${doc.id}`)).status).toBe(10);
  });

  test('an approver steps a document back to the previous step', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E step back');
    await approveByApi(request, 'approver@example.com', doc.id);
    await openAs(page, request, 'finance@example.com');
    const detail = await openFromList(page, 'pending', doc.code);
    await detail.getByRole('button', { name: a.actions.stepBack }).click();
    await confirm(page);
    await expect(toast(page, a.done.steppedBack)).toBeVisible();
    const employee = await client(request, 'employee@example.com');
    const view = await employee.get(`/buffers/${doc.id}`);
    expect(view.status).toBe(0);
    expect(view.current_approval_id).toBe(view.approvals[0].id);
    expect(view.approvals[0]).toMatchObject({ status: 0, active: true });
  });

  test('an employee files a payment through the application page; it waits on the approver\'s Pending list', async ({ page, request }) => {
    const main = page.getByRole('main');
    const next = () => main.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
    await openHome(page, request);
    await openModule(page, moduleTexts('payment').title);
    await pick(page, 'Company', 'Ringi Holdings');
    await pick(page, 'Department', 'Sales');
    await main.getByRole('button', { name: engineEn.widgets.items.add, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Payment 1$/ })).toBeVisible();
    for (const [label, value] of [['Payment month', '12'], ['Account name', 'Vendor KK'], ['Account number', '7654321'], ['Bank name', 'SMBC'], ['Branch name', 'Umeda']]) {
      await main.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await main.getByRole('button', { name: engineEn.widgets.items.add, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Content 1$/ })).toBeVisible();
    // A transportation account (seeded for every company): its Destination field must show.
    await pick(page, 'Expense', 'Freight and transport');
    await main.getByRole('textbox', { name: 'Amount', exact: true }).fill('300');
    await main.getByRole('textbox', { name: 'Date', exact: true }).fill('2026/12/01');
    await main.getByRole('textbox', { name: 'Destination', exact: true }).fill('Osaka');
    await next();
    await expect(page.getByRole('heading', { level: 1, name: /^Payment 1$/ })).toBeVisible();
    await next();
    await main.getByRole('textbox', { name: 'Estimated payment date', exact: true }).fill('2026/12/28');
    await submit(page);
    const code = await expectAlert(page, engineEn.renderer.submitted, /^PAY-\d{4}-\d{6}$/);

    const approver = await client(request, 'approver@example.com');
    const pending = await approver.get('/approvals/my', { search: code });
    expect(pending['hydra:member'].map((item: Json) => item.buffer.code)).toEqual([code]);
  });

  test('Submit again pops the detail and the list and opens the form pre-filled with the document', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E submit again');
    await openAs(page, request, 'employee@example.com');
    const detail = await openFromList(page, 'initiated', doc.code);
    await detail.getByRole('button', { name: a.more.title }).click();
    await page.getByRole('menuitem', { name: a.more.submitAgain }).click();
    const form = page.getByTestId('application-page');
    await expect(form).toHaveAttribute('data-module', 'payment');
    await expect(form.getByRole('textbox', { name: 'Estimated payment date', exact: true })).toHaveValue('2026/11/30');
    await page.getByRole('button', { name: en.toolbar.back }).click();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByRole('button', { name: en.toolbar.back })).toHaveCount(0);
  });

  test('an approver edits a document: confirmation, saved, and the field history shows the change', async ({ page, request }) => {
    const doc = await filePayment(request, 'E2E before edit');
    await openAs(page, request, 'approver@example.com');
    const detail = await openFromList(page, 'pending', doc.code);
    await detail.getByRole('button', { name: a.edit.title }).click();
    const edit = page.getByTestId('edit-page');
    const note = edit.getByRole('textbox', { name: 'Tax note', exact: true });
    await expect(note).toHaveValue('E2E before edit');
    await note.fill('E2E after edit');
    await edit.getByRole('button', { name: engineEn.renderer.submit, exact: true }).click();
    await confirm(page);
    await expectAlert(page, a.edit.saved, doc.code);
    await expect(page.getByTestId('edit-page')).toHaveCount(0);
    const approver = await client(request, 'approver@example.com');
    expect((await approver.get(`/buffers/${doc.id}`)).data.note).toBe('E2E after edit');
    const history = await approver.get(`/buffer/${doc.id}/last-history`);
    expect(history['hydra:member'].map((h: Json) => [h.field, h.value])).toEqual([['note', 'E2E after edit']]);

    await detail.getByRole('button', { name: a.edit.title }).click();
    await expect(page.getByTestId('field-history')).toContainText('E2E after edit');
  });
});

test.describe('Deputies', () => {
  test('a principal names a deputy in Admin → Deputies; the deputy approves on their behalf and the timeline says so', async ({ page, request }) => {
    const d = texts.en.deputies as Json;
    const approver = await client(request, 'approver@example.com');
    const legal = await client(request, 'legal@example.com');
    const today = new Date();
    const day = `${today.getFullYear()}/${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}`;
    try {
      await openAs(page, request, 'approver@example.com');
      await page.goto('/admin');
      await page.locator('[data-entry="deputies"]').click();
      const screen = page.getByTestId('deputies');
      await screen.getByTestId('deputy-add').click();
      await screen.getByTestId('deputy-pick').click();
      await page.getByRole('searchbox').last().fill(legal.profile.name.split(' ')[0]);
      await page.getByRole('button', { name: legal.profile.name }).click();
      await expect(screen.getByTestId('deputy-pick')).toContainText(legal.profile.name);
      const [from, to] = await screen.getByPlaceholder('YYYY/MM/DD').all();
      await from.fill(day);
      await to.fill(day);
      await screen.getByRole('button', { name: d.save }).click();
      await expect(toast(page, d.saved)).toBeVisible();
      await expect(screen.getByTestId('deputy-row').filter({ hasText: legal.profile.name })).toContainText(d.state.active);

      // A payment waiting for the principal: the deputy finds it on their Pending list and approves it.
      const doc = await filePayment(request, 'E2E deputy');
      await openAs(page, request, 'legal@example.com');
      await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
      const card = listPage(page, 'pending').locator(`[data-code="${doc.code}"]`);
      await expect(card).toContainText(approver.profile.name);
      await card.click();
      const detail = page.getByTestId('document-detail');
      await expect(detail.getByTestId('acting-for')).toContainText(approver.profile.name);
      await detail.getByRole('button', { name: a.actions.approve }).click();
      await confirm(page);
      await expect(toast(page, a.done.approved)).toBeVisible();

      // The applicant's timeline: the deputy on behalf of the principal.
      await openAs(page, request, 'employee@example.com');
      const mine = await openFromList(page, 'initiated', doc.code);
      await expect(mine.getByTestId('timeline')).toContainText(`${legal.profile.name} on behalf of ${approver.profile.name}`);
    } finally {
      for (const arrangement of (await approver.get('/deputies'))['hydra:member'] as Json[]) {
        await request.delete(`/api/deputies/${arrangement.id}`, { headers: approver.headers });
      }
    }
  });
});
