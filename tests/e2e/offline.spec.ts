import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { samplePdf } from '../../scripts/lib/sample-pdf';
import { client, filePayment, type Client } from './api-fixtures';
import { DEMO_PASSWORD, TOKEN_KEY, apiToken, expiredToken, fill, openWithToken, readLocale, submitLogin, texts } from './helpers';

type UploadTexts = { widgets: { upload: { pdf: Record<string, string>; offline: Record<string, string> } } };
const engine = { ja: readLocale<UploadTexts>('ja', 'engine'), en: readLocale<UploadTexts>('en', 'engine'), zh: readLocale<UploadTexts>('zh', 'engine') };

// Issue 33 item 3 in a real browser, on a phone, in each language: the approver loads Pending
// online (the app keeps the last 50 pending documents, their attachments up to 5 MB, the names
// their cards show, and the app shell), goes offline, reloads (ja) and still reads a document — its
// company, department and currency by name, its 2-page PDF drawn from the device, its 6 MB PDF
// marked "not kept offline" — sees only approve and reject usable (the rest need a connection),
// approves it (queued on the device), approves a second one that its requester edited meanwhile
// through the API, is warned when signing out with both still queued (and cancels), and
// reconnects: the first decision lands exactly once, the second is refused as "changed since you
// read it" and shown as refused in the queue.
test.use({ viewport: { width: 390, height: 844 } });
// Two documents filed through the API, a reload and two queued decisions: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });

/** The keys of one store of the offline database (none while the app has not opened it). */
async function storeKeys(page: Page, store: 'copies' | 'files'): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'ringi-offline')) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open('ringi-offline');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(name)) { db.close(); resolve([]); return; }
        const keys = db.transaction(name).objectStore(name).getAllKeys();
        keys.onsuccess = () => { db.close(); resolve(keys.result.map(String)); };
      };
      open.onerror = () => resolve([]);
    });
  }, store);
}

/** The paths the offline store holds copies of. */
const keptPaths = (page: Page) => storeKeys(page, 'copies');
/** The ids of the attachments the offline store keeps. */
const keptFileIds = async (page: Page) => (await storeKeys(page, 'files')).map(Number);

/** Uploads a PDF as the user's e-invoice; answers its file id. */
async function uploadPdf(request: APIRequestContext, user: Client, name: string, buffer: Buffer): Promise<number> {
  const reply = await request.post('/api/files', { headers: user.headers, multipart: { file: { name, mimeType: 'application/pdf', buffer }, document_type: 'e-invoice' } });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).id as number;
}

/** pdf.js's CMaps (the viewer needs some of them for CJK text in fonts a PDF does not embed): every one is kept with a kept PDF. */
const CMAPS = readdirSync(join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps')).filter((name) => name.endsWith('.bcmap')).sort();

/** The file names of the CMaps the service worker keeps. */
async function keptCmaps(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('ringi-shell-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes('/cmaps/')).map((path) => path.split('/').pop()!).sort();
  });
}

/** True once the service worker controls the page and keeps every asset the page loaded. */
async function shellKept(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const cache = await caches.open('ringi-shell-v1');
    const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    const loaded = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => /^\/assets\/[^/]+\.(js|css)$/.test(path));
    return kept.has('/') && loaded.every((path) => kept.has(path));
  });
}

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`read and decide offline, then reconnect: one decision lands once, one changed meanwhile is refused (${lang})`, async ({ page, context, request }) => {
    const t = texts[lang];
    const upload = engine[lang].widgets.upload;
    const employee = await client(request, 'employee@example.com');
    const small = await uploadPdf(request, employee, 'estimate.pdf', samplePdf({ pages: 2 }));
    const large = await uploadPdf(request, employee, 'drawings.pdf', samplePdf({ pages: 1, noisePerPage: 6 * 1024 * 1024 }));
    const read = await filePayment(request, `offline ${lang} read`, [small, large]);
    const changed = await filePayment(request, `offline ${lang} changed`);
    const approver = await client(request, 'approver@example.com');
    const stepOf = async (id: number) => (await approver.get(`/buffers/${id}`)).current_approval_id as number;
    const [readStep, changedStep] = [await stepOf(read.id), await stepOf(changed.id)];

    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
    await openWithToken(page, await apiToken(request, 'approver@example.com'));
    await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
    const cards = page.locator('[data-code]').filter({ visible: true });
    await expect(cards.and(page.locator(`[data-code="${read.code}"]`)).first()).toBeVisible();
    // Online, the app keeps both documents (never opened yet) and the shell.
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining([`/approvals/${readStep}/buffer`, `/approvals/${changedStep}/buffer`]));
    await expect.poll(() => shellKept(page)).toBe(true);
    // …the 2-page PDF (not the 6 MB one) and the names the card shows (its department, read by id).
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining([`/files/${small}/meta`, `/files/${large}/meta`]));
    await expect.poll(() => keptFileIds(page)).toContain(small);
    expect(await keptFileIds(page)).not.toContain(large);
    // …and, for that PDF, the viewer's CMaps (its Japanese line is in a font it does not embed).
    await expect.poll(() => keptCmaps(page), { timeout: 30_000 }).toEqual(CMAPS);
    const department = employee.profile.department as { id: number };
    const company = employee.profile.company as { id: number };
    await expect.poll(() => keptPaths(page)).toContain(`/departments/${department.id}`);
    // The names as the card shows them in this language (a record has one per language).
    const named = async (path: string) => {
      const reply = await request.get(`/api${path}`, { headers: { authorization: approver.headers.authorization, 'accept-language': lang } });
      return Object.entries(await reply.json()).filter(([key, value]) => key.startsWith('name') && typeof value === 'string').map(([, value]) => value as string);
    };
    const nameIn = (names: string[]) => new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    const [companyNames, departmentNames] = [await named(`/companies/${company.id}`), await named(`/departments/${department.id}`)];

    await context.setOffline(true);
    const status = page.getByTestId('offline-status');
    await expect(status).toContainText(t.offline.offline);
    if (lang === 'ja') {
      // The app shell comes from the service worker and the session from the kept profile.
      await page.reload();
      await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
    }
    const asOf = new RegExp(t.offline.asOf.split('{{when}}')[0].trim());

    // Read the first document offline and approve it: queued on the device.
    await cards.and(page.locator(`[data-code="${read.code}"]`)).first().click();
    const bar = page.getByTestId('action-bar');
    await expect(bar).toBeVisible();
    await expect(page.getByText(read.code, { exact: true }).first()).toBeVisible();
    await expect(status).toContainText(asOf);
    // Names as of the last sync, not "…".
    const card = page.locator('[data-detail-card="payment"]');
    await expect(card).toContainText(nameIn(companyNames));
    await expect(card).toContainText(nameIn(departmentNames));
    await expect(card).toContainText('CNY');
    await expect(card).not.toContainText('…');
    // Only what can be queued is usable: the others are disabled, focusable, and say why.
    await expect(bar.getByTestId('offline-actions-note')).toHaveText(t.offline.actionsNote);
    const sendBack = bar.locator('[data-action="send-back"]');
    await expect(sendBack).toHaveAttribute('aria-disabled', 'true');
    await expect(sendBack).toHaveAccessibleDescription(t.offline.actionsNote);
    await expect(bar.getByRole('button', { name: t.approvals.actions.approve, exact: true })).toBeEnabled();
    await expect(bar.getByRole('button', { name: t.approvals.actions.reject, exact: true })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath(`offline-as-of-${lang}.png`) });
    // The 6 MB PDF is not kept (its size said); the small one opens from the device, every page drawn.
    const largeRow = card.locator(`[data-file-id="${large}"]`);
    await expect(largeRow).toContainText(upload.offline.notKept.split('{{size}}')[0].trim());
    await expect(largeRow.getByRole('button')).toHaveAttribute('aria-disabled', 'true');
    await largeRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`offline-files-${lang}.png`) });
    const cmapReplies: string[] = [];
    const cmapFailures: string[] = [];
    const cmapName = (url: string) => new URL(url).pathname.split('/').pop();
    const onReply = (response: Response) => void (response.url().includes('/cmaps/') && cmapReplies.push(`${response.status()} ${response.fromServiceWorker() ? 'service worker' : 'network'} ${cmapName(response.url())}`));
    const onFailure = (request: Request) => void (request.url().includes('/cmaps/') && cmapFailures.push(cmapName(request.url())!));
    page.on('response', onReply);
    page.on('requestfailed', onFailure);
    await card.locator(`[data-file-id="${small}"]`).getByRole('button').click();
    const viewer = page.getByRole('dialog', { name: fill(upload.pdf.title, { name: 'estimate.pdf' }) });
    await expect(viewer.getByText(fill(upload.pdf.pages, { count: 2 }))).toBeVisible();
    await expect(viewer.locator('[data-page="1"]')).toHaveAttribute('data-drawn', 'true');
    page.off('response', onReply);
    page.off('requestfailed', onFailure);
    // Offline, the CMap its Japanese line needs came from the kept ones; none failed.
    expect(cmapReplies).toContain('200 service worker UniJIS-UCS2-H.bcmap');
    expect(cmapFailures).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`offline-pdf-${lang}.png`) });
    await viewer.getByRole('button', { name: upload.pdf.close }).click();
    await expect(viewer).toBeHidden();
    await bar.getByRole('button', { name: t.approvals.actions.approve, exact: true }).click();
    await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: t.common.ok }).click();
    await expect(page.getByTestId('toast-success')).toContainText(t.offline.queued);
    await expect(status).toContainText(fill(t.offline.queue.summary, { pending: 1, sent: 0, refused: 0 }));

    // Meanwhile its requester edits the second document through the API (another device, online).
    const edited = await employee.post(`/buffer/${changed.id}/edit`, { data: { note: `offline ${lang} changed, edited` } });
    expect(edited.changed_fields).toEqual(['note']);

    // The approver, still offline, reads the second one as it was and approves it: queued too.
    await cards.and(page.locator(`[data-code="${changed.code}"]`)).first().click();
    await expect(page.getByText(changed.code, { exact: true }).first()).toBeVisible();
    await bar.getByRole('button', { name: t.approvals.actions.approve, exact: true }).click();
    await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: t.common.ok }).click();
    await expect(status).toContainText(fill(t.offline.queue.summary, { pending: 2, sent: 0, refused: 0 }));
    // Nothing reached the server while offline.
    expect((await approver.get(`/buffers/${read.id}`)).current_approval_id).toBe(readStep);

    // Signing out now would drop both: the warning counts them; offline it cannot send them. Cancel.
    await page.getByRole('banner').getByRole('button', { name: t.toolbar.back }).click();
    await page.getByTestId('tab-admin').click();
    await page.getByRole('button', { name: t.admin.logout }).click();
    const warning = page.getByRole('alertdialog', { name: t.offline.signOut.title });
    await expect(warning).toContainText(fill(t.offline.signOut.message, { count: 2 }));
    await expect(warning).toContainText(t.offline.signOut.offline);
    await expect(warning.getByRole('button', { name: t.offline.signOut.sendNow })).toHaveCount(0);
    // The dialog's fade-in done before the picture.
    await warning.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await page.screenshot({ path: test.info().outputPath(`offline-sign-out-${lang}.png`) });
    await warning.getByRole('button', { name: t.offline.signOut.cancel }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByTestId('login')).toHaveCount(0);

    // Reconnected: the queue is sent.
    await context.setOffline(false);
    await expect(status).toContainText(fill(t.offline.queue.summary, { pending: 0, sent: 1, refused: 1 }));
    await status.getByRole('button').click();
    const queue = page.getByRole('list', { name: t.offline.queue.title });
    const sent = queue.locator('li').filter({ hasText: read.code });
    const refused = queue.locator('li').filter({ hasText: changed.code });
    await expect(sent).toHaveAttribute('data-state', 'sent');
    await expect(sent).toContainText(t.offline.state.sent);
    await expect(refused).toHaveAttribute('data-state', 'refused');
    await expect(refused).toContainText(t.offline.state.refused);
    await expect(refused.getByRole('note')).toHaveText(readLocaleServer(lang));
    await page.screenshot({ path: test.info().outputPath(`offline-queue-${lang}.png`) });

    // On the server: the first step approved exactly once, the second still waiting.
    const after = await approver.get(`/buffers/${read.id}`);
    const step = after.approvals.find((a: { id: number }) => a.id === readStep);
    expect(step.status).toBe(1);
    expect(step.approval_logs.filter((log: { log_text: string }) => /approve|承認|批准/i.test(log.log_text))).toHaveLength(1);
    expect((await approver.get(`/buffers/${changed.id}`)).approvals.find((a: { id: number }) => a.id === changedStep).status).toBe(0);
  });
}

/** The server's "changed since you read it" in a language, as the server words it (the queue shows the server's reason). */
function readLocaleServer(lang: 'en' | 'ja' | 'zh'): string {
  const server = JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${lang}/server.json`, import.meta.url)), 'utf8'));
  return server.workflow.errors.changedSinceRead;
}

/** The profile id in the store's kept copy of /profile (undefined when none is kept). */
async function keptProfileId(page: Page): Promise<number | undefined> {
  return page.evaluate(() => new Promise<number | undefined>((resolve) => {
    const open = indexedDB.open('ringi-offline');
    open.onsuccess = () => {
      const get = open.result.transaction('copies').objectStore('copies').get('/profile');
      get.onsuccess = () => { open.result.close(); resolve((get.result?.data as { id?: number } | undefined)?.id); };
    };
  }));
}

test('a shared phone: signing out forgets the documents kept offline, and another user signing in never sees the previous one\'s', async ({ page, request }) => {
  const t = texts.en;
  const approver = await client(request, 'approver@example.com');
  const employee = await client(request, 'employee@example.com');
  const attachment = await uploadPdf(request, employee, 'shared.pdf', samplePdf({ pages: 1 }));
  const doc = await filePayment(request, 'offline shared phone', [attachment]);
  const step = (await approver.get(`/buffers/${doc.id}`)).current_approval_id as number;
  const kept = `/approvals/${step}/buffer`;

  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ringi.lang', 'en'));
  await openWithToken(page, approver.token);
  await expect.poll(() => keptPaths(page)).toContain(kept);
  await expect.poll(() => keptFileIds(page)).toContain(attachment);
  // Sign out: the store is emptied, the attachments' content too.
  await page.getByTestId('tab-admin').click();
  await page.getByRole('button', { name: t.admin.logout }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
  await expect(page.getByTestId('login')).toBeVisible();
  await expect.poll(() => keptPaths(page)).toEqual([]);
  await expect.poll(() => keptFileIds(page)).toEqual([]);

  // The approver again, then — without signing out (an expired session) — the employee on the same browser.
  await openWithToken(page, approver.token);
  await expect.poll(() => keptPaths(page)).toContain(kept);
  await expect.poll(() => keptProfileId(page)).toBe(approver.id);
  await openWithToken(page, employee.token);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect.poll(() => keptProfileId(page)).toBe(employee.id);
  expect(await keptPaths(page)).not.toContain(kept);
});

test('a newer version of the store opened in another tab is not held up by this one, and this tab keeps its copies in the new store', async ({ page, request }) => {
  const approver = await client(request, 'approver@example.com');
  await page.goto('/');
  await openWithToken(page, approver.token);
  await expect.poll(() => keptPaths(page)).toContain('/profile');
  // What an updated app does when it changes the store's shape: it waits while any tab holds it open.
  const deleted = await page.evaluate(() => new Promise<string>((resolve) => {
    const deletion = indexedDB.deleteDatabase('ringi-offline');
    deletion.onblocked = () => resolve('blocked');
    deletion.onsuccess = () => resolve('deleted');
  }));
  expect(deleted).toBe('deleted');
  // This tab opens the store again for its next copy, without a reload: a language switch reads the profile again.
  await page.getByTestId('language-picker').selectOption('en');
  await expect.poll(() => keptPaths(page)).toContain('/profile');
});

/** True once the service worker's cache holds an asset whose path matches `pattern`. */
async function shellHolds(page: Page, pattern: RegExp): Promise<boolean> {
  const paths = await page.evaluate(async () => (await (await caches.open('ringi-shell-v1')).keys()).map((request) => new URL(request.url).pathname));
  return paths.some((path) => pattern.test(path));
}

test('a session that ends offline still reaches the sign-in screen: its code is kept while signed in', async ({ page, context, request }) => {
  const t = texts.en;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ringi.lang', 'en'));
  await openWithToken(page, await apiToken(request, 'approver@example.com'));
  await expect(page.getByTestId('home')).toBeVisible();
  // Signed in from a token, this page never showed the sign-in screen: the worker keeps its code all the same.
  await expect.poll(() => shellHolds(page, /\/LoginPage-[^/]+\.js$/)).toBe(true);
  await expect.poll(() => shellKept(page)).toBe(true);
  await context.setOffline(true);
  await page.getByTestId('tab-admin').click();
  await page.getByRole('button', { name: t.admin.logout }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
  await expect(page.getByTestId('login')).toBeVisible();
  await expect(page.getByTestId('page-failed')).toHaveCount(0);
  await context.setOffline(false);
});

/**
 * Signed in as `token` in English, opens the pending list, waits until the document's step is kept
 * offline, then goes offline and approves it from its card: the decision is queued.
 */
async function approveOffline(page: Page, context: BrowserContext, token: string, code: string, step: number): Promise<void> {
  const t = texts.en;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ringi.lang', 'en'));
  await openWithToken(page, token);
  await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
  const card = page.locator(`[data-code="${code}"]`).filter({ visible: true }).first();
  await expect(card).toBeVisible();
  await expect.poll(() => keptPaths(page)).toContain(`/approvals/${step}/buffer`);
  await context.setOffline(true);
  await card.click();
  await page.getByTestId('action-bar').getByRole('button', { name: t.approvals.actions.approve, exact: true }).click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: t.common.ok }).click();
}

test('signing out with a decision not sent yet: the warning counts it, and "Send now" sends it once before signing out', async ({ page, context, request }) => {
  const t = texts.en;
  const doc = await filePayment(request, 'offline sign-out send now');
  const approver = await client(request, 'approver@example.com');
  const step = (await approver.get(`/buffers/${doc.id}`)).current_approval_id as number;

  await approveOffline(page, context, approver.token, doc.code, step);
  const status = page.getByTestId('offline-status');
  await expect(status).toContainText(fill(t.offline.queue.summary, { pending: 1, sent: 0, refused: 0 }));

  // Online again, but the decisions do not get through yet (a flaky network): it stays waiting.
  let cut = 0;
  await page.route('**/api/approvals/*/action', (route) => {
    cut += 1;
    return route.abort();
  });
  await context.setOffline(false);
  await expect.poll(() => cut).toBeGreaterThan(0);
  await expect(status).toContainText(fill(t.offline.queue.summary, { pending: 1, sent: 0, refused: 0 }));

  await page.getByRole('banner').getByRole('button', { name: t.toolbar.back }).click();
  await page.getByTestId('tab-admin').click();
  await page.getByRole('button', { name: t.admin.logout }).click();
  const warning = page.getByRole('alertdialog', { name: t.offline.signOut.title });
  await expect(warning).toContainText(fill(t.offline.signOut.message_one, { count: 1 }));
  await expect(warning).not.toContainText(t.offline.signOut.offline);
  await warning.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await page.screenshot({ path: test.info().outputPath('offline-sign-out-online-en.png') });
  // The network is back: "Send now" sends it, then signs out.
  await page.unroute('**/api/approvals/*/action');
  await warning.getByRole('button', { name: t.offline.signOut.sendNow }).click();
  await expect(page.getByTestId('login')).toBeVisible();
  await expect.poll(() => keptPaths(page)).toEqual([]);

  const after = await approver.get(`/buffers/${doc.id}`);
  const decided = after.approvals.find((a: { id: number }) => a.id === step);
  expect(decided.status).toBe(1);
  expect(decided.approval_logs.filter((log: { log_text: string }) => /approve/i.test(log.log_text))).toHaveLength(1);
});

/** A text in whichever of the three languages the page shows (a sign-in switches to the user's stored language). */
const anyLanguage = (pick: (t: (typeof texts)['en']) => string) => new RegExp(['en', 'ja', 'zh'].map((l) => pick(texts[l as 'en']).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

test('a session that expires keeps a decision taken offline: the sign-in screen names whose it is, another user neither lists nor sends it, and signed in again it lands once', async ({ page, context, request }) => {
  const t = texts.en;
  const doc = await filePayment(request, 'offline expired session');
  const approver = await client(request, 'approver@example.com');
  const step = (await approver.get(`/buffers/${doc.id}`)).current_approval_id as number;
  const stepNow = async () => (await approver.get(`/buffers/${doc.id}`)).approvals.find((a: { id: number }) => a.id === step);

  await approveOffline(page, context, approver.token, doc.code, step);
  await expect(page.getByTestId('offline-status')).toContainText(fill(t.offline.queue.summary, { pending: 1, sent: 0, refused: 0 }));

  // Meanwhile the session expired: back online, sending the queue gets 401 and signs the approver out.
  const expired = await expiredToken(approver.id);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, expired] as const);
  await context.setOffline(false);
  await expect(page.getByTestId('login')).toBeVisible();
  // The sign-in screen says the decision waits, whose it is, and that it goes only with them.
  const waiting = page.getByTestId('waiting-decisions');
  await expect(waiting).toHaveText(fill(t.offline.waiting.signIn_one, { count: 1, name: approver.profile.name as string }));
  await page.screenshot({ path: test.info().outputPath('offline-expired-sign-in-en.png') });
  expect((await stepNow()).status).toBe(0);

  // Another user signs in on the device: the decision is neither listed nor sent.
  await submitLogin(page, 'employee@example.com', DEMO_PASSWORD);
  await expect(page.getByTestId('tab-admin')).toBeVisible();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('offline-status')).toHaveCount(0);
  expect((await stepNow()).status).toBe(0);
  await page.getByTestId('tab-admin').click();
  await page.getByRole('button', { name: anyLanguage((w) => w.admin.logout) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: anyLanguage((w) => w.common.ok) }).click();
  await expect(page.getByTestId('login')).toBeVisible();
  // Still waiting for the approver (the employee's sign-out forgot only the employee's).
  await expect(waiting).toContainText(approver.profile.name as string);
  expect((await stepNow()).status).toBe(0);

  // The approver signs in again: it is sent, once.
  await submitLogin(page, 'approver@example.com', DEMO_PASSWORD);
  await expect(page.getByTestId('offline-status')).toContainText(anyLanguage((w) => fill(w.offline.queue.summary, { pending: 0, sent: 1, refused: 0 })));
  const decided = await stepNow();
  expect(decided.status).toBe(1);
  expect(decided.approval_logs.filter((log: { log_text: string }) => /approve/i.test(log.log_text))).toHaveLength(1);
});
