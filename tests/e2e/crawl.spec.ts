import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { allowedWords, demoTexts, latinAllowedTexts, measure, moduleCodes, namespaces, userCjkRuns, type Finding, type Lang, type MeasureOptions } from './crawl-checks';
import { chooseText, itemLists, openItemPage, storeSession, type ItemList } from './quality-screens';

// The screen crawl (issue 22): every page and sheet the app shows, reached by tapping through
// it from each tab — never a list of screens: a new module, launcher, menu entry, list card,
// picker or sheet is a new screen here by itself — at 390×844 in ja, en and zh. Each screen
// fails on an element overflowing the viewport or its box, a word broken inside, a raw
// translation key, text in another language (demo data aside) and serious axe violations.
// Baselines stay with a11y-visual.spec.ts.
//
// Data: the crawl starts its own server on a fresh data folder WITH the demo documents (a
// working month: every module in every status), so lists, details and statistics have
// something to show; the journeys' server stays empty. The crawl only reads: every API write
// the taps would cause (submit, approve, save a draft) is refused in the browser before it leaves.
//
// Languages: every screen is found once, by exploring in the first language (ja), and checked
// in ja, en and zh on the spot — the language picker switches the app in place (no reload, no
// new sign-in), the checks run, and the picker switches back before the next tap.
//
// Size: full (CRAWL_SIZE=full) explores as every crawl user; the quick run (default, and what CI
// runs: the full size takes 30–40 minutes on a loaded 2-core machine) signed out and as the group
// admin — three taps deep and in all three languages either way. A later user taps only what no earlier one tapped from the same
// screen, and the cards of their own lists, so the extra users cost the screens only they see.
// CRAWL_DEPTH=4, CRAWL_LANGS=ja,en and CRAWL_USERS=… choose explicitly; CRAWL_URL reuses a
// running server (then no server is started).

const full = process.env.CRAWL_SIZE === 'full';
/**
 * Every finding fails the crawl, the content checks of issue 31 (Latin runs in ja/zh, half-width
 * marks beside Chinese, repeated input ids) too. CRAWL_CONTENT_REPORT=1 lists those three in the
 * output instead (to see them all at once while fixing them), and fails on the rest.
 */
const reportedOnly = new Set(process.env.CRAWL_CONTENT_REPORT === '1' ? ['latin-run', 'punctuation', 'duplicate-id'] : []);
const languages = (process.env.CRAWL_LANGS?.split(',') as Lang[] | undefined) ?? ['ja', 'en', 'zh'];
/** The language the crawl explores in (tap keys and screen names are its texts). */
const explore = languages[0];
/**
 * Who signs in: the group admin (every admin entry, the studio, every launcher), treasury (the
 * Statistic tab and the treasury step) and the manager approver (documents pending for a
 * decision); null is the signed-out visitor (login, forgot password).
 */
const allUsers: (string | null)[] = [null, 'admin@example.com', 'treasury@example.com', 'approver@example.com'];
const users = process.env.CRAWL_USERS?.split(',').map((u) => (u === 'anonymous' ? null : u)) ?? (full ? allUsers : [null, 'admin@example.com']);
const port = Number(process.env.E2E_PORT ?? 8181) + 1000;
const baseURL = process.env.CRAWL_URL ?? `http://127.0.0.1:${port}`;
/** How many taps deep the crawl goes (Home → list → detail → edit → picker is 4). */
const maxDepth = Number(process.env.CRAWL_DEPTH ?? 3);

// Every wait is bounded: a navigation or action that never completes fails the crawl with its
// name instead of holding it until the test's hour is up.
test.use({ baseURL, navigationTimeout: 30_000, actionTimeout: 15_000 });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
test.beforeAll(async () => {
  if (process.env.CRAWL_URL) return;
  test.setTimeout(240_000);
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'ringi-crawl-')), RINGI_LOG_LEVEL: 'warn', JWT_SECRET: 'e2e-secret-not-for-production', LOGIN_RATE_LIMIT: '1000', DEMO_DOCUMENTS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect.poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 200_000, intervals: [1000] }).toBe(200);
});
test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** One thing to tap: its key (role, label, occurrence) and the group it stands for. */
interface Tap { index: number; key: string; group: string; pos: string; kind: string }

/**
 * The tappable elements of the visible screen (top page, its toolbar actions), marked with
 * `data-crawl` for the click. The bottom tab bar, the back button and the language picker are
 * the crawl's own navigation, not targets. Repeated rows (cards, list entries) are grouped by
 * their place in the page and their text without numbers; a document card by its code's
 * prefix (one detail page per module).
 */
async function taps(page: Page): Promise<Tap[]> {
  return page.evaluate(() => {
    const frames = [...document.querySelectorAll('main > div')].filter((f) => f.getAttribute('aria-hidden') !== 'true');
    const scopes = [frames.at(-1), document.querySelector('[data-testid="toolbar-actions"]')].filter((e): e is Element => Boolean(e));
    for (const old of document.querySelectorAll('[data-crawl]')) old.removeAttribute('data-crawl');
    const seen = new Map<string, number>();
    const places = new Map<string, number>();
    const out: { index: number; key: string; group: string; pos: string; kind: string }[] = [];
    let index = 0;
    for (const scope of scopes) {
      for (const el of scope.querySelectorAll('button, [role="button"], [role="tab"], a[href], [role="link"], [role="combobox"]')) {
        const h = el as HTMLElement;
        if (!h.getClientRects().length || h.matches(':disabled, [aria-disabled="true"]') || getComputedStyle(h).visibility === 'hidden') continue;
        if (h.closest('input, [role="listbox"]') || (el instanceof HTMLAnchorElement && (el.target || el.origin !== location.origin))) continue;
        const label = (h.getAttribute('aria-label') || h.innerText || h.getAttribute('title') || '').trim().replace(/\s+/g, ' ');
        const role = h.getAttribute('role') ?? h.tagName.toLowerCase();
        const code = h.getAttribute('data-code');
        let path = '';
        for (let a: Element | null = h; a && a !== scope; a = a.parentElement) path = `${a.tagName}${a.getAttribute('data-testid') ? `#${a.getAttribute('data-testid')}` : ''}>${path}`;
        const ident = ['data-launcher', 'data-shortcut', 'data-entry', 'data-testid', 'id', 'name'].map((n) => h.getAttribute(n) ?? '').join('|');
        const base = `${role}|${label}|${ident}`;
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        h.setAttribute('data-crawl', String(index));
        const group = code ? `card|${code.replace(/[-_]?\d.*$/, '')}` : `${path}|${role}|${label.replace(/[\d,.:/¥$€-]+/g, '#')}|${ident.replace(/\d+/g, '#')}`;
        // The same tap in every language: its role, identity and place among its like.
        const place = `${role}|${ident}`;
        const p = places.get(place) ?? 0;
        places.set(place, p + 1);
        out.push({ index, key: `${base}|${n}`, group, pos: `${place}|${p}`, kind: `${path}|${role}|${ident.replace(/\d+/g, '#')}` });
        index += 1;
      }
    }
    return out;
  });
}

/** How deep the page stack is, and how many popups are open. */
async function state(page: Page): Promise<{ depth: number; popups: number; url: string }> {
  return page.evaluate(() => ({
    depth: document.querySelectorAll('main > div').length,
    popups: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')].filter((e) => (e as HTMLElement).getClientRects().length > 0).length,
    url: location.pathname,
  }));
}

/** What a screen is called in the report and for de-duplication: its title (numbers aside), open popup, selected tabs. */
const names = new Set(demoTexts().map((t) => t.trim()).filter(Boolean));
/** Module codes (the definitions' schema files): a studio page titled with one is the same screen for every module. */
const codes = new Set(moduleCodes());
async function signature(page: Page): Promise<string> {
  const raw = await page.evaluate(() => {
    const title = document.querySelector('[data-testid="page-title"]')?.textContent ?? document.querySelector('h1, h2')?.textContent ?? document.title;
    const frames = [...document.querySelectorAll('main > div')].filter((f) => f.getAttribute('aria-hidden') !== 'true');
    const top = frames.at(-1);
    const testid = top?.querySelector('[data-testid]')?.getAttribute('data-testid') ?? (document.querySelector('[data-testid="login"]') ? 'login' : '');
    const tabs = [...(top ?? document).querySelectorAll('[role="tab"][aria-selected="true"]')].map((t) => t.textContent?.trim()).join('+');
    const popup = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')]
      .filter((e) => (e as HTMLElement).getClientRects().length > 0)
      .map((d) => `${d.getAttribute('role')}:${(d.querySelector('h1, h2, [id$="title"]')?.textContent ?? d.getAttribute('aria-label') ?? '').trim()}`).join('+');
    // A popup (the currency drawer, the reset confirmation) is the same on every page that opens it.
    return { popup, title: (title ?? '').trim(), testid, tabs };
  });
  // Field names in a dialog's title (Edit field name) are one dialog.
  if (raw.popup) return raw.popup.replace(/\d+/g, '#').replace(/(?<=:.*)[a-z][a-z0-9_-]*/g, '*');
  // A page titled with a name from the data (a company's accounts) is one screen whatever the name.
  const title = names.has(raw.title) ? '*' : raw.title.replace(/[a-z][a-z0-9-]*/g, (word) => (codes.has(word) ? '*' : word));
  return [title, raw.testid, raw.tabs].filter(Boolean).join(' · ').replace(/\d+/g, '#');
}

/** The page's requests in flight (with when each was sent), and who waits for none to be. */
const inflight = new WeakMap<Page, { open: Map<Request, number>; idle: (() => void)[] }>();
function track(page: Page): void {
  const requests = { open: new Map<Request, number>(), idle: [] as (() => void)[] };
  inflight.set(page, requests);
  const done = (r: Request) => {
    requests.open.delete(r);
    if (requests.open.size === 0) for (const wake of requests.idle.splice(0)) wake();
  };
  page.on('request', (r) => requests.open.set(r, Date.now()));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * What the page itself says when the crawl fails on it (the splash stayed once in CI and locally
 * with no request waiting and no error): how long this document has lived, whether the browser
 * thinks it is shown, focused and online, whether a service worker controls it, and what it loaded
 * last (path, status, ms, bytes over the network — 0 from the service worker's cache or memory).
 */
async function pageState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const loads = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).slice(-25)
      .map((entry) => `${new URL(entry.name).pathname} ${entry.responseStatus ?? '?'} ${Math.round(entry.duration)} ms ${entry.transferSize} B at ${Math.round(entry.startTime)} ms`);
    // The start's stages (src/start-watch.ts): boot, main, texts, rendered — the last one reached.
    const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('ringi:')).map((mark) => `${mark.name.slice(6)} at ${Math.round(mark.startTime)} ms`);
    return `the page: ${Math.round(performance.now())} ms old, ${document.visibilityState}, ${document.hasFocus() ? 'focused' : 'not focused'}, `
      + `${navigator.onLine ? 'online' : 'offline'}, service worker ${navigator.serviceWorker?.controller ? 'in control' : 'none'}; `
      + `its start: ${marks.join(', ') || 'no stage marked'}; ${performance.getEntriesByType('resource').length} loads, the last:\n  ${loads.join('\n  ')}`;
  }).catch((error: unknown) => `the page did not answer: ${String(error)}`);
}

/**
 * What went wrong around the crawl, for the message of a failure it causes (and printed at the
 * end with CRAWL_DEBUG): the page's API answers of 400 and above, requests that failed (the
 * crawl's own refusals aside) or took over 3 s, page and console errors, the requests still
 * waiting, and the server's health asked every 5 s from the test (its slowest answer and any that
 * failed), each with the crawl's second. A
 * screen that does not show what it should (CI once missed Home's tabs, once its launchers) is
 * then explained by the server's answers or by the page.
 */
function watch(page: Page, start: number): { report(): string; stop(): void } {
  const events: string[] = [];
  const at = () => `${Math.round((Date.now() - start) / 1000)}s`;
  const note = (line: string) => {
    events.push(`${at()} ${line}`);
    if (events.length > 30) events.shift();
  };
  page.on('response', (r) => {
    if (r.status() < 400 || !new URL(r.url()).pathname.startsWith('/api/')) return;
    const line = `${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`;
    // With what the server said (its message and violations), so a refusal names its reason.
    void r.text().then((body) => note(`${line}: ${body.slice(0, 240)}`), () => note(line));
  });
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    // A request cut by leaving the page is noted when it is the API's (a session check cut and asked again).
    if (!failure.includes('BLOCKED_BY_CLIENT') && (!failure.includes('ERR_ABORTED') || new URL(r.url()).pathname.startsWith('/api/'))) note(`${r.method()} ${new URL(r.url()).pathname} failed: ${failure}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 200)}`));
  page.on('crash', () => note('the page crashed'));
  page.on('console', (message) => {
    // A start that stalled and reloaded itself (src/start-watch.ts) passes, and is told in every run.
    if (message.text().includes('the previous start stalled')) console.log(`crawl ${at()}: ${message.text()}`);
    // The browser's own line per refused or failed load repeats what the listeners above note.
    if ((message.type() === 'error' || message.type() === 'warning') && !message.text().startsWith('Failed to load resource')) note(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('requestfinished', (r) => {
    const took = r.timing().responseEnd;
    if (took > 3000) note(`${r.method()} ${new URL(r.url()).pathname} took ${Math.round(took)} ms`);
  });
  let slowest = { ms: 0, at: '' };
  const health = setInterval(() => {
    const asked = Date.now();
    void fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(20_000) }).then(
      (reply) => {
        const ms = Date.now() - asked;
        if (ms > slowest.ms) slowest = { ms, at: at() };
        if (!reply.ok) note(`health → ${reply.status}`);
      },
      (error: unknown) => note(`health failed after ${Date.now() - asked} ms: ${String(error)}`),
    );
  }, 5000);
  return {
    report: () => {
      // The requests still in flight, as the tracker that `settle` waits on holds them.
      const waiting = [...(inflight.get(page)?.open ?? [])].filter(([, sent]) => Date.now() - sent > 3000)
        .map(([r, sent]) => `still waiting after ${Math.round((Date.now() - sent) / 1000)} s: ${r.method()} ${new URL(r.url()).pathname}${r.serviceWorker() ? ' (service worker)' : ''}`);
      return [`server health: slowest ${slowest.ms} ms (at ${slowest.at || '-'})`, ...(events.length ? events : ['no API answer of 400 or above, no failed request']), ...waiting].join('\n');
    },
    stop: () => clearInterval(health),
  };
}

/**
 * Waits until the app is idle after a tap: none of its requests in flight, nothing showing as
 * loading (a list's `aria-busy`, a progress bar, a spinner — a lazy page shows one while its
 * code arrives, before it asks for its data) and no transition running, on two frames running. At most `limitMs` (10 s): a screen
 * that stays busy is checked as it is.
 */
async function settle(page: Page, limitMs = 10_000): Promise<void> {
  const requests = inflight.get(page);
  if (!requests) throw new Error('settle: the page is not tracked');
  const deadline = Date.now() + limitMs;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    if (requests.open.size > 0) {
      quiet = 0;
      await new Promise<void>((wake) => {
        requests.idle.push(wake);
        setTimeout(wake, Math.max(0, deadline - Date.now()));
      });
      continue;
    }
    // Two frames of a visible page; a page whose frames stop (hidden behind another tab) or whose
    // script does not answer counts as busy, so the deadline still ends the wait.
    const frames = page.evaluate(() => new Promise<boolean>((resolve) => {
      setTimeout(() => resolve(false), 1000);
      requestAnimationFrame(() => requestAnimationFrame(
        () => resolve(!document.querySelector('[aria-busy="true"], [role="progressbar"], .fui-Spinner')
          // A sheet or dialog still sliding or fading in (its colours half blended) is not there yet.
          && !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)),
      ));
    })).catch(() => false);
    const idle = await Promise.race([frames, new Promise<false>((wake) => setTimeout(() => wake(false), 3000))]);
    quiet = idle && requests.open.size === 0 ? quiet + 1 : 0;
  }
}

/** Signs `email` in (null: signed out) in `lang` and opens the app at `path`, every write refused. */
async function open(page: Page, email: string | null, lang: Lang, path: string): Promise<void> {
  // From a blank page: a tap may have left a navigation (a download) under way.
  await page.goto('about:blank');
  await page.goto('/');
  await storeSession(page, page.request, email, lang);
  await page.goto(path);
  await settle(page);
}

/**
 * Switches the app to `lang` in place through the toolbar's language picker (every page and
 * popup stays; the app refetches what the server words in the language), and waits until the
 * page is in it.
 */
async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  // The picker may sit under a modal sheet: chosen without a tap on it.
  await page.getByTestId('language-picker').selectOption(lang, { force: true });
  const started = Date.now();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  // A switch fetches every query of the screen again (names the server words in the request's
  // language): until those answers are in, the previous language's names still show. On a loaded
  // machine that takes longer than a tap's screen (CI once measured a company still in English).
  await settle(page, 30_000);
  if (process.env.CRAWL_DEBUG) console.log(`  switch to ${lang}: ${Date.now() - started} ms`);
}

/**
 * Reads that travel as POST (a route resolved, a definition judged, what a form's lines ask of
 * budgets): let through; every other write is refused.
 */
const READ_POSTS = /\/api\/(master_processes\/resolve|module-definitions\/(judge|check|check-set)|invoice_management_show|budgets\/check)$/;

interface Visit { screen: string; lang: Lang; user: string; findings: Finding[] }


test(`crawl (${languages.join(', ')}): every screen fits, reads whole words in its language and passes axe`, async ({ page }) => {
  test.setTimeout(3_600_000);
  const start = Date.now();
  const options = Object.fromEntries(languages.map((lang): [Lang, MeasureOptions] => {
    const words = allowedWords(lang);
    return [lang, { lang, namespaces: namespaces(), latin: [...words.latin], cjk: [...words.cjk], userCjk: userCjkRuns(lang), latinAllowed: latinAllowedTexts(lang) }];
  })) as Record<Lang, MeasureOptions>;
  await page.route('**/api/**', (route) => {
    const request = route.request();
    if (request.method() === 'GET' || request.method() === 'HEAD' || (request.method() === 'POST' && READ_POSTS.test(new URL(request.url()).pathname))) return route.continue();
    return route.abort('blockedbyclient');
  });
  // The live-events stream stays open, so the network would never be idle (item pages wait for
  // that): answered empty here (registered last, so asked first), the app retries it now and then.
  await page.route('**/api/events', (route) => route.fulfill({ status: 204 }));
  // A page that asks before leaving (unsaved studio changes) is left: the crawl wrote nothing.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  // A tap that opens a tab (a file shown by the browser) is not a screen of the app: the tab is
  // closed, so the app's page stays in front.
  page.context().on('page', (tab) => void (tab !== page && tab.close()));
  track(page);
  const watched = watch(page, Date.now());
  const visits: Visit[] = [];
  const checked = new Set<string>();
  let signedIn: string | null | undefined;
  /** Where the app stands now: the screen's name, page depth, popups and path. */
  const where = async () => ({ ...(await state(page)), screen: await signature(page) });
  /** Where the crawl's time went (printed with the summary). */
  const spent = { replays: 0, replayMs: 0, taps: 0, switches: 0, switchMs: 0, measureMs: 0 };

  /** Opens root tab `tab` of `user` afresh (in the language stored) and replays `path`; false when a tap is gone. */
  const replay = async (user: string | null, tab: number, path: { key?: string; pos?: string }[]): Promise<boolean> => {
    const began = Date.now();
    spent.replays += 1;
    try { return await replayed(user, tab, path); } finally { spent.replayMs += Date.now() - began; }
  };
  const replayed = async (user: string | null, tab: number, path: { key?: string; pos?: string }[]): Promise<boolean> => {
    if (process.env.CRAWL_DEBUG === '2') console.log(`  ${Math.round((Date.now() - start) / 1000)}s replay ${tab} ${path.map((p) => p.pos ?? p.key).join(' > ')}`);
    if (signedIn !== user) {
      await open(page, user, explore, '/');
      signedIn = user;
    } else {
      // Signed in already (the token stays stored): a fresh load of Home is enough.
      await page.goto('about:blank');
      await page.goto('/');
      await settle(page);
    }
    // A stored session is checked behind the splash (a check without a reply is asked again after
    // 1 s, 2 s, 4 s … at most 15 s apart): bounded like the tab bar's wait below, and a failure
    // names what the page and the server were doing.
    if (user) await page.getByTestId('splash').waitFor({ state: 'detached', timeout: 35_000 });
    if (tab > 0) {
      // The bar shows once the session's profile is in (a check that got no answer is asked again
      // with backoff, up to 15 s apart); when it does not, the failure names the screen shown instead.
      const bar = page.locator('nav [role="tab"]');
      const shown = await bar.nth(tab).waitFor({ timeout: 35_000 }).then(() => true, () => false);
      if (!shown) throw new Error(`replay: tab ${tab} of ${user} not shown on Home (${await bar.count()} tabs); the screen: ${JSON.stringify(await where())}, text: ${(await page.locator('body').innerText()).slice(0, 300)}`);
      await bar.nth(tab).click();
      await settle(page);
    }
    for (const step of path) if (!(await tapAt(step))) return false;
    return true;
  };
  /** Taps the element at `step` (by key while exploring, by place when replaying a route). */
  const tapAt = async (step: { key?: string; pos?: string }): Promise<boolean> => {
    const tap = (await taps(page)).find((t) => (step.key ? t.key === step.key : t.pos === step.pos));
    if (!tap) return false;
    await page.locator(`[data-crawl="${tap.index}"]`).click({ timeout: 5_000 }).catch(() => undefined);
    await settle(page);
    return true;
  };
  /** Switches the app to `lang` in place, counted in the summary. */
  const switchTo = async (lang: Lang) => {
    const began = Date.now();
    spent.switches += 1;
    await switchLanguage(page, lang);
    spent.switchMs += Date.now() - began;
  };
  /** Stores `lang` as the chosen language (the next load starts in it). */
  const storeLanguage = (lang: Lang) => page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);

  /**
   * Checks the screen showing, once per name: in the exploring language, then in each other
   * language switched in place, then back. A popup (its text written when it opened) is closed,
   * the language switched and the popup opened again by `opener`, the tap that opened it. A
   * screen the switch does not keep is reached again in that language the way it was reached
   * (`reopen`). False when seen before.
   */
  const check = async (user: string | null, reopen: () => Promise<boolean>, opener?: { pos: string }): Promise<boolean> => {
    const here = await where();
    if (checked.has(here.screen)) return false;
    checked.add(here.screen);
    const who = user ?? 'signed out';
    const same = (now: { depth: number; popups: number; url: string }) => now.depth === here.depth && now.popups === here.popups && now.url === here.url;
    /** Brings this screen up in `lang`: in place, else the way it was reached. */
    const into = async (lang: Lang): Promise<boolean> => {
      if (opener && here.popups > 0) {
        await page.keyboard.press('Escape');
        await settle(page);
        if ((await state(page)).popups < here.popups) {
          await switchTo(lang);
          await tapAt(opener);
          if (same(await state(page))) return true;
        }
      } else {
        await switchTo(lang);
        if (same(await state(page))) return true;
      }
      await storeLanguage(lang);
      return reopen();
    };
    for (const lang of languages) {
      if (lang !== explore && !(await into(lang))) {
        visits.push({ screen: here.screen, lang, user: who, findings: [{ check: 'overflow', detail: `screen not reached in ${lang} the way ${explore} reached it` }] });
        continue;
      }
      const measured = Date.now();
      visits.push({ screen: here.screen, lang, user: who, findings: await measure(page, options[lang]) });
      spent.measureMs += Date.now() - measured;
      if (process.env.CRAWL_DEBUG) console.log(`${Math.round((Date.now() - start) / 1000)}s [${lang}] measure ${Date.now() - measured} ms ${here.screen}: ${visits.at(-1)!.findings.map((f) => `${f.check} ${f.detail}`).join('; ')}`);
    }
    // Back to the exploring language (a screen not reached again is replayed by the crawl).
    if (languages.length > 1) await into(explore);
    return true;
  };

  /**
   * What has been tapped from each screen, by any user in any tab: a screen reached again (from
   * another tab, or as the next user) is explored only through taps not made from it before —
   * the same button on the same screen leads to the same screen. A document card is the
   * exception: it opens the document with what this user may do to it (approve, add the
   * treasury data), so each user taps the cards of their own lists.
   */
  const tapped = new Map<string, Set<string>>();
  try {
    for (const user of users) {
      // The roots: the tabs the tab bar shows this user (or the login page).
      await replay(user, 0, []);
      const tabs = user ? await page.locator('nav [role="tab"]').count() : 1;
      for (let tab = 0; tab < tabs; tab += 1) {
        const crawl = async (path: { key: string; pos: string }[]): Promise<void> => {
          await check(user, () => replay(user, tab, path.map(({ pos }) => ({ pos }))));
          const screen = await signature(page);
          if (path.length >= maxDepth) return;
          const groups = tapped.get(screen) ?? new Set<string>();
          tapped.set(screen, groups);
          // Rows of one kind (a picker's entries): when the first shows nothing new, neither do the rest.
          const dead = new Set<string>();
          for (const candidate of await taps(page)) {
            const group = candidate.group.startsWith('card|') ? `${user}|${candidate.group}` : candidate.group;
            if (groups.has(group) || dead.has(candidate.kind)) continue;
            groups.add(group);
            const seenBefore = checked.size;
            const before = await state(page);
            spent.taps += 1;
            if (!(await tapAt(candidate))) continue;
            const after = await state(page);
            if (process.env.CRAWL_DEBUG === '2') console.log(`  ${Math.round((Date.now() - start) / 1000)}s tap ${candidate.key} → ${JSON.stringify(before)} ${JSON.stringify(after)}`);
            const step = { key: candidate.key, pos: candidate.pos };
            if (after.depth > before.depth || after.url !== before.url) {
              await crawl([...path, step]);
            } else if (after.popups > before.popups || candidate.key.startsWith('tab|')) {
              // A sheet or popup over the page, or another tab of it: checked, not explored.
              await check(user, () => replay(user, tab, [...path, step].map(({ pos }) => ({ pos }))), { pos: step.pos });
            }
            if (checked.size === seenBefore && !candidate.key.startsWith('tab|')) dead.add(candidate.kind);
            // Back to this screen: close a popup, pop a page, or replay the taps from the root.
            if ((await state(page)).popups > before.popups) {
              await page.keyboard.press('Escape');
              await settle(page);
            }
            let back = await state(page);
            while (back.depth > before.depth && back.url === before.url) {
              await page.goBack();
              await settle(page);
              const next = await state(page);
              if (next.depth >= back.depth) break;
              back = next;
            }
            const away = async () => back.depth !== before.depth || back.url !== before.url || back.popups !== before.popups || (await signature(page)) !== screen;
            // A tap that closed this page (Save, a picked entry): on the page below, tap the way back in.
            if (back.depth === before.depth - 1 && back.url === before.url && back.popups === 0 && path.length > 0) {
              await tapAt(path.at(-1)!);
              back = await state(page);
            }
            if (await away()) {
              if (!(await replay(user, tab, path))) return;
            }
          }
        };
        if (await replay(user, tab, [])) await crawl([]);
      }
    }

    // Item pages (a payment's item, its content lines): a form's item list opens them only once
    // what the list requires is picked, which exploring does not do. Derived from the definitions:
    // every item list with a fixed sub-form (and the item lists of that sub-form in turn) of each
    // launcher Home shows the first signed-in crawl user.
    const itemUser = users.find((u): u is string => u !== null);
    if (itemUser) {
      await replay(itemUser, 0, []);
      const launchers = await page.locator('[data-launcher]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-launcher') ?? ''));
      const choose = chooseText(explore);
      const walk = async (launcher: string, code: string, path: ItemList[]): Promise<void> => {
        for (const list of itemLists(code)) {
          const next = [...path, list];
          const reopen = async () => {
            await replay(itemUser, 0, []);
            await openItemPage(page, launcher, next, chooseText(await page.evaluate(() => document.documentElement.lang as Lang)));
            await settle(page);
            return true;
          };
          await replay(itemUser, 0, []);
          await openItemPage(page, launcher, next, choose);
          await settle(page);
          await check(itemUser, reopen);
          if (next.length < 3) await walk(launcher, list.subForm, next);
        }
      };
      for (const launcher of launchers) await walk(launcher, launcher, []);
    }
  } catch (error) {
    // The screen and the server's answers around it go with the failure (the CI log shows its end).
    if (error instanceof Error) error.message += `\nthe screen: ${JSON.stringify(await where().catch(() => null))}, text: ${(await page.locator('body').innerText().catch(() => '')).slice(0, 300)}\n${watched.report()}\n${await pageState(page)}`;
    throw error;
  } finally {
    watched.stop();
    if (process.env.CRAWL_DEBUG) console.log(`${watched.report()}\n${await pageState(page)}`);
  }

  // The report: screens visited per language, and what failed.
  const line = (visit: Visit, finding: Finding) => `[${visit.lang}] ${visit.screen} (${visit.user}) ${finding.check}: ${finding.detail}`;
  const failures = visits.flatMap((visit) => visit.findings.filter((f) => !reportedOnly.has(f.check)).map((f) => line(visit, f)));
  const reported = visits.flatMap((visit) => visit.findings.filter((f) => reportedOnly.has(f.check)).map((f) => line(visit, f)));
  if (reported.length) console.log([`content findings (reported, not failed, as CRAWL_CONTENT_REPORT=1 asks): ${reported.length}`, ...reported].join('\n'));
  const seconds = Math.round((Date.now() - start) / 1000);
  const perLanguage = languages.map((lang) => `${visits.filter((v) => v.lang === lang).length} in ${lang}`).join(', ');
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  const summary = `${checked.size} screens × ${languages.length} languages (${perLanguage}), ${seconds} s: ${spent.taps} taps explored, `
    + `${spent.replays} replays from Home (${s(spent.replayMs)}), ${spent.switches} language switches (${s(spent.switchMs)}), measuring ${s(spent.measureMs)}`;
  console.log([summary, ...[...checked].map((screen) => `  ${screen}`)].join('\n'));
  test.info().annotations.push({ type: 'crawl', description: summary });
  expect(checked.size, 'screens visited').toBeGreaterThan(5);
  for (const lang of languages) expect(visits.filter((v) => v.lang === lang).length, `screens checked in ${lang}`).toBe(checked.size);
  expect(failures, failures.join('\n')).toEqual([]);
});
