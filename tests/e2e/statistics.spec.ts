import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { client, filePayment, type Client } from './api-fixtures';
import { openHome } from './application-helpers';
import { apiToken, readLocale, TOKEN_KEY } from './helpers';
import { fileThroughForm, journeyOf, LAUNCHED, openLaunched, readJson } from './module-journeys';

type Json = Record<string, any>;
const en = readLocale<Json>('en', 'app');
const st = readLocale<Json>('en', 'statistic');

/** Files a payment of the employee's company with one uploaded e-invoice (a PDF). */
async function paymentWithFile(request: APIRequestContext, fileName: string): Promise<{ code: string; id: number; company: number }> {
  const employee = await client(request, 'employee@example.com');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
    + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
  const upload = await request.post('/api/files', { headers: employee.headers, multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: pdf }, document_type: 'e-invoice' } });
  expect(upload.status(), await upload.text()).toBe(201);
  const file = (await upload.json()).id as number;
  return filePayment(request, 'Rent', [file]);
}

/** Takes a filed payment through every step (manager, finance, authorizer, then the treasury's account, date and deal slip). */
async function approveAll(request: APIRequestContext, doc: { id: number; company: number }): Promise<void> {
  for (const who of ['approver', 'finance', 'authorizer']) {
    const user = await client(request, `${who}@example.com`);
    const view = await user.get(`/buffers/${doc.id}`);
    const reply = await request.post(`/api/approvals/${view.current_approval_id}/action`, { headers: user.headers, data: { approve: true } });
    expect(reply.status(), await reply.text()).toBe(200);
  }
  const treasury = await client(request, 'treasury@example.com');
  const account = (await treasury.get('/companies/bank_accounts', { companyId: doc.company }))['hydra:member'][0];
  const slip = await request.post('/api/files', { headers: treasury.headers, multipart: { file: { name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }, document_type: 'deal-slip' } });
  expect(slip.status(), await slip.text()).toBe(201);
  const view = await treasury.get(`/buffers/${doc.id}`);
  const paid = await request.post(`/api/approvals/${view.current_approval_id}/action`, {
    headers: treasury.headers, data: { approve: null, data: { account_id: account.id, payment_date: '2026-11-30', deal_slips: [(await slip.json()).id] } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Opens the app as `email` in English on the Statistic tab. */
async function openStatistic(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const token = await apiToken(request, email);
  // Stored before any script of the app runs: a first load of the app could otherwise store its
  // default language over ours while it starts (seen as Japanese menus under load).
  await page.addInitScript(([key, value]) => { localStorage.setItem(key, value); localStorage.setItem('ringi.lang', 'en'); }, [TOKEN_KEY, token] as const);
  await page.goto('/statistic');
  await expect(page.getByTestId('statistic')).toBeVisible();
}

test('finance searches today\'s documents, downloads a zip of files and opens an application', async ({ page, request }) => {
  const fileName = `invoice-${Date.now()}.pdf`;
  const { code } = await paymentWithFile(request, fileName);
  await openStatistic(page, request, 'finance@example.com');
  await page.getByRole('button', { name: en.statistic.documentSearch }).click();
  const search = page.getByTestId('document-search');
  await expect(search.getByTestId('filter-description')).toContainText(st.search.periodTypes.createdAt);
  const card = search.locator(`[data-code="${code}"]`);
  await expect(card).toBeVisible();

  // The filter sheet refuses a missing period type with the spec's alert.
  await search.getByRole('button', { name: st.search.change }).click();
  const sheet = page.getByTestId('search-filter-sheet');
  await sheet.getByLabel(st.search.filter.vendor).fill('Shibuya');
  await sheet.getByRole('button', { name: st.common.apply }).click();
  await expect(search.getByTestId('filter-description')).toContainText('Shibuya');
  await expect(search.locator(`[data-code="${code}"]`)).toBeVisible();

  await search.getByRole('tab', { name: st.search.tabs.files }).click();
  const row = search.getByTestId('found-file').filter({ hasText: fileName });
  await expect(row).toBeVisible();
  await search.getByRole('button', { name: st.search.selectFiles }).click();
  await row.getByRole('checkbox').check();
  const downloading = page.waitForEvent('download');
  await search.getByRole('button', { name: st.search.download.replace('{{n}}', '1') }).click();
  const download = await downloading;
  const path = await download.path();
  const bytes = (await import('node:fs')).readFileSync(path!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.toString('latin1')).toContain(`${code}/${fileName}`);
  await expect(page.getByTestId('toast-success').filter({ hasText: st.search.downloaded })).toBeVisible();

  await search.getByRole('tab', { name: st.search.tabs.applications }).click();
  await search.locator(`[data-code="${code}"]`).click();
  await expect(page.getByTestId('page-title')).toHaveText(code);
  await expect(page.getByTestId('document-detail')).toBeVisible();
  await expect(page.getByRole('button', { name: en.approvals.more.title })).toHaveCount(0);
});

test('a reader outside the route opens a completed application from the document search and sees and opens its attachment', async ({ page, request }) => {
  const fileName = `audit-${Date.now()}.pdf`;
  const doc = await paymentWithFile(request, fileName);
  await approveAll(request, doc);
  const { code } = doc;
  // The admin reads the group's documents through the Statistic scope only: no step, no comment names them.
  await openStatistic(page, request, 'admin@example.com');
  await page.getByRole('button', { name: en.statistic.documentSearch }).click();
  const search = page.getByTestId('document-search');
  await search.locator(`[data-code="${code}"]`).click();
  const detail = page.getByTestId('document-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByText(fileName).first()).toBeVisible();
  // A completed document lists its e-invoices; their link is the statistics one, and it opens.
  const invoice = page.getByTestId('invoice-files').getByRole('link', { name: fileName });
  await expect(invoice).toBeVisible();
  const href = await invoice.getAttribute('href');
  expect(href).toMatch(/^\/api\/statistic_files\/\d+\?token=/);
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.screenshot({ path: test.info().outputPath('document-search-detail.png'), fullPage: true });
});

test('treasury sees the payment projection: a card per bank and the chart, in Chinese too', async ({ page, request }) => {
  await paymentWithFile(request, `projection-${Date.now()}.pdf`);
  await openStatistic(page, request, 'treasury@example.com');
  await page.getByRole('button', { name: en.statistic.paymentProjection }).click();
  const screen = page.getByTestId('payment-projection');
  await screen.getByLabel(st.projection.period, { exact: true }).selectOption('upToToday');
  await screen.getByLabel(st.projection.period, { exact: true }).selectOption('next2week');
  // The filed payment is due 2026-11-30: it is pending, so the pending bucket always has a bar.
  await expect(screen.getByTestId('projection-chart').locator('figure[data-currency]').first()).toBeVisible();
  await screen.getByLabel(st.projection.period, { exact: true }).selectOption('passed');
  await expect(screen.getByTestId('projection-chart')).toContainText('CNY');
  const zh = readLocale<Json>('zh', 'statistic');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
  await expect(screen.getByLabel(zh.projection.period, { exact: true })).toBeVisible();
});

test('finance registers invoices: register list, upload e-invoice and paper (icon turns green), confirm', async ({ page, request }) => {
  const doc = await paymentWithFile(request, `approved-${Date.now()}.pdf`);
  await approveAll(request, doc);
  await openStatistic(page, request, 'finance@example.com');
  await page.getByRole('button', { name: en.statistic.invoiceManagement }).click();
  const screen = page.getByTestId('invoice-management');
  const paymentTab = screen.getByRole('tab', { name: readLocale<Json>('en', 'payment').title });
  await paymentTab.click();
  await expect(screen.getByRole('button', { name: st.invoices.confirm })).toBeDisabled();

  await screen.getByRole('button', { name: st.invoices.register, exact: true }).click();
  const registerList = page.getByTestId('invoice-register');
  await registerList.getByLabel(st.invoices.search).fill(doc.code);
  await registerList.locator(`[data-code="${doc.code}"]`).getByRole('checkbox').check();
  await registerList.getByRole('button', { name: st.invoices.add.replace('{{n}}', '1') }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: st.invoices.registered })).toBeVisible();

  const row = screen.locator(`[data-code="${doc.code}"]`);
  await expect(row).toBeVisible();
  const icon = row.getByRole('button', { name: st.invoices.upload.replace('{{code}}', doc.code) });
  await expect(icon).toHaveAttribute('data-ready', 'false');
  await icon.click();
  const form = page.getByTestId('invoice-upload');
  const pdf = { name: 'e-invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
  await form.getByLabel(st.invoices.choose.replace('{{kind}}', st.invoices.kinds.e_invoices)).setInputFiles(pdf);
  await expect(form.getByText('e-invoice.pdf')).toBeVisible();
  await form.getByLabel(st.invoices.choose.replace('{{kind}}', st.invoices.kinds.application_papers)).setInputFiles({ ...pdf, name: 'paper.pdf' });
  await expect(form.getByText('paper.pdf')).toBeVisible();
  await form.getByRole('button', { name: st.invoices.submit }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: st.invoices.submitted })).toBeVisible();
  await expect(row.getByRole('button', { name: st.invoices.uploadReady.replace('{{code}}', doc.code) })).toHaveAttribute('data-ready', 'true');

  await row.getByRole('checkbox').check();
  await expect(screen.getByText(st.invoices.selected.replace('{{n}}', '1'))).toBeVisible();
  await screen.getByRole('button', { name: st.invoices.confirm }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: st.invoices.approved })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('finance exports a completed payment as XLSX: progress, the e-mail toast, and the report attached to a mail in the outbox', async ({ page, request }) => {
  const doc = await paymentWithFile(request, `export-${Date.now()}.pdf`);
  await approveAll(request, doc);
  const today = new Date().toISOString().slice(0, 10);
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const before = existsSync(outbox) ? new Set(readdirSync(outbox)) : new Set<string>();
  await openStatistic(page, request, 'finance@example.com');
  await page.getByRole('button', { name: en.statistic.export, exact: true }).click();
  const form = page.getByTestId('export');
  await form.getByRole('combobox', { name: st.export.module }).selectOption('payment');
  await form.getByLabel(st.export.from, { exact: true }).fill(today);
  await form.getByLabel(st.export.to, { exact: true }).fill(today);
  await form.getByRole('radio', { name: 'XLSX' }).check();
  await form.getByRole('button', { name: st.export.submit }).click();
  await expect(page.getByTestId('toast-success')).toContainText(st.export.sent);
  await expect(page.getByTestId('export')).toHaveCount(0);
  const fileName = `payment-${today}-${today}.xlsx`;
  await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox) : []).filter((name) => !before.has(name))
    .some((name) => readFileSync(join(outbox, name), 'utf8').includes(fileName))).toBe(true);
});

test('finance adds a company bank account through approval; it is listed once the request completes', async ({ page, request }) => {
  const bank = readLocale<Json>('en', 'company-bank-account');
  const engine = readLocale<Json>('en', 'engine');
  const branch = `Branch ${Date.now()}`;
  await openStatistic(page, request, 'finance@example.com');
  await page.getByRole('button', { name: en.statistic.companyBankAccount }).click();
  const finance = await client(request, 'finance@example.com');
  const companyName = finance.profile.company.name as string;
  await page.getByTestId('bank-account-companies').getByRole('button', { name: new RegExp(companyName) }).click();
  const accounts = page.getByTestId('company-bank-accounts');
  await expect(accounts.getByRole('list', { name: st.accounts.bankAccounts })).toBeVisible();
  await accounts.getByRole('button', { name: st.accounts.add }).click();
  await expect(page.getByRole('button', { name: engine.renderer.submit, exact: true })).toBeEnabled();
  await page.getByRole('textbox', { name: bank.bank_name.label, exact: true }).fill('Resona Bank');
  await page.getByRole('textbox', { name: bank.branch.label, exact: true }).fill(branch);
  // The account number format is the server's rule too: a bad one is refused with the form's message.
  await page.getByRole('textbox', { name: bank.number.label, exact: true }).fill('12AB');
  await page.getByRole('radio', { name: bank.type.options.ordinary }).check();
  await page.getByRole('button', { name: engine.renderer.submit, exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(bank.messages.numberFormat);
  await alert.getByRole('button').click();
  await page.getByRole('textbox', { name: bank.number.label, exact: true }).fill('1357-9246');
  await page.getByRole('button', { name: engine.renderer.submit, exact: true }).click();
  await expect(alert).toContainText(/CBA-/);
  await alert.getByRole('button').click();
  await expect(page.getByTestId('toast-success')).toContainText(st.accounts.filed);
  await expect(accounts.getByText(new RegExp(branch))).toHaveCount(0);

  // The request travels its approval chain (given through the API; the approval screens have journeys of their own).
  const filed = (await finance.get('/my-buffers', { itemsPerPage: 5 }))['hydra:member'].find((b: Json) => String(b.code).startsWith('CBA-'));
  // Each step is approved by whoever the route names for it (the requester's head may be skipped):
  // the first demo approver whose view of the document allows approving acts, until none is left.
  const approvers = await Promise.all(['approver', 'approver2', 'authorizer', 'admin'].map((who) => client(request, `${who}@example.com`)));
  for (let round = 0; round < 5; round += 1) {
    let acted = false;
    for (const user of approvers) {
      const reply = await request.get(`/api/buffers/${filed.id}`, { headers: user.headers });
      if (reply.status() !== 200) continue;
      const view = await reply.json();
      if (!view.can?.approve || !view.current_approval_id) continue;
      const action = await request.post(`/api/approvals/${view.current_approval_id}/action`, { headers: user.headers, data: { approve: true } });
      expect(action.status(), await action.text()).toBe(200);
      acted = true;
      break;
    }
    if (!acted) break;
  }
  await accounts.getByRole('searchbox').fill('Resona');
  await expect(accounts.getByText(`Resona Bank - ${branch}`)).toBeVisible();
});

type ModuleFacts = { 'ui:module': { statistics?: { stamp?: { party: string } } } } & Record<string, { 'ui:options'?: { documentType?: string } }>;

/**
 * The stamp module quickest to file through its form: of the modules with a Home launcher whose
 * definition lists them in stamp statistics (`statistics.stamp`), the one whose journey script
 * has the fewest steps (derived from the definitions, never named here).
 */
function quickestStampModule(): string {
  const candidates = LAUNCHED.flatMap((code) => {
    const journey = journeyOf(code);
    const stamp = readJson<ModuleFacts>(`uiSchemas/${code}.json`)['ui:module'].statistics?.stamp;
    return stamp && journey && 'steps' in journey ? [{ code, steps: journey.steps.length }] : [];
  });
  expect(candidates.length, 'a launched module with statistics.stamp and a journey script').toBeGreaterThan(0);
  return candidates.sort((a, b) => a.steps - b.steps)[0].code;
}

/**
 * Approves every step of a document through the API, each by its first prospective approver
 * (a demo user), filling what the step fills (the signer's signed files: an upload of that user,
 * of the uploader's document type from the UI schema) — until the document completes.
 */
async function completeThroughApi(request: APIRequestContext, code: string, id: number, requester: Client): Promise<void> {
  const demo = await Promise.all(['approver', 'finance', 'authorizer', 'treasury', 'legal', 'admin'].map((who) => client(request, `${who}@example.com`)));
  const ui = readJson<ModuleFacts>(`uiSchemas/${code}.json`);
  for (let round = 0; round < 10; round++) {
    const view = await requester.get(`/buffers/${id}`);
    if (view.status !== 0) break;
    const step = view.approvals.find((a: Json) => a.id === view.current_approval_id);
    const approver = demo.find((u) => step.prospective_approvers.some((p: Json) => p.id === u.id));
    expect(approver, `a demo user among ${JSON.stringify(step.prospective_approvers)}`).toBeDefined();
    const own = await approver!.get(`/buffers/${id}`);
    const data: Record<string, number[]> = {};
    for (const field of own.step_fields as string[]) {
      const upload = await request.post('/api/files', { headers: approver!.headers, multipart: {
        file: { name: 'signed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        document_type: ui[field]?.['ui:options']?.documentType ?? 'attachment',
      } });
      expect(upload.status(), await upload.text()).toBe(201);
      data[field] = [(await upload.json()).id];
    }
    await approver!.post(`/approvals/${step.id}/action`, { approve: true, ...(Object.keys(data).length ? { data } : {}) });
  }
  expect((await requester.get(`/buffers/${id}`)).status).toBe(2);
}

test('legal finds a filed stamp document in Stamp statistics by applicants, party, currency and period, and downloads it as XLSX', async ({ page, request }) => {
  const code = quickestStampModule();
  const party = readJson<ModuleFacts>(`uiSchemas/${code}.json`)['ui:module'].statistics!.stamp!.party;
  await openHome(page, request, 'employee@example.com');
  await openLaunched(page, code);
  const filed = await fileThroughForm(page, code);
  const employee = await client(request, 'employee@example.com');
  const doc = (await employee.get('/my-buffers', { itemsPerPage: 5 }))['hydra:member'].find((b: Json) => b.code === filed);
  await completeThroughApi(request, code, doc.id, employee);
  const partyName = (await employee.get(`/companies/${(await employee.get(`/buffers/${doc.id}`)).data[party]}`)).name as string;
  const second = await client(request, 'finance@example.com');
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  await openHome(page, request, 'legal@example.com');
  await page.getByTestId('launchers').getByRole('button', { name: en.launchers.stampStatistics, exact: true }).click();
  const screen = page.getByTestId('stamp-statistics');
  await expect(screen).toBeVisible();
  const row = screen.getByTestId('stamp-row').filter({ hasText: filed });
  const sheet = page.getByTestId('stamp-filter-sheet');
  const engine = readLocale<Json>('en', 'engine');

  // Applicants: two people through the user multi-select (Add (2)).
  await screen.getByRole('button', { name: st.stamp.change }).click();
  await sheet.getByRole('button', { name: st.stamp.filter.anyone }).click();
  for (const person of [employee.profile.name, second.profile.name] as string[]) {
    await page.getByRole('searchbox', { name: engine.widgets.search }).fill(person);
    await page.getByRole('checkbox', { name: person, exact: true }).check();
  }
  await page.getByRole('button', { name: engine.widgets.addCount.replace('{{n}}', '2') }).click();
  await expect(sheet.getByRole('button', { name: `${employee.profile.name}, ${second.profile.name}` })).toBeVisible();
  // Party company, all currencies (the module has none), completed yesterday: nothing yet.
  await sheet.getByRole('button', { name: st.stamp.filter.anyParty }).click();
  await page.getByRole('searchbox', { name: engine.widgets.search }).fill(partyName);
  await page.getByRole('button', { name: partyName, exact: true }).click();
  await sheet.getByLabel(st.stamp.filter.currency).selectOption('');
  await sheet.getByLabel(st.stamp.filter.periodType).selectOption('completionDate');
  await sheet.getByLabel(st.stamp.filter.condition).selectOption('between');
  await sheet.getByLabel(st.stamp.filter.from, { exact: true }).fill(yesterday);
  await sheet.getByLabel(st.stamp.filter.to, { exact: true }).fill(yesterday);
  await sheet.getByRole('button', { name: st.stamp.search }).click();
  await expect(screen.getByTestId('stamp-filter-description')).toContainText(employee.profile.name);
  await expect(screen.getByText(st.stamp.empty)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Completed today: the document's row, with its applicant.
  await screen.getByRole('button', { name: st.stamp.change }).click();
  await sheet.getByLabel(st.stamp.filter.from, { exact: true }).fill(today);
  await sheet.getByLabel(st.stamp.filter.to, { exact: true }).fill(today);
  await sheet.getByRole('button', { name: st.stamp.search }).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText(st.stamp.row.applicant.replace('{{name}}', employee.profile.name));

  // Export: the same filter as a workbook that holds the document.
  const downloading = page.waitForEvent('download');
  await screen.getByRole('button', { name: st.stamp.export }).click();
  const download = await downloading;
  await expect(page.getByTestId('toast-success').filter({ hasText: st.stamp.exported })).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const cells: unknown[] = [];
  workbook.worksheets[0].eachRow((r) => r.eachCell((c) => { cells.push(c.value); }));
  expect(cells).toContain(filed);
});
