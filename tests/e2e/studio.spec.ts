import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ModuleSource } from '../../src/engine';
import { copySource } from '../../src/engine/definitions/copy-source';
import { apiToken, readLocale, texts, TOKEN_KEY } from './helpers';

// The module studio journey (issue 12 "Done when"): a group admin copies a module in the studio,
// adds a field and a validation, sees them in the live preview and publishes; without a restart an
// employee files one, an approver approves it, it shows in the lists and View data; a second
// version leaves the first document on the first. The module copied is the first filable module
// with item sub-forms the server lists, never a name spelled here.
const en = texts.en;
const studio = readLocale<Record<string, any>>('en', 'studio');
const NEW = 'travel-request';
type Json = Record<string, any>;

async function client(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}`, 'accept-language': 'en' };
  return {
    get: async (path: string, params?: Record<string, string | number>): Promise<Json> => {
      const reply = await request.get(`/api${path}`, { headers, params });
      expect(reply.status(), `${path}: ${await reply.text()}`).toBe(200);
      return reply.json();
    },
    send: async (method: 'post' | 'put', path: string, data: unknown, status: number): Promise<Json> => {
      const reply = await request[method](`/api${path}`, { headers, data });
      expect(reply.status(), `${path}: ${await reply.text()}`).toBe(status);
      return reply.json();
    },
  };
}

async function openAs(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const token = await apiToken(request, email);
  await page.goto('/');
  await page.evaluate(([key, value]) => { localStorage.setItem(key, value); localStorage.setItem('ringi.lang', 'en'); }, [TOKEN_KEY, token] as const);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
}

/** Replaces the text of the studio's editor for `part` (insertText: no auto-closed brackets). */
async function setPart(page: Page, part: string, value: unknown): Promise<void> {
  await page.getByRole('tab', { name: studio.parts[part], exact: true }).click();
  const editor = page.getByTestId(`studio-editor-${part}`);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(JSON.stringify(value, null, 2));
}

test('a group admin copies a module into travel-request, adds a field and a validation, publishes; it works at once, versions kept', async ({ page, request }) => {
  // The editors and pages raise no script errors on the way (a completion source once threw on
  // every keystroke in a part without a schema).
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const admin = await client(request, 'admin@example.com');
  const modules = (await admin.get('/module-studio/modules'))['hydra:member'] as Json[];
  const filable = (await admin.get('/module-definitions'))['hydra:member'] as Json[];
  const original = filable.find((m) => m.meta.subForms.length > 0 && !m.meta.bodyKey && modules.some((s) => s.code === m.code));
  expect(original, 'a filable module with item sub-forms').toBeTruthy();
  const source = await admin.get(`/module-definitions/${original!.code}/source`) as ModuleSource;
  const copy = copySource(source, NEW);

  // What the admin types: a destination field, its validation first, its texts, a new title.
  const schema = structuredClone(copy.schema) as Json;
  schema.properties.destination = { type: ['string', 'null'], maxLength: 100 };
  const ui = structuredClone(copy.uiSchema) as Json;
  ui['ui:order'] = ['destination', ...ui['ui:order'].filter((f: string) => f !== 'destination')];
  ui.destination = { 'ui:widget': 'text' };
  ui['ui:module'].detailCard.sections[0].fields.unshift('destination');
  const rules = structuredClone(copy.rules) as Json;
  rules.validations = [{ field: 'destination', when: { blank: [{ var: 'destination' }] }, message: `${NEW}.messages.destination` }, ...(rules.validations ?? [])];
  const words = { en: ['Travel request', 'Destination', 'Enter the destination'], ja: ['出張申請', '行き先', '行き先を入力してください'], zh: ['出差申请', '目的地', '请输入目的地'] } as const;
  const locales = structuredClone(copy.locales) as Json;
  for (const lang of ['en', 'ja', 'zh'] as const) {
    locales[lang].title = words[lang][0];
    locales[lang].destination = { label: words[lang][1] };
    locales[lang].messages = { ...locales[lang].messages, destination: words[lang][2] };
  }

  // --- The admin part, timed.
  const started = Date.now();
  await openAs(page, request, 'admin@example.com');
  await page.getByRole('tab', { name: en.tabs.admin, exact: true }).click();
  await page.getByTestId('admin-studio').click();
  await page.getByTestId('studio-new-code').fill(NEW);
  await page.getByRole('button', { name: `${studio.copy} ${original!.code}` }).click();
  await expect(page.getByTestId('studio-editor')).toBeVisible();
  await expect(page.getByTestId('studio-check')).toHaveText(studio.noProblems, { timeout: 20_000 });

  // A broken widget name shows inline at once, with the closest valid names.
  await setPart(page, 'uiSchema', { ...ui, destination: { 'ui:widget': 'txt' } });
  await expect(page.getByTestId('studio-problems')).toContainText('closest valid names: text');
  await setPart(page, 'uiSchema', ui);
  await setPart(page, 'schema', schema);
  await setPart(page, 'rules', rules);
  await setPart(page, 'locales', locales);
  await expect(page.getByTestId('studio-check')).toHaveText(studio.noProblems, { timeout: 20_000 });

  // Live preview: the new field in the form (en, then ja), and its value on the detail card.
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByRole('textbox', { name: 'Destination' })).toBeVisible();
  await preview.getByRole('textbox', { name: 'Destination' }).fill('Osaka');
  await preview.getByRole('tab', { name: studio.previewDetail }).click();
  await expect(preview).toContainText('Osaka');
  await preview.getByRole('button', { name: 'ja' }).click();
  await expect(preview).toContainText('行き先');

  // The rule-table runner: an empty body fails first on the new validation.
  await page.getByTestId('studio-runner').getByRole('button', { name: studio.runnerRun }).click();
  await expect(page.getByTestId('studio-runner-violations').locator('li').first()).toContainText('Enter the destination');

  await page.getByTestId('studio-publish-open').click();
  await expect(page.getByTestId('studio-publish')).toContainText(studio.diffNew);
  await page.getByTestId('studio-publish').getByRole('button', { name: studio.publishConfirm }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${NEW}` })).toBeVisible();
  const adminSeconds = (Date.now() - started) / 1000;
  console.log(`studio journey: the admin part (copy, edit four parts, preview, runner, publish) took ${adminSeconds.toFixed(1)} s`);

  // --- Without a restart: the employee files one (through the API, with the steps the server now has).
  const employee = await client(request, 'employee@example.com');
  const profile = await employee.get('/profile');
  const steps = (await employee.get('/master_processes', { module_code: NEW }))['hydra:member'] as Json[];
  expect(steps.length).toBe(source.process!.steps.length);
  const approverId = (await (await client(request, 'approver@example.com')).get('/profile')).id;
  const authorizerId = (await (await client(request, 'authorizer@example.com')).get('/profile')).id;
  const currency = (await employee.get('/currencies', { itemsPerPage: 100 }))['hydra:member'][0].id;
  const body = (destination: string | null) => ({
    send_notification_first_approval: true, save_approvers: false,
    approvals: steps.filter((s) => !s.optional).map((s, i) => ({ approver_id: i === 0 ? approverId : authorizerId, master_process_id: s.id })),
    currency_id: currency, company_id: profile.company.id, department_id: profile.department.id, destination,
    purchase_goods: [{ department_id: profile.department.id, delivery_date: '2026-12-01', goods_name: 'Train ticket', qty: 1, budget: 120 }],
    total_estimated: 120, user_finances: [],
  });
  const refused = await employee.send('post', `/buffer/${NEW}`, body(null), 422);
  expect(refused.violations[0]).toEqual({ propertyPath: 'destination', message: 'Enter the destination' });
  const filed = await employee.send('post', `/buffer/${NEW}`, body('Osaka'), 201);
  const code = filed.code as string;
  expect(code).toMatch(/^TR-\d{4}-\d{6}$/);

  // The approver approves it from the Pending list.
  await openAs(page, request, 'approver@example.com');
  await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
  await page.getByTestId('approval-list-page').last().locator(`[data-code="${code}"]`).click();
  const detail = page.getByTestId('document-detail');
  await expect(detail).toContainText('Osaka');
  await detail.getByRole('button', { name: en.approvals.actions.approve }).click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: en.approvals.confirm.title }).getByRole('button', { name: en.common.ok }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: en.approvals.done.approved })).toBeVisible();

  // The employee sees it on Home's launcher, in View data and on the Initiated list.
  await openAs(page, request, 'employee@example.com');
  await page.getByTestId('launchers').getByRole('button', { name: 'Travel request', exact: true }).click();
  await page.getByRole('tab', { name: en.application.tabs.data }).click();
  await expect(page.getByTestId('view-data').getByRole('button', { name: new RegExp(code) })).toBeVisible();

  // A second version (a new field); the first document still renders with the first.
  const v2 = await admin.get(`/module-definitions/${NEW}/source`) as ModuleSource;
  (v2.schema.properties as Json).purpose = { type: ['string', 'null'] };
  (v2.uiSchema['ui:order'] as string[]).unshift('purpose');
  (v2.uiSchema['ui:module'] as Json).detailCard.sections[0].fields.unshift('purpose');
  for (const lang of ['en', 'ja', 'zh'] as const) (v2.locales[lang] as Json).purpose = { label: `Purpose ${lang}` };
  const second = await admin.send('put', `/module-definitions/${NEW}`, v2, 200);
  expect(second).toMatchObject({ version: 2, inFlightOlder: 1 });
  await openAs(page, request, 'employee@example.com');
  await page.getByTestId('home').locator('[data-shortcut="initiated"]').click();
  await page.getByTestId('approval-list-page').last().locator(`[data-code="${code}"]`).click();
  await expect(page.getByTestId('document-detail')).toContainText('Osaka');
  await expect(page.getByTestId('document-detail')).not.toContainText('Purpose en');
  expect(pageErrors).toEqual([]);
});
