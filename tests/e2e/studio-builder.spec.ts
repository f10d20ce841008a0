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

/**
 * A person's pace (docs/MODULES.md "Build a module in ten minutes"): seconds to find and press a
 * control, and typing speed; a CJK character (typed through an input method) counts twice.
 */
const PERSON = { secondsPerAction: 3, charactersPerSecond: 3 };
const typed = (text: string) => [...text].reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);

/** Counts a person's actions (clicks, fields filled, choices) and the texts they type, and pauses as a person would. */
function person(page: Page) {
  let actions = 0;
  let texts = 0;
  let characters = 0;
  const step = async () => {
    actions += 1;
    if (PAUSE) await page.waitForTimeout(PAUSE);
  };
  return {
    get actions() { return actions; },
    get texts() { return texts; },
    get characters() { return characters; },
    /** What the run would take a person at `PERSON`'s pace, in seconds. */
    get personSeconds() { return actions * PERSON.secondsPerAction + characters / PERSON.charactersPerSecond; },
    click: async (target: Locator) => { await step(); await target.click(); },
    fill: async (target: Locator, value: string) => { await step(); texts += 1; characters += typed(value); await target.fill(value); },
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
  /** The data name; absent: the one the builder writes from the English label. */
  name?: string;
  type: string;
  /** The label; absent: the one the builder suggests (a picker's list). */
  label?: Tri;
  /** Required: its messages, or `true` for the ones the builder writes from the label. */
  required?: Tri | true;
  maxLength?: number;
  after?: string;
  more?: (dialog: Locator) => Promise<void>;
}

/** The Add field dialog, filled as a person does, then Save. */
async function addField(page: Page, who: Person, f: FieldInput): Promise<void> {
  await who.click(page.getByRole('button', { name: 'Add field', exact: true }));
  const dialog = page.getByRole('dialog');
  if (f.name) await who.fill(dialog.getByLabel('Field name', { exact: true }), f.name);
  await who.choose(dialog.getByLabel('Type', { exact: true }), f.type);
  if (f.required) await who.check(dialog.getByLabel('Required', { exact: true }));
  if (f.maxLength) await who.fill(dialog.getByLabel('Max length', { exact: true }), String(f.maxLength));
  if (f.after) await who.choose(dialog.getByLabel('Position', { exact: true }), `After ${f.after}`);
  if (f.label) await fillTexts(who, dialog, 'Label', f.label);
  if (f.required && f.required !== true) await fillTexts(who, dialog, 'Required message', f.required);
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

/** The director step the trial adds, and the total from which it applies. */
const DIRECTOR = { en: 'Director approval', ja: '部長承認', zh: '总监审批' };
const THRESHOLD = 100_000;

/** The name of position `code` of the admin's company, in English (the studio offers positions by name). */
async function positionName(request: APIRequestContext, code: string): Promise<string> {
  const admin = await client(request, 'admin@example.com');
  const company = (await admin.get('/profile')).company.id as number;
  const positions = (await admin.get(`/companies/${company}/positions`))['hydra:member'] as Json[];
  return positions.find((p) => p.code === code)!.name_en as string;
}

/**
 * With `STUDIO_SHOTS_DIR` set, the trial's screens are saved there (docs/MODULES.md's walkthrough
 * images come from `STUDIO_SHOTS_DIR=docs/images/walkthrough`); otherwise nothing is written.
 */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.STUDIO_SHOTS_DIR) await page.screenshot({ path: `${process.env.STUDIO_SHOTS_DIR}/${name}.png` });
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

test('the builder makes a business-trip module in ≤ 60 actions (dates, legs with a total, PDF itinerary, head step and a director step from 100,000); it is filed below and above the threshold', async ({ page, request }) => {
  // Building, publishing, two filings and a decision: a long journey.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, request, 'admin@example.com');
  const who = person(page);
  const started = Date.now();
  await openStudio(page, who);
  await who.fill(page.getByTestId('studio-new-code'), 'business-trip');
  await fillTexts(who, page.getByTestId('studio'), 'Title', tri('Business trip', '出張', '出差'));
  await who.click(page.getByRole('button', { name: 'New blank module', exact: true }));
  await expect(page.getByTestId('studio-check')).toHaveText('The checker finds no problem', { timeout: 20_000 });
  await shot(page, '1-blank-module');

  // Fields: the builder writes each data name, required message and range message from the labels.
  await addField(page, who, { type: 'Date range', label: tri('Trip', '出張期間', '出差期间'), required: true });
  await addField(page, who, { type: 'Picker of a server list', required: true, more: (dialog) => who.choose(dialog.getByLabel('Server list', { exact: true }), 'Currencies') });
  // Travel legs: the list's label writes its item title, amount, total and "add one" message; the leg's own field on the item form.
  await who.click(page.getByRole('button', { name: 'Add item list', exact: true }));
  const lists = page.getByRole('dialog');
  await fillTexts(who, lists, 'List label', tri('Travel legs', '移動', '行程'));
  await expect(lists.getByLabel('List name', { exact: true })).toHaveValue('travel_legs');
  await expect(lists.getByLabel('Total label (en)', { exact: true })).toHaveValue('Travel legs total');
  await shot(page, '2-item-list');
  await who.click(lists.getByRole('button', { name: 'Save', exact: true }));
  await expect(lists).toBeHidden();
  await who.choose(page.getByLabel('Form being edited', { exact: true }), 'Item form (business-trip-travel-legs)');
  await addField(page, who, { type: 'Text', label: tri('Route', '区間', '路线'), required: true, maxLength: 100 });
  await who.choose(page.getByLabel('Form being edited', { exact: true }), 'The form (business-trip)');
  await addField(page, who, { type: 'File upload', label: tri('Itinerary', '旅程表', '行程单'), required: true });
  await shot(page, '3-fields');
  // The director step from 100,000: its code follows its name; the director of the requester's department approves it.
  const steps = page.getByTestId('studio-steps');
  await who.click(steps.getByRole('button', { name: 'Add a step', exact: true }));
  const director = steps.getByRole('listitem').filter({ has: page.getByLabel('Step code', { exact: true }) }).last();
  for (const [lang, name] of Object.entries(DIRECTOR)) await who.fill(director.getByLabel(`Name (${lang})`, { exact: true }), name);
  await expect(director.getByLabel('Step code', { exact: true })).toHaveValue('p-director-approval');
  await who.click(director.getByRole('button', { name: 'Add approver rule', exact: true }));
  await who.choose(director.getByLabel('Position', { exact: true }), await positionName(request, 'director'));
  const when = director.getByRole('group', { name: 'Applies only when (optional)' });
  await who.choose(when.getByLabel('Field', { exact: true }), 'Travel legs total');
  await who.choose(when.getByLabel('Condition', { exact: true }), 'is at least (≥)');
  await who.fill(when.getByLabel('Value', { exact: true }), String(THRESHOLD));
  await expect(director.getByTestId('studio-step-when')).toContainText('100');
  await shot(page, '4-director-step');
  await publish(page, who);
  const seconds = (Date.now() - started) / 1000;
  console.log(`studio builder: business-trip module — ${who.actions} actions, ${who.texts} texts typed (${who.characters} characters), `
    + `${seconds.toFixed(1)} s here; a person at ${PERSON.secondsPerAction} s an action and ${PERSON.charactersPerSecond} characters a second: `
    + `${(who.personSeconds / 60).toFixed(1)} min (target ≤ 10 min, ≤ 60 actions)`);
  expect(who.actions, 'the business-trip module in at most 60 actions').toBeLessThanOrEqual(60);

  // An employee files one through the new form; its checks answer in order, in the builder's words.
  await openAs(page, request, 'employee@example.com');
  await page.getByTestId('launchers').getByRole('button', { name: 'Business trip', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
  const profile = await (await client(request, 'employee@example.com')).get('/profile');
  await submit(page);
  await expectAlert(page, 'Please select company');
  await pick(page, 'Company', profile.company.name);
  await submit(page);
  await expectAlert(page, 'Please enter trip');
  await main.getByRole('textbox', { name: 'Trip (from)', exact: true }).fill('2026/12/10');
  await main.getByRole('textbox', { name: 'Trip (to)', exact: true }).fill('2026/12/08');
  await submit(page);
  await expectAlert(page, 'Trip: the end must not be before the start');
  await main.getByRole('textbox', { name: 'Trip (to)', exact: true }).fill('2026/12/12');
  await chooseYen(page);
  await submit(page);
  await expectAlert(page, 'Please add travel legs');
  await addLeg(page, THRESHOLD * 1.5);
  // Above the threshold the route has the director step; below it, not (the card follows the amount).
  const manager = (await (await client(request, 'approver@example.com')).get('/profile')).name as string;
  await expect(page.getByRole('group', { name: 'Manager approval' })).toContainText(manager);
  await expect(page.getByRole('group', { name: DIRECTOR.en })).toBeVisible();
  await shot(page, '5-filing-above');
  await main.getByRole('button', { name: /Travel legs 1/ }).first().click();
  await main.getByRole('textbox', { name: 'Amount', exact: true }).fill('14000');
  await main.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
  await expect(page.getByRole('group', { name: 'Manager approval' })).toBeVisible();
  await expect(page.getByRole('group', { name: DIRECTOR.en })).toHaveCount(0);
  await submit(page);
  await expectAlert(page, 'Please attach itinerary');
  await attachItinerary(page);
  await submit(page);
  const below = await expectAlert(page, engineEn.renderer.submitted, /^BT-\d{4}-\d{6}$/);
  // A second one above the threshold, filled straight through (filing went back Home).
  await page.getByTestId('launchers').getByRole('button', { name: 'Business trip', exact: true }).click();
  await pick(page, 'Company', profile.company.name);
  await main.getByRole('textbox', { name: 'Trip (from)', exact: true }).fill('2026/12/14');
  await main.getByRole('textbox', { name: 'Trip (to)', exact: true }).fill('2026/12/15');
  await chooseYen(page);
  await addLeg(page, THRESHOLD);
  await attachItinerary(page);
  await expect(page.getByRole('group', { name: DIRECTOR.en })).toBeVisible();
  await submit(page);
  const above = await expectAlert(page, engineEn.renderer.submitted, /^BT-\d{4}-\d{6}$/);

  // The server's routes: the director step only above the threshold.
  const employee = await client(request, 'employee@example.com');
  const routeOf = async (code: string) => {
    const mine = (await employee.get(`/my-buffers?search=${code}`))['hydra:member'] as Json[];
    const view = await employee.get(`/buffers/${mine.find((b) => b.code === code)!.id}`);
    return (view.approvals as Json[]).map((a) => a.master_process.process.code as string);
  };
  expect(await routeOf(below)).toEqual(['p-manager']);
  expect(await routeOf(above)).toEqual(['p-manager', 'p-director-approval']);

  // The manager approves the one below the threshold from the Pending list: that decides it.
  await openAs(page, request, 'approver@example.com');
  await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
  await page.getByTestId('approval-list-page').last().locator(`[data-code="${below}"]`).click();
  const detail = page.getByTestId('document-detail');
  await expect(detail).toContainText('Travel legs total14,000');
  await expect(detail).toContainText('itinerary.pdf');
  await detail.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('toast-success').first()).toBeVisible();
});

/** Adds a travel leg (Tokyo – Osaka) of `amount` on its item page and comes back to the form. */
async function addLeg(page: Page, amount: number): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: engineEn.widgets.items.add, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Travel legs 1/ })).toBeVisible();
  await main.getByRole('textbox', { name: 'Route', exact: true }).fill('Tokyo – Osaka');
  await main.getByRole('textbox', { name: 'Amount', exact: true }).fill(String(amount));
  await main.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Business trip', exact: true })).toBeVisible();
}

async function attachItinerary(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.locator('input[type=file]').first().setInputFiles({ name: 'itinerary.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await expect(main.getByText('itinerary.pdf')).toBeVisible();
}

/** The currency picker (a dialog of the currencies, the company's own chosen first): yen. */
async function chooseYen(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Currency', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Currency' });
  await dialog.getByRole('button', { name: /^JPY/ }).click();
  await expect(dialog).toBeHidden();
}
