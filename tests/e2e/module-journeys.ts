import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { DEMO_EXPENSE_ACCOUNTS } from '../../server/demo/seed-data';
import { engineEn, expectAlert, openModule, pick, submit } from './application-helpers';
import { readLocale } from './helpers';

/**
 * The module journeys' runner (modules.spec.ts, statistics.spec.ts): each module with a Home
 * launcher has a script `tests/e2e/journeys/<code>.json` — from an empty form, Submit shows the
 * spec's first message; doing what the message asks and submitting again shows the next one; …
 * until the submit succeeds with a code. A fixture `{ "coveredBy": "<spec>" }` names the spec
 * that drives the module instead (purchase).
 */

/** A picker choice: its label, or a seeded row of the module (the transportation expense account). */
type Choice = string | { seeded: 'transportationExpenseAccount' };

/** What the user does on a page. */
export type Action =
  | { pick: string; choice?: Choice }                      // a picker page; no choice = the first entry
  | { fill: string | { nth: number }; value: string }
  | { check: string }
  | { upload: true }
  | { item: { open?: string; title: string; actions: Action[] } }; // Add more → sub-form page (title: a RegExp source) → Next

/** One round: the message Submit shows now (a translation key), then what answers it. */
interface Step {
  message: string;
  then: Action[];
}

export type Journey = { steps: Step[] } | { coveredBy: string };

export const repoPath = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
export const readJson = <T>(path: string): T => JSON.parse(readFileSync(repoPath(path), 'utf8')) as T;

/** Codes of the modules with a Home launcher (not entity modules), from the UI schemas. */
export const LAUNCHED = readdirSync(repoPath('uiSchemas')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length))
  .filter((code) => {
    const facts = readJson<{ 'ui:module'?: { kind?: string; launcher?: unknown; entity?: unknown } }>(`uiSchemas/${code}.json`)['ui:module'];
    return facts?.kind === 'module' && facts.launcher !== undefined && facts.entity === undefined;
  })
  .sort();

interface LauncherFacts { label?: string; groupOnly?: boolean; group?: { key: string; title: string } }

/**
 * Opens module `code`'s form as a user would, from its `ui:module.launcher`: its Home launcher
 * (labelled `label`, else the module title), or for a `groupOnly` module its group's launcher
 * (unless the group's page is open) and then the module on the group's page.
 */
export async function openLaunched(page: Page, code: string): Promise<void> {
  const facts = readJson<{ 'ui:module': { title: string; launcher: LauncherFacts } }>(`uiSchemas/${code}.json`)['ui:module'];
  const { launcher } = facts;
  if (!launcher.groupOnly || !launcher.group) await openModule(page, translate(launcher.label ?? facts.title));
  else {
    // After a filing the form's page has gone back to the group's page: the module is chosen there again.
    const index = page.getByTestId(`${launcher.group.key}-index`);
    if (!(await index.isVisible())) await page.getByTestId('launchers').getByRole('button', { name: translate(launcher.group.title), exact: true }).click();
    await index.getByRole('button', { name: translate(facts.title), exact: true }).click();
    await expect(page.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
  }
  // The scripts start from the form as it settles: a currency picker with a default fills it once
  // the currency list has loaded (Submit waits for it; the amounts typed are rounded by it as a person sees them).
  for (const label of defaultedCurrencyLabels(code)) await expect(main(page).getByRole('button', { name: label, exact: true })).toHaveText(/^[A-Z]{3}$/);
}

/** The English labels of module `code`'s currency pickers that fill a default currency (`ui:options.defaultCode`, not null). */
function defaultedCurrencyLabels(code: string): string[] {
  type Field = { 'ui:widget'?: unknown; 'ui:options'?: { defaultCode?: unknown; allowAll?: unknown } } | null;
  const ui = readJson<Record<string, Field>>(`uiSchemas/${code}.json`);
  const texts = readLocale<Record<string, { label?: unknown } | undefined>>('en', code);
  return Object.entries(ui)
    .filter(([, field]) => field?.['ui:widget'] === 'CurrencyPicker' && field['ui:options']?.defaultCode !== null && !field['ui:options']?.allowAll)
    .flatMap(([name]) => (typeof texts[name]?.label === 'string' ? [texts[name]!.label as string] : []));
}

export const journeyPath = (code: string) => `tests/e2e/journeys/${code}.json`;
export const journeyOf = (code: string): Journey | null => (existsSync(repoPath(journeyPath(code))) ? readJson<Journey>(journeyPath(code)) : null);

export function translate(key: string): string {
  const [namespace, ...path] = key.split('.');
  let node: unknown = readLocale<Record<string, unknown>>('en', namespace);
  for (const part of path) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`missing translation ${key}`);
  return node;
}

/** A choice's label: as written, or the module's seeded transportation expense account (English name). */
function choiceLabel(choice: Choice, code: string): string {
  if (typeof choice === 'string') return choice;
  const account = DEMO_EXPENSE_ACCOUNTS.find((a) => a.module_type === code && a.is_transportation);
  if (!account) throw new Error(`no seeded transportation expense account for ${code}`);
  return account.names[0];
}

const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
  + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

const main = (page: Page) => page.getByRole('main');

export async function act(page: Page, action: Action, code: string): Promise<void> {
  if ('pick' in action) {
    if (action.choice) return pick(page, action.pick, choiceLabel(action.choice, code));
    await page.getByRole('button', { name: action.pick, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: action.pick, exact: true })).toBeVisible();
    await main(page).getByRole('listitem').first().getByRole('button').first().click();
    await expect(page.getByRole('heading', { level: 1, name: action.pick, exact: true })).toBeHidden();
    return;
  }
  if ('fill' in action) {
    const target = action.fill;
    const box = typeof target === 'string'
      ? main(page).getByRole('textbox', { name: target, exact: true })
      : main(page).getByRole('textbox').nth(target.nth);
    return box.fill(action.value);
  }
  if ('check' in action) return main(page).getByRole('checkbox', { name: action.check, exact: true }).check();
  if ('upload' in action) {
    await main(page).locator('input[type=file]').first().setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await expect(main(page).getByText('plan.pdf')).toBeVisible();
    return;
  }
  const { item } = action;
  const parent = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await main(page).getByRole('button', { name: item.open ?? engineEn.widgets.items.add, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(item.title) })).toBeVisible();
  for (const inner of item.actions) await act(page, inner, code);
  await main(page).getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: parent, exact: true })).toBeVisible();
}

/**
 * Files module `code` through its form on the open application page by its journey script and
 * returns the new document's code (the submitted alert's title).
 */
export async function fileThroughForm(page: Page, code: string): Promise<string> {
  const journey = journeyOf(code);
  if (!journey || 'coveredBy' in journey) throw new Error(`no journey steps for ${code} (${journeyPath(code)})`);
  for (const step of journey.steps) {
    await submit(page);
    await expectAlert(page, translate(step.message));
    for (const action of step.then) await act(page, action, code);
  }
  await submit(page);
  return expectAlert(page, engineEn.renderer.submitted, /^[A-Z][A-Z0-9]{1,7}-\d{4}-\d{6}$/);
}
