import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ModuleSource } from '../../src/engine';
import { apiToken, openAs } from './helpers';
import { engineEn, expectAlert, pick, submit } from './application-helpers';

// The studio without JSON (issue 21): through the builder only — the accessible names below are
// the contract ("Add field", "Field name", "Label (en)", "Save", "Publish", …) — an analyst adds a
// required, 20-character project code right after the currency of a module, then builds a
// business-trip module (dates with end-after-start, travel legs as items with a total in a
// currency, a PDF itinerary, a manager step and an optional finance step), publishes it, and an
// employee files one that the manager approves. `STUDIO_PERSON_PAUSE_MS` adds a person's pause
// before each action (default 0): run with it to time a person-like run; the journey prints the
// actions it took and the time.
const PAUSE = Number(process.env.STUDIO_PERSON_PAUSE_MS ?? 0);
type Json = Record<string, any>;

/** Counts a person's actions (clicks, fields filled, choices) and pauses as a person would. */
function person(page: Page) {
  let actions = 0;
  const step = async () => {
    actions += 1;
    if (PAUSE) await page.waitForTimeout(PAUSE);
  };
  return {
    get actions() { return actions; },
    click: async (target: Locator) => { await step(); await target.click(); },
    fill: async (target: Locator, value: string) => { await step(); await target.fill(value); },
    choose: async (target: Locator, label: string) => { await step(); await target.selectOption({ label }); },
    check: async (target: Locator) => { await step(); await target.check(); },
  };
}
type Person = ReturnType<typeof person>;

async function client(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}`, 'accept-language': 'en' };
  return {
    get: async (path: string): Promise<Json> => {
      const reply = await request.get(`/api${path}`, { headers });
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

async function openStudio(page: Page, who: Person): Promise<void> {
  await who.click(page.getByRole('tab', { name: 'Admin', exact: true }));
  await who.click(page.getByTestId('admin-studio'));
  await expect(page.getByTestId('studio')).toBeVisible();
}

const tri = (en: string, ja: string, zh: string) => ({ en, ja, zh });
type Tri = ReturnType<typeof tri>;

async function fillTexts(who: Person, scope: Locator, label: string, texts: Tri): Promise<void> {
  for (const lang of ['en', 'ja', 'zh'] as const) await who.fill(scope.getByLabel(`${label} (${lang})`, { exact: true }), texts[lang]);
}

interface FieldInput {
  name: string;
  type: string;
  label: Tri;
  required?: Tri;
  maxLength?: number;
  after?: string;
  more?: (dialog: Locator) => Promise<void>;
}

/** The Add field dialog, filled as a person does, then Save. */
async function addField(page: Page, who: Person, f: FieldInput): Promise<void> {
  await who.click(page.getByRole('button', { name: 'Add field', exact: true }));
  const dialog = page.getByRole('dialog');
  await who.fill(dialog.getByLabel('Field name', { exact: true }), f.name);
  await who.choose(dialog.getByLabel('Type', { exact: true }), f.type);
  if (f.required) await who.check(dialog.getByLabel('Required', { exact: true }));
  if (f.maxLength) await who.fill(dialog.getByLabel('Max length', { exact: true }), String(f.maxLength));
  if (f.after) await who.choose(dialog.getByLabel('Position', { exact: true }), `After ${f.after}`);
  await fillTexts(who, dialog, 'Label', f.label);
  if (f.required) await fillTexts(who, dialog, 'Required message', f.required);
  if (f.more) await f.more(dialog);
  await who.click(dialog.getByRole('button', { name: 'Save', exact: true }));
  await expect(dialog).toBeHidden();
}

async function publish(page: Page, who: Person): Promise<void> {
  const button = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(page.getByTestId('studio-check')).toHaveText('The checker finds no problem', { timeout: 20_000 });
  await who.click(button);
  await who.click(page.getByTestId('studio-publish').getByRole('button', { name: 'Publish', exact: true }));
  await expect(page.getByTestId('toast-success').first()).toBeVisible();
}

const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
  + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test.describe.configure({ mode: 'serial' });

test('the builder adds a required 20-character project code right after the currency, with its own message in en/ja/zh', async ({ page, request }) => {
  const admin = await client(request, 'admin@example.com');
  const filable = (await admin.get('/module-definitions'))['hydra:member'] as Json[];
  // The module: the first filable one whose form starts with a currency picker (no name spelled here).
  const target = filable.find((m) => !m.meta.bodyKey && m.uiSchema[m.uiSchema['ui:order'][0]]?.['ui:widget'] === 'CurrencyPicker');
  expect(target, 'a module whose form starts with the currency').toBeTruthy();
  const code = target!.code as string;
  const original = await admin.get(`/module-definitions/${code}/source`) as ModuleSource;
  const currencyLabel = (original.locales.en as Json)[target!.uiSchema['ui:order'][0]].label as string;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAs(page, request, 'admin@example.com');
    const who = person(page);
    const started = Date.now();
    await openStudio(page, who);
    await who.click(page.getByRole('button', { name: `Edit ${code}`, exact: true }));
    await expect(page.getByTestId('studio-check')).toHaveText('The checker finds no problem', { timeout: 20_000 });
    // Side by side from 1024 px: the phone preview is right of the editor, framed at 390 px.
    const editorBox = (await page.getByTestId('studio-builder').boundingBox())!;
    const phoneBox = (await page.getByTestId('studio-phone').boundingBox())!;
    expect(phoneBox.x).toBeGreaterThan(editorBox.x + editorBox.width - 1);
    expect(Math.round(phoneBox.width)).toBe(390);

    await addField(page, who, {
      name: 'project_code', type: 'Text', required: tri('Enter the project code', 'プロジェクトコードを入力してください', '请输入项目代码'),
      maxLength: 20, after: currencyLabel, label: tri('Project code', 'プロジェクトコード', '项目代码'),
    });
    // The field sits right after the currency, in the builder and in the preview.
    const fields = page.getByRole('list', { name: 'Fields' }).getByRole('listitem');
    await expect(fields.nth(1)).toContainText('Project code');
    const box = page.getByTestId('studio-preview').getByRole('textbox', { name: 'Project code' });
    await expect(box).toBeVisible();
    await box.fill('X'.repeat(25));
    await expect(box).toHaveValue('X'.repeat(20));
    // Its check sits second, after the currency's; dragged to the top with the mouse, and back with the arrow key.
    const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    await expect(checks.nth(1)).toContainText('Enter the project code');
    const handle = checks.nth(1).getByRole('button', { name: /^Drag / });
    await handle.hover();
    await page.mouse.down();
    const top = (await checks.nth(0).boundingBox())!;
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 5 });
    await page.mouse.up();
    await expect(checks.nth(0)).toContainText('Enter the project code');
    await checks.nth(0).getByRole('button', { name: /^Drag / }).press('ArrowDown');
    await expect(checks.nth(1)).toContainText('Enter the project code');
    await publish(page, who);
    const seconds = (Date.now() - started) / 1000;
    console.log(`studio builder: project code field — ${who.actions} actions, ${seconds.toFixed(1)} s (pause ${PAUSE} ms per action)`);

    // The server now refuses a body without it, with its own message, second after the currency's, in each language.
    const judged = await admin.send('post', '/module-definitions/judge', { source: await admin.get(`/module-definitions/${code}/source`), body: {}, lang: 'ja' }, 200);
    const index = (judged.violations as Json[]).findIndex((v) => v.propertyPath === 'project_code');
    expect(index).toBe(1);
    expect(judged.violations[index].messages).toEqual({ en: 'Enter the project code', ja: 'プロジェクトコードを入力してください', zh: '请输入项目代码' });
  } finally {
    // Other journeys file this module as it was: publish the original again.
    await admin.send('put', `/module-definitions/${code}`, original, 200);
  }
});

test('the builder makes a business-trip module (dates, legs with a total, PDF itinerary, manager and optional finance steps); it is filed and approved', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, request, 'admin@example.com');
  const who = person(page);
  const started = Date.now();
  await openStudio(page, who);
  await who.fill(page.getByTestId('studio-new-code'), 'business-trip');
  await fillTexts(who, page.getByTestId('studio'), 'Title', tri('Business trip', '出張', '出差'));
  await who.click(page.getByRole('button', { name: 'New blank module', exact: true }));
  await expect(page.getByTestId('studio-check')).toHaveText('The checker finds no problem', { timeout: 20_000 });

  await addField(page, who, {
    name: 'trip', type: 'Date range', label: tri('Trip', '出張期間', '出差期间'),
    required: tri('Enter the trip dates', '出張期間を入力してください', '请输入出差日期'), after: 'Company',
    more: (dialog) => fillTexts(who, dialog, 'End before start message', tri('The trip must end after it starts', '終了日は開始日以降にしてください', '结束日期不能早于开始日期')),
  });
  await addField(page, who, {
    name: 'currency_id', type: 'Picker of a server list', label: tri('Currency', '通貨', '币种'), required: tri('Select the currency', '通貨を選択してください', '请选择币种'),
    after: 'Trip', more: (dialog) => who.choose(dialog.getByLabel('Server list', { exact: true }), 'Currencies'),
  });
  // Travel legs: the list with its item amount and total cost, then the leg's own field on the item form.
  await who.click(page.getByRole('button', { name: 'Add item list', exact: true }));
  const lists = page.getByRole('dialog');
  await who.fill(lists.getByLabel('List name', { exact: true }), 'travel_legs');
  await who.choose(lists.getByLabel('Position', { exact: true }), 'After Currency');
  await fillTexts(who, lists, 'List label', tri('Travel legs', '移動', '行程'));
  await fillTexts(who, lists, 'Item title', tri('Leg {{n}}', '移動 {{n}}', '行程 {{n}}'));
  await fillTexts(who, lists, 'Item amount label', tri('Fare', '運賃', '费用'));
  await fillTexts(who, lists, 'Total label', tri('Total cost', '費用合計', '费用合计'));
  await fillTexts(who, lists, 'Required message', tri('Add a travel leg', '移動を追加してください', '请添加行程'));
  await who.click(lists.getByRole('button', { name: 'Save', exact: true }));
  await expect(lists).toBeHidden();
  await who.choose(page.getByLabel('Form being edited', { exact: true }), 'Item form (business-trip-travel-legs)');
  await addField(page, who, { name: 'route', type: 'Text', label: tri('Route', '区間', '路线'), required: tri('Enter the route', '区間を入力してください', '请输入路线'), maxLength: 100 });
  await who.choose(page.getByLabel('Form being edited', { exact: true }), 'The form (business-trip)');
  await addField(page, who, {
    name: 'itinerary', type: 'File upload', label: tri('Itinerary (PDF)', '旅程表（PDF）', '行程单（PDF）'), required: tri('Attach the itinerary', '旅程表を添付してください', '请附上行程单'),
    after: 'Total cost', more: async (dialog) => {
      await who.fill(dialog.getByLabel('Document type', { exact: true }), 'itinerary');
      await who.fill(dialog.getByLabel('Accepted file types', { exact: true }), 'pdf');
    },
  });
  // The optional finance step after the manager's.
  const steps = page.getByTestId('studio-steps');
  await who.click(steps.getByRole('button', { name: 'Add a step', exact: true }));
  const finance = steps.getByRole('listitem').last();
  await who.fill(finance.getByLabel('Step code', { exact: true }), 'p-finance');
  await fillTexts(who, finance, 'Name', tri('Finance review', '経理確認', '财务审核'));
  await who.check(finance.getByRole('checkbox', { name: 'Finance', exact: true }));
  await who.check(finance.getByRole('checkbox', { name: 'Optional', exact: true }));
  await publish(page, who);
  const seconds = (Date.now() - started) / 1000;
  console.log(`studio builder: business-trip module — ${who.actions} actions, ${seconds.toFixed(1)} s (pause ${PAUSE} ms per action)`);

  // An employee files one through the new form; its checks answer in order.
  await openAs(page, request, 'employee@example.com');
  await page.getByTestId('launchers').getByRole('button', { name: 'Business trip', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
  const profile = await (await client(request, 'employee@example.com')).get('/profile');
  await submit(page);
  await expectAlert(page, 'Please select company');
  await pick(page, 'Company', profile.company.name);
  await main.getByRole('textbox', { name: 'Trip (from)', exact: true }).fill('2026/12/10');
  await main.getByRole('textbox', { name: 'Trip (to)', exact: true }).fill('2026/12/08');
  await submit(page);
  await expectAlert(page, 'The trip must end after it starts');
  await main.getByRole('textbox', { name: 'Trip (to)', exact: true }).fill('2026/12/12');
  await submit(page);
  await expectAlert(page, 'Add a travel leg');
  await main.getByRole('button', { name: engineEn.widgets.items.add, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Leg 1/ })).toBeVisible();
  await main.getByRole('textbox', { name: 'Route', exact: true }).fill('Tokyo – Osaka');
  await main.getByRole('textbox', { name: 'Fare', exact: true }).fill('14000');
  await main.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Business trip', exact: true })).toBeVisible();
  await submit(page);
  await expectAlert(page, 'Attach the itinerary');
  await main.locator('input[type=file]').first().setInputFiles({ name: 'itinerary.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await expect(main.getByText('itinerary.pdf')).toBeVisible();
  // The manager step: the blank module's rule, the head of employee@'s department (approver@), set by the route.
  const manager = (await (await client(request, 'approver@example.com')).get('/profile')).name as string;
  await expect(page.getByRole('group', { name: 'Manager approval' })).toContainText(manager);
  await submit(page);
  const code = await expectAlert(page, engineEn.renderer.submitted, /^BT-\d{4}-\d{6}$/);

  // The manager approves it from the Pending list.
  await openAs(page, request, 'approver@example.com');
  await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
  await page.getByTestId('approval-list-page').last().locator(`[data-code="${code}"]`).click();
  const detail = page.getByTestId('document-detail');
  await expect(detail).toContainText('Total cost14,000');
  await expect(detail).toContainText('itinerary.pdf');
  await detail.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('toast-success').first()).toBeVisible();
});
