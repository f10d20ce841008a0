import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { paymentAtTreasury } from './api-fixtures';
import { readLocale, TOKEN_KEY } from './helpers';

/** One screen of the app as the quality suite visits it. */
export interface Screen {
  name: string;
  /** Who is signed in (null: the login screen). */
  user: string | null;
  /** Brings the page from Home (or the login screen) to the screen. */
  open(page: Page): Promise<void>;
  /** More selectors masked in the screenshot (what differs per run on this screen only). */
  mask?: string[];
  /** Undoes what opening the screen left behind (run after the checks, with the page closed). */
  cleanup?(): Promise<void>;
  /** Brings the server to what the screen must show, before its user signs in and Home loads. */
  prepare?(): Promise<void>;
}

export type Lang = 'en' | 'ja' | 'zh';

/** Languages and how many module forms the suite covers: everything with CI=true or QUALITY_SIZE=full. */
export function qualitySize(): { languages: Lang[]; modules: number } {
  const full = process.env.CI === 'true' || process.env.QUALITY_SIZE === 'full';
  const languages = (process.env.QUALITY_LANGS?.split(',') as Lang[] | undefined) ?? (full ? ['ja', 'en', 'zh'] : ['ja']);
  return { languages, modules: full ? Infinity : Number(process.env.QUALITY_MODULES ?? 3) };
}

/** Signs `email` in through the API and opens the app in `lang` (null: anonymous). */
export async function openAs(page: Page, request: APIRequestContext, email: string | null, lang: Lang): Promise<void> {
  // Screens that default to "today" (dates in forms, period filters) look the same on every run.
  await page.clock.setFixedTime(new Date('2026-11-20T03:00:00Z'));
  // The app's origin, without starting the app: the session is stored before it starts.
  await page.goto('/api/health');
  await storeSession(page, request, email, lang);
  await page.goto('/');
  await expect(page.getByTestId(email ? 'home' : 'login')).toBeVisible();
}

/**
 * Stores in the open page what a returning visitor has: `email`'s token from the API (none:
 * signed out) and the language `lang`. The next navigation starts the app with them.
 */
export async function storeSession(page: Page, request: APIRequestContext, email: string | null, lang: Lang): Promise<void> {
  const token = email ? await demoToken(request, email) : null;
  await page.evaluate(([key, value, language]) => {
    localStorage.setItem('ringi.lang', language);
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  }, [TOKEN_KEY, token, lang] as const);
}

/** Tokens issued through `request`, by e-mail (the quality suite and the crawl change no password). */
const issued = new WeakMap<APIRequestContext, Map<string, Promise<string>>>();

/**
 * `email`'s token from POST /api/login_check with the demo password, asked once per request
 * context (the quality suite's test of one language): each login costs the server a deliberately
 * slow scrypt check (a few hundred ms of a core idle, seconds on a loaded machine), and the suite
 * signed in again for every screen.
 */
export function demoToken(request: APIRequestContext, email: string): Promise<string> {
  let tokens = issued.get(request);
  if (!tokens) issued.set(request, (tokens = new Map()));
  let token = tokens.get(email);
  if (!token) {
    token = request.post('/api/login_check', { data: { username: email, password: 'ringi-demo' } }).then(async (reply) => {
      expect(reply.status(), await reply.text()).toBe(200);
      return ((await reply.json()) as { token: string }).token;
    });
    tokens.set(email, token);
  }
  return token;
}

/** The visible page frame (covered pages stay mounted but hidden). */
export const top = (page: Page) => page.locator('main > div:not([aria-hidden="true"])').last();

/** An item list of a UI schema whose items open a fixed sub-form (`ui:field` ItemList with `subForm`). */
export interface ItemList { field: string; subForm: string; requires: string[] }

/**
 * The item lists of definition `code` with a fixed sub-form, read from its UI schema. Contract
 * items choose their sub-form by the item type picked on the form (`subForm` absent): not visited.
 */
export function itemLists(code: string): ItemList[] {
  const path = fileURLToPath(new URL(`../../uiSchemas/${code}.json`, import.meta.url));
  if (!existsSync(path)) return [];
  const ui = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { 'ui:field'?: string; 'ui:options'?: { subForm?: string; requires?: string[] } }>;
  return Object.entries(ui).flatMap(([field, v]) => (v && v['ui:field'] === 'ItemList' && v['ui:options']?.subForm
    ? [{ field, subForm: v['ui:options'].subForm, requires: v['ui:options'].requires ?? [] }] : []));
}

const pages = (p: Page) => p.locator('main > div');

/** The field `field` of the form on the visible page: ids start with that form's own prefix (an item page's is not `root`). */
async function fieldOf(p: Page, field: string) {
  const prefix = (await top(p).locator('form[data-id-prefix]').first().getAttribute('data-id-prefix')) ?? 'root';
  return top(p).locator(`[id="${prefix}_${field}"]`);
}

/**
 * Picks the first entry of the picker of `field` on the visible page when it is still empty
 * (shows the "please select" text `choose`): a picker page opens over the form, then closes.
 */
async function pickFirst(p: Page, field: string, depth: number, choose: string): Promise<void> {
  const control = await fieldOf(p, field);
  if ((await control.evaluate((node) => node.tagName)) !== 'BUTTON' || (await control.innerText()).trim() !== choose) return;
  await control.click();
  await expect(pages(p)).toHaveCount(depth + 1);
  await top(p).getByRole('listitem').first().getByRole('button').first().click();
  await expect(pages(p)).toHaveCount(depth);
}

/**
 * Opens the form of `launcher`, then, for each item list on the way, fills what the list requires
 * (the first entry of each picker) and taps its Add button: the item page of the last one shows.
 */
export async function openItemPage(p: Page, launcher: string, path: ItemList[], choose: string): Promise<void> {
  await p.locator(`[data-launcher="${launcher}"]`).click();
  await expect(pages(p)).toHaveCount(2);
  await p.waitForLoadState('networkidle');
  let depth = 2;
  for (const list of path) {
    for (const field of list.requires) await pickFirst(p, field, depth, choose);
    // An empty list's only button is its Add.
    const add = (await fieldOf(p, list.field)).getByRole('button').last();
    await expect(add).toBeEnabled();
    await add.click();
    depth += 1;
    await expect(pages(p)).toHaveCount(depth);
    await p.waitForLoadState('networkidle');
  }
}

/**
 * Deletes `email`'s saved draft of `module`: picking a company on the way to an item page saves
 * the form as a draft, which the next visit of that form (a screen of the next language) would show.
 */
async function deleteDraft(request: APIRequestContext, email: string, module: string): Promise<void> {
  const token = await demoToken(request, email);
  const reply = await request.delete('/api/buffer_temporaries', { params: { module_code: module }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
}

/** The "please select" text an empty picker shows in `lang` (as the app shows it: Chinese words joined). */
export function chooseText(lang: Lang): string {
  return readLocale<{ widgets: { choose: string } }>(lang, 'engine').widgets.choose;
}

/**
 * Item pages reachable from the module forms of `launchers`: each item list with a fixed
 * sub-form, and the item lists of that sub-form in turn (payment item → payment content),
 * derived from the definitions.
 */
function itemScreens(request: APIRequestContext, launchers: string[], lang: Lang): Screen[] {
  const choose = chooseText(lang);
  const out: Screen[] = [];
  const walk = (launcher: string, code: string, path: ItemList[]) => {
    for (const list of itemLists(code)) {
      const next = [...path, list];
      out.push({
        name: `item-${list.subForm}`, user: 'legal@example.com', open: (p) => openItemPage(p, launcher, next, choose),
        cleanup: () => deleteDraft(request, 'legal@example.com', launcher),
      });
      if (next.length < 3) walk(launcher, list.subForm, next);
    }
  };
  for (const launcher of launchers) walk(launcher, launcher, []);
  return out;
}

/** Opens a document from one of Home's lists (`kind`) by its code: its detail page shows. */
async function openDocument(p: Page, kind: string, code: string): Promise<void> {
  await p.locator(`[data-shortcut="${kind}"]`).click();
  await expect(p.getByTestId('approval-list-page').getByTestId(`approval-list-${kind}`)).toBeVisible();
  await top(p).locator(`[data-code="${code}"]`).click();
  await expect(top(p).getByTestId('document-detail')).toBeVisible();
  await p.waitForLoadState('networkidle');
}

/**
 * Every screen the suite visits. The module forms are derived from the launchers Home shows
 * (the module definitions), never listed here, and so are their item pages; the detail page and
 * the treasury step show a payment filed for the suite (filed through the API and approved up to
 * its treasury step), opened from the requester's Initiated and the treasury's Pending list.
 */
export async function screens(page: Page, request: APIRequestContext, lang: Lang, maxModules: number): Promise<Screen[]> {
  await openAs(page, request, 'legal@example.com', lang);
  // The launchers come from the module definitions (fetched after Home shows): wait for them.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('launchers').locator('[data-launcher]').nth(1)).toBeVisible();
  const launchers = await page.locator('[data-launcher]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-launcher') ?? ''));
  const payment = await paymentAtTreasury(request, 'Office rent for November');
  // The document's code is in the page title, its filing time in the timeline: they differ per run.
  const documentMask = ['[data-testid="page-title"]'];
  const list: Screen[] = [
    { name: 'login', user: null, open: async () => {} },
    { name: 'home', user: 'legal@example.com', open: async () => {} },
    ...launchers.slice(0, maxModules).map((key): Screen => ({
      name: `form-${key}`,
      user: 'legal@example.com',
      // The form shows no draft. The item pages of it (the previous language's) each delete the
      // draft that picking on the way saved, but a save the closing page sent (keepalive, on
      // pagehide) can still land after that delete; by this screen, many screens later, it has.
      // Before Home loads: Home reads each form's draft ahead.
      prepare: itemLists(key).length ? () => deleteDraft(request, 'legal@example.com', key) : undefined,
      open: async (p) => {
        await p.locator(`[data-launcher="${key}"]`).click();
        // A launcher pushes a page over Home (a form, the collection index, stamp statistics).
        await expect(p.locator('main > div')).toHaveCount(2);
        await p.waitForLoadState('networkidle');
      },
    })),
    ...(['pending', 'done', 'initiated', 'forwarded'] as const).map((kind): Screen => ({
      name: `list-${kind}`,
      user: 'legal@example.com',
      open: async (p) => {
        await p.locator(`[data-shortcut="${kind}"]`).click();
        await expect(p.getByTestId('approval-list-page').getByTestId(`approval-list-${kind}`)).toBeVisible();
        await p.waitForLoadState('networkidle');
      },
    })),
    ...itemScreens(request, launchers, lang).slice(0, maxModules),
    {
      name: 'detail', user: 'employee@example.com', mask: documentMask,
      open: (p) => openDocument(p, 'initiated', payment.code),
    },
    {
      name: 'treasury', user: 'treasury@example.com', mask: documentMask,
      open: async (p) => {
        await openDocument(p, 'pending', payment.code);
        await top(p).getByTestId('treasury-form').scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'admin', user: 'legal@example.com',
      open: async (p) => {
        await p.goto('/admin');
        await expect(p.getByTestId('admin')).toBeVisible();
      },
    },
    {
      // Admin → Deputies with the Add form open (period YYYY/MM/DD, the definitions' modules) at phone width.
      name: 'deputies', user: 'legal@example.com',
      open: async (p) => {
        await p.goto('/admin');
        await top(p).locator('[data-entry="deputies"]').click();
        await expect(top(p).getByTestId('deputies')).toBeVisible();
        await top(p).getByTestId('deputy-add').click();
        await expect(top(p).getByTestId('deputy-pick')).toBeVisible();
      },
    },
    {
      name: 'statistic', user: 'treasury@example.com',
      open: async (p) => {
        await p.goto('/statistic');
        await expect(p.getByTestId('statistic')).toBeVisible();
        await p.waitForLoadState('networkidle');
      },
    },
  ];
  return list;
}
