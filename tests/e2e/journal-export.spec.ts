import { expect, test, type APIRequestContext } from '@playwright/test';
import { engineEn, expectAlert, submit } from './application-helpers';
import { client, paymentAtTreasury } from './api-fixtures';
import { openAs, readLocale } from './helpers';
import { readJson } from './module-journeys';

const LANGS = ['ja', 'en', 'zh'] as const;

/**
 * Journal export (issue 35) in real Chromium at 390×844, as the issue's journey goes: finance@ maps
 * the company's accounts on Admin → Journal mapping (a typo first: the server's check refuses it
 * and the message shows at the field; then the module accounts from the 弥生 list and a bank
 * account), requests the change through the journal-mapping module's form, and the request is
 * approved by its steps' approvers (through the API: the approval screens have journeys of their
 * own); a payment is filed and approved to the end through the API; then, in ja, en and zh, finance
 * looks at the mapping screen and opens Statistic → Journal export, previews the last year's
 * decided documents (each line's debit and credit inside the phone's width) and (once, in ja)
 * exports 弥生 and downloads the file: Shift_JIS, CRLF, 25 columns a line. Nothing is wider than the
 * phone; screenshots are kept as artifacts to look at.
 */
let paymentCode = '';

test.beforeAll(async ({ request }) => {
  // A decided payment of the company to book: filed, approved to treasury, paid.
  const payment = await paymentAtTreasury(request, 'journal export journey');
  paymentCode = payment.code;
  const treasury = await client(request, 'treasury@example.com');
  const account = (await treasury.get('/companies/bank_accounts', { companyId: payment.company }))['hydra:member'][0];
  const slip = await request.post('/api/files', { headers: treasury.headers, multipart: { file: { name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }, document_type: 'deal-slip' } });
  expect(slip.status(), await slip.text()).toBe(201);
  const paid = await request.post(`/api/approvals/${(await treasury.get(`/buffers/${payment.id}`)).current_approval_id}/action`, {
    headers: treasury.headers, data: { approve: null, data: { account_id: account.id, payment_date: new Date().toISOString().slice(0, 10), deal_slips: [(await slip.json()).id] } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
});

/** Approves every step of a document, each by whichever demo approver it waits for. */
async function approveToEnd(request: APIRequestContext, documentId: number) {
  const approvers = await Promise.all(['approver@example.com', 'approver2@example.com', 'authorizer@example.com'].map((who) => client(request, who)));
  for (let step = 0; step < 5; step++) {
    let acted = false;
    for (const user of approvers) {
      const pending = ((await user.get('/approvals/my', { itemsPerPage: 100 }))['hydra:member'] as Array<{ id: number; buffer: { id: number } }>).find((p) => p.buffer.id === documentId);
      if (!pending) continue;
      await user.post(`/approvals/${pending.id}/action`, { approve: true });
      acted = true;
      break;
    }
    if (!acted) return;
  }
}

test('finance maps the accounts on Admin → Journal mapping and requests it through approval', async ({ page, request }) => {
  const finance = await client(request, 'finance@example.com');
  const company = finance.profile.company.id as number;
  const view = await finance.get(`/companies/${company}/journal_mapping`);
  expect(view.mapping, 'a fresh company has no mapping yet').toBeNull();
  const jm = readLocale<{ journalMapping: Record<string, string> }>('en', 'app').journalMapping;
  const accountOf = (label: string) => jm.accountOf.replace('{{label}}', label);
  await openAs(page, request, 'finance@example.com', 'en', '/admin');
  await page.locator('[data-entry="journalMapping"]').click();
  const screen = page.getByTestId('journal-mapping');
  await expect(screen.getByTestId('journal-mapping-none')).toBeVisible();
  const cards = screen.getByTestId('journal-mapping-module');
  const modules = view.modules as Array<{ code: string; side: string }>;
  await expect(cards).toHaveCount(modules.length);
  // A typo: refused by the server's check, its message at the field; nothing filed.
  const firstDebit = cards.first().getByRole('combobox', { name: accountOf(jm.debit), exact: true });
  await firstDebit.fill('仕入高です');
  await screen.getByTestId('journal-mapping-request').click();
  await expect(cards.first().getByText(/"仕入高です" is not an account of the 弥生 standard list/)).toBeVisible();
  await expect(page.getByTestId('entity-form-edit')).toHaveCount(0);
  // The accounts from the 弥生 list, as the accountant named them.
  for (const [i, m] of modules.entries()) {
    const card = cards.nth(i);
    const [debit, credit] = m.side === 'revenue' ? ['売掛金', '売上高'] : ['仕入高', '未払金'];
    await card.getByRole('combobox', { name: accountOf(jm.debit), exact: true }).fill(debit);
    await card.getByRole('combobox', { name: accountOf(jm.credit), exact: true }).fill(credit);
  }
  await expect(cards.first().getByText(/is not an account/)).toHaveCount(0);
  const bank = screen.getByRole('region', { name: jm.bankAccounts }).getByRole('combobox').first();
  await bank.fill('普通預金');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen.getByTestId('journal-mapping-request').click();
  // The journal-mapping module's change request, the mapping fixed: approvers as its route gives them, then Submit.
  const form = page.getByTestId('entity-form-edit');
  await expect(form.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
  await expect.poll(() => form.getByRole('textbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).toEqual(expect.arrayContaining(['仕入高', '未払金', '普通預金']));
  // A step the route leaves open is given its approver as a user would: the plus, then the person.
  const names = await Promise.all(['approver@example.com', 'authorizer@example.com'].map(async (who) => (await client(request, who)).profile.name as string));
  const steps = (readJson<{ steps: Array<{ names: { en: string } }> }>('processes/journal-mapping.json')).steps.map((step) => step.names.en);
  for (const step of steps) {
    const group = form.getByRole('group', { name: step, exact: true });
    if (!(await group.getByText(engineEn.widgets.process.noApprover).count())) continue;
    await group.getByRole('button', { name: engineEn.widgets.process.addApprover.replace('{{step}}', step) }).click();
    const candidate = page.getByRole('button', { name: new RegExp(`^(${names.join('|')})`) }).first();
    await candidate.click();
    await expect(group.getByText(engineEn.widgets.process.noApprover)).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('journal-mapping-request-form.png'), fullPage: true });
  await submit(page);
  const code = await expectAlert(page, /submitted/i, /JNM-/);
  const filed = ((await finance.get('/my-buffers', { itemsPerPage: 20 }))['hydra:member'] as Array<{ id: number; code: string }>).find((b) => b.code === code);
  expect(filed, `${code} in finance's list`).toBeTruthy();
  // Pending: nothing changed yet.
  expect((await finance.get(`/companies/${company}/journal_mapping`)).pending).toMatchObject({ code });
  await approveToEnd(request, filed!.id);
  const after = await finance.get(`/companies/${company}/journal_mapping`);
  expect(after.pending).toBeNull();
  expect(after.mapping).toMatchObject({ list: 'yayoi', modules: Object.fromEntries(modules.map((m) => [m.code, m.side === 'revenue'
    ? { debit: { account: '売掛金' }, credit: { account: '売上高' } } : { debit: { account: '仕入高' }, credit: { account: '未払金' } }])) });
  expect(Object.values(after.mapping.payment_methods ?? {})).toEqual([{ account: '普通預金' }]);
});

for (const lang of LANGS) {
  test(`finance sees the mapping, previews and exports 弥生 journals, in ${lang}`, async ({ page, request }) => {
    await openAs(page, request, 'finance@example.com', lang, '/admin');
    await page.locator('[data-entry="journalMapping"]').click();
    const mapping = page.getByTestId('journal-mapping');
    await expect(mapping.getByTestId('journal-mapping-module').first().getByRole('combobox').first()).toHaveValue(/\S/);
    await expect(mapping.getByTestId('journal-mapping-none')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`journal-mapping-${lang}.png`), fullPage: true });
    await page.goto('/statistic');
    const app = readLocale<{ statistic: { journalExport: string } }>(lang, 'app');
    const texts = readLocale<{ journals: Record<string, string> }>(lang, 'statistic').journals;
    await page.getByRole('button', { name: app.statistic.journalExport }).click();
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: texts.from, exact: true }).fill(from);
    // Also documents exported before: the ja run exports the payment, the others still preview it.
    await page.getByRole('checkbox', { name: texts.includeExported }).check();
    await page.getByRole('button', { name: texts.preview, exact: true }).click();
    await expect(page.getByTestId('journal-line').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every line's debit and credit inside the phone (nothing scrolls sideways inside its card either).
    const payment = page.getByTestId('journal').filter({ hasText: paymentCode });
    await expect(payment).toHaveCount(1);
    for (const box of await page.getByTestId('journal-line').locator('[data-side]').all()) {
      const rect = (await box.boundingBox())!;
      expect(rect.x + rect.width).toBeLessThanOrEqual(390);
    }
    expect(await page.getByTestId('journal').first().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`journal-export-${lang}.png`) });
    if (lang !== 'ja') return;
    await page.getByRole('button', { name: texts.export, exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.download }).click();
    const file = await download;
    const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
    const text = new TextDecoder('shift_jis').decode(bytes);
    expect(text.length).toBeGreaterThan(0);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    // 25 columns a line (no field of these journals holds a comma).
    expect(new Set(lines.map((line) => line.split(',').length))).toEqual(new Set([25]));
    // The text survives a round trip through Shift_JIS (it was not UTF-8).
    expect(text).toContain('仕入高');
    expect(bytes.includes(Buffer.from('仕入高', 'utf8'))).toBe(false);
    await page.screenshot({ path: test.info().outputPath(`journal-export-${lang}-done.png`) });
  });
}
