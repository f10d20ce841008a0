import { expect, test, type APIRequestContext } from '@playwright/test';
import { appEn, engineEn, expectAlert, moduleTexts, openHome, pick, submit } from './application-helpers';
import { readdirSync } from 'node:fs';
import { apiToken, loginAs, mailedPasswordLink, texts } from './helpers';
import { readJson, repoPath } from './module-journeys';

// Admin journeys through the real server: organisation changes are requests that take effect
// when their approval completes. Approvals are given through the API (the approval screens have
// journeys of their own); what these journeys are about is done in the UI.
const admin = appEn.admin;
const users = moduleTexts('users');
type Json = Record<string, any>;

async function api(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}`, 'accept-language': 'en' };
  return {
    get: async (path: string, params?: Record<string, string | number>): Promise<Json> => (await request.get(`/api${path}`, { headers, params })).json(),
    post: async (path: string, data: unknown) => request.post(`/api${path}`, { headers, data }),
  };
}

/** Passes every step of a document as its candidates would (the approver, then the authorizer, where the chain has them). */
async function approveAll(request: APIRequestContext, documentId: number) {
  let acted = 0;
  for (const who of ['approver@example.com', 'authorizer@example.com']) {
    const client = await api(request, who);
    const pending = (await client.get('/approvals/my', { itemsPerPage: 100 }))['hydra:member'] as Json[];
    const step = pending.find((p) => p.buffer.id === documentId);
    if (!step) continue;
    expect((await client.post(`/approvals/${step.id}/action`, { approve: true })).status()).toBe(200);
    acted += 1;
  }
  expect(acted, `steps of document ${documentId} approved`).toBeGreaterThan(0);
}

test('a group admin creates a user through approval; the user sets a password from the invitation and logs in', async ({ page, request, browser }) => {
  await openHome(page, request, 'admin@example.com');
  await page.getByRole('navigation', { name: appEn.tabs.label }).getByRole('tab', { name: appEn.tabs.admin }).click();
  await expect(page.getByTestId('profile-card')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(admin.createUser) }).click();
  await expect(page.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();

  const email = `invited.${Date.now()}@example.com`;
  await pick(page, users.company_id.label, 'Ringi Trading');
  await pick(page, users.department_id.label, 'Logistics');
  await pick(page, users.location_id.label, '2-2 Umeda, Kita-ku, Osaka');
  await page.getByRole('textbox', { name: users.join_date.label, exact: true }).fill('2026/04/01');
  await page.getByRole('textbox', { name: users.name.label, exact: true }).fill('Invited Person');
  await page.getByRole('textbox', { name: users.email.label, exact: true }).fill(email);
  await submit(page);
  const code = await expectAlert(page, /submitted/i, /USR-/);

  const adminApi = await api(request, 'admin@example.com');
  const mine = (await adminApi.get('/my-buffers', { 'module.code': 'users', itemsPerPage: 5 }))['hydra:member'] as Json[];
  const filed = mine.find((b) => b.code === code)!;
  // Pending: the user does not exist and cannot log in.
  expect((await request.post('/api/login_check', { data: { username: email, password: 'whatever-123' } })).status()).toBe(401);
  await approveAll(request, filed.id);

  const link = new URL(await mailedPasswordLink(email));
  // The invited person, in a browser of their own (no admin session), in the page's language.
  const invited = await (await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 390, height: 844 } })).newPage();
  await invited.goto(`${link.pathname}${link.search}`);
  await expect(invited.getByRole('button', { name: /.+/ }).first()).toBeVisible();
  const lang = (await invited.evaluate(() => document.documentElement.lang)) as keyof typeof texts;
  const reset = texts[lang in texts ? lang : 'ja'].reset;
  await invited.getByLabel(reset.password, { exact: true }).fill('invited-password-1');
  await invited.getByLabel(reset.repeat, { exact: true }).fill('invited-password-1');
  await invited.getByRole('button', { name: reset.submit }).click();
  await expect(invited.getByTestId('login')).toBeVisible();
  await loginAs(invited, email, 'invited-password-1');
  await invited.context().close();
});

/** The document `code` the user filed, from their own list of the module. */
async function filedDocument(request: APIRequestContext, email: string, moduleCode: string, code: string): Promise<Json> {
  const mine = (await (await api(request, email)).get('/my-buffers', { 'module.code': moduleCode, itemsPerPage: 5 }))['hydra:member'] as Json[];
  const filed = mine.find((b) => b.code === code);
  expect(filed, `${code} in ${email}'s list`).toBeTruthy();
  return filed!;
}

test('an employee edits their company\'s department list through approval; the new department is offered once approved, in a user form locked to their company', async ({ page, request }) => {
  const companies = moduleTexts('companies');
  await openHome(page, request, 'employee@example.com');
  await page.getByRole('navigation', { name: appEn.tabs.label }).getByRole('tab', { name: appEn.tabs.admin }).click();
  await page.getByRole('button', { name: new RegExp(admin.editCompany) }).click();
  const names = page.getByRole('textbox', { name: companies.departments.name.label });
  await expect(names.first()).toBeVisible();
  const before = await names.count();
  const department = `Research ${Date.now() % 100000}`;
  await page.getByRole('button', { name: engineEn.renderer.addRow, exact: true }).last().click();
  await expect(names).toHaveCount(before + 1);
  await names.last().fill(department);
  await submit(page);
  const code = await expectAlert(page, /submitted/i, /CMP-/);
  const filed = await filedDocument(request, 'employee@example.com', 'companies', code);

  // Pending: the department does not exist yet.
  const employee = await api(request, 'employee@example.com');
  const own = (await employee.get('/profile')).company as { id: number; name: string };
  const companyId = own.id;
  const departments = async () => ((await employee.get(`/companies/${companyId}/departments`, { itemsPerPage: 100 }))['hydra:member'] as Json[]).map((d) => d.name);
  expect(await departments()).not.toContain(department);
  await approveAll(request, filed.id);
  await expect.poll(departments).toContain(department);

  // The user form's department picker offers it for the employee's company.
  // Not a group admin: the user form's company is the employee's own, locked.
  await page.getByRole('button', { name: new RegExp(admin.createUser) }).click();
  const companyField = page.getByRole('button', { name: users.company_id.label, exact: true });
  await expect(companyField).toHaveText(own.name);
  await expect(companyField).toBeDisabled();
  await page.getByRole('button', { name: users.department_id.label, exact: true }).click();
  await expect(page.getByRole('button', { name: department, exact: true })).toBeVisible();
});

test('a group admin creates a background group; its person in charge appears, locked, in the user form of a member company', async ({ page, request }) => {
  const backgrounds = moduleTexts('backgrounds');
  const adminApi = await api(request, 'admin@example.com');
  const company = ((await adminApi.get('/companies', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((c) => c.name === 'Ringi Trading')!;
  // A type whose setting no other group decides for that company yet (the first group to lock a setting wins).
  const lockedTypes = ((await adminApi.get(`/backgrounds/setting/${company.id}`))['hydra:member'] as Json[]).map((l) => l.setting_type_id);
  const picType = ((await adminApi.get('/pic_types'))['hydra:member'] as Json[]).find((p) => p.setting_type_id !== null && !lockedTypes.includes(p.setting_type_id))!;
  const pic = ((await adminApi.get('/users/pic', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((u) => u.name === 'Ringi Admin')!;
  expect(picType && company && pic).toBeTruthy();

  await openHome(page, request, 'admin@example.com');
  await page.getByRole('navigation', { name: appEn.tabs.label }).getByRole('tab', { name: appEn.tabs.admin }).click();
  await page.getByRole('button', { name: new RegExp(admin.backgroundGroups) }).click();
  await page.getByRole('button', { name: admin.createBackground }).click();
  const group = `Group ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: backgrounds.name.label, exact: true }).fill(group);
  await page.getByRole('button', { name: backgrounds.companies.label, exact: true }).click();
  await page.getByRole('checkbox', { name: company.name, exact: true }).check();
  await page.getByRole('button', { name: engineEn.widgets.addCount.replace('{{n}}', '1') }).click();
  await pick(page, picType.name, pic.name);
  await submit(page);
  const code = await expectAlert(page, /submitted/i, /BGR-/);
  await approveAll(request, (await filedDocument(request, 'admin@example.com', 'backgrounds', code)).id);
  const lockedSetting = async () => ((await adminApi.get(`/backgrounds/setting/${company.id}`))['hydra:member'] as Json[]).find((l) => l.background?.name === group);
  await expect.poll(async () => Boolean(await lockedSetting())).toBe(true);
  const locked = (await lockedSetting())!;
  const settingType = ((await adminApi.get('/setting_types', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((s) => s.id === locked.setting_type_id)!;

  // Create user for a Ringi Trading employee: the setting of that type shows the person in charge, locked.
  // After the alert the form has closed: from the group list back to the Admin tab.
  await expect(page.getByRole('heading', { level: 1, name: admin.backgroundGroups })).toBeVisible();
  await page.getByRole('button', { name: appEn.toolbar.back, exact: true }).click();
  await page.getByRole('button', { name: new RegExp(admin.createUser) }).click();
  await pick(page, users.company_id.label, company.name);
  const setting = page.getByRole('button', { name: settingType.name, exact: true });
  await expect(setting).toContainText(pic.name);
  await expect(setting).toBeDisabled();
  await expect(page.getByText(engineEn.widgets.typedUsers.locked.replace('{{name}}', group))).toBeVisible();
});

/** Passes every step of a document, each by whichever demo approver the step waits for (one person may hold two steps). */
async function approveToEnd(request: APIRequestContext, documentId: number) {
  const approvers = await Promise.all(['approver@example.com', 'approver2@example.com', 'authorizer@example.com'].map((who) => api(request, who)));
  for (let step = 0; step < 5; step++) {
    let acted = false;
    for (const client of approvers) {
      const pending = ((await client.get('/approvals/my', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((p) => p.buffer.id === documentId);
      if (!pending) continue;
      expect((await client.post(`/approvals/${pending.id}/action`, { approve: true })).status()).toBe(200);
      acted = true;
      break;
    }
    if (!acted) return;
  }
}

/** The code of the module filing `kind` changes (`ui:module.entity.kind`), from the UI schemas. */
function entityModuleCode(kind: string): string {
  const code = readdirSync(repoPath('uiSchemas')).map((f) => f.replace(/\.json$/, ''))
    .find((c) => readJson<Json>(`uiSchemas/${c}.json`)['ui:module']?.entity?.kind === kind);
  expect(code, `a module files ${kind} changes`).toBeTruthy();
  return code!;
}

test('a group admin adds a holiday to a company calendar through approval; once approved it shows on the calendar', async ({ page, request }) => {
  const organisation = appEn.organisation;
  const moduleCode = entityModuleCode('calendar');
  const calendar = moduleTexts(moduleCode);
  await openHome(page, request, 'admin@example.com');
  await page.getByRole('navigation', { name: appEn.tabs.label }).getByRole('tab', { name: appEn.tabs.admin }).click();
  await page.locator('[data-entry="calendars"]').click();
  const screen = page.getByTestId('calendar-page');
  // Next year: a year whose dates other journeys leave alone.
  await screen.getByRole('button', { name: organisation.nextYear }).click();
  const year = new Date().getFullYear() + 1;
  await expect(screen.getByTestId('calendar-year')).toHaveText(String(year));
  await expect(screen.getByTestId('calendar-week')).toBeVisible();
  const name = `Founders day ${Date.now() % 100000}`;
  await expect(screen.getByTestId('holiday-row').filter({ hasText: name })).toHaveCount(0);

  await screen.getByTestId('calendar-change').click();
  const form = page.getByTestId('entity-form-edit');
  const names = form.getByRole('textbox', { name: calendar.holidays.name.label, exact: true });
  await expect(form.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
  const before = await names.count();
  await form.getByRole('button', { name: engineEn.renderer.addRow, exact: true }).last().click();
  await expect(names).toHaveCount(before + 1);
  await form.getByRole('textbox', { name: calendar.holidays.date.label, exact: true }).last().fill(`${year}/06/15`);
  await names.last().fill(name);
  await form.getByRole('textbox', { name: calendar.holidays.name_ja.label, exact: true }).last().fill('創立記念日');
  await submit(page);
  const code = await expectAlert(page, /submitted/i, /CAL-/);
  const admin = await api(request, 'admin@example.com');
  const filed = ((await admin.get('/my-buffers', { 'module.code': moduleCode, itemsPerPage: 5 }))['hydra:member'] as Json[]).find((b) => b.code === code);
  expect(filed, `${code} in the admin's list`).toBeTruthy();
  // Pending: the calendar has not changed.
  const companyId = ((await admin.get('/profile')).company as Json).id as number;
  const dates = async () => ((await admin.get(`/companies/${companyId}/calendar`, { year })).holidays as Json[]).map((h) => h.date);
  expect(await dates()).not.toContain(`${year}-06-15`);
  await approveToEnd(request, filed!.id);
  expect(await dates()).toContain(`${year}-06-15`);

  // The calendar screen shows it (opened again: the list is read when the page opens).
  await page.goto('/admin');
  await page.locator('[data-entry="calendars"]').click();
  await page.getByTestId('calendar-page').getByRole('button', { name: organisation.nextYear }).click();
  await expect(page.getByTestId('calendar-page').getByTestId('holiday-row').filter({ hasText: name })).toContainText(`${year}/06/15`);
});
