import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, fill, readLocale, submitLogin, texts } from './helpers';

// Issue 34 items 5, 7 and 8 in a real browser, on a phone, in each language: AP's company
// authorizer signs in through the login form, makes a SCIM token (shown once, then listed without
// it) and revokes it, sees their signed-in devices and ends the other one, and finds their own
// sign-in and the token's creation in the access log by filtering on the event. Screenshots of
// each screen are kept under test-results for a person to look at.
test.use({ viewport: { width: 390, height: 844 } });

type Texts = Record<string, any>;
const EMAIL = 'ap.authorizer@example.com';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Nothing on the screen is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`SCIM tokens, signed-in devices and the access log (${lang})`, async ({ page, request }) => {
    const t = texts[lang];
    const app = readLocale<Texts>(lang, 'app');
    // The user's stored language is what the app switches to at sign-in: store this run's.
    const other = await apiToken(request, EMAIL);
    expect((await request.put('/api/profile/language', { data: { language: lang }, headers: { authorization: `Bearer ${other}` } })).status()).toBe(200);

    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
    await page.reload();
    await submitLogin(page, EMAIL, DEMO_PASSWORD);
    const tabs = page.getByRole('navigation', { name: t.tabs.label });
    await expect(tabs).toBeVisible();
    await tabs.getByRole('tab', { name: t.tabs.admin }).click();
    await expect(page.getByTestId('admin')).toBeVisible();
    // An admin screen is pushed over the tab bar: its Back returns to the Admin menu.
    const toAdmin = async () => {
      await page.getByRole('banner').getByRole('button', { name: t.toolbar.back }).click();
      await expect(page.getByTestId('admin')).toBeVisible();
    };

    // SCIM tokens: create → shown once → listed (without the token) → revoke.
    const s = app.scimTokens;
    await page.getByRole('button', { name: new RegExp(`^${t.admin.scimTokens}`) }).click();
    const scim = page.getByTestId('scim-tokens');
    await expect(scim.getByTestId('scim-tokens-empty').or(scim.getByTestId('scim-token-row').first())).toBeVisible();
    const name = `Okta ${lang} ${Date.now() % 100000}`;
    const form = scim.getByRole('form', { name: s.createTitle });
    await form.getByRole('textbox').fill(name);
    await form.getByRole('button', { name: s.create }).click();
    const created = scim.getByTestId('scim-token-created');
    await expect(created).toContainText(s.shownOnce);
    const token = await created.getByRole('textbox').inputValue();
    expect(token).toMatch(/^ringi_scim_/);
    await fitsThePhone(page);
    await shot(page, `scim-token-created-${lang}`);
    await created.getByRole('button', { name: s.done }).click();
    await expect(created).toHaveCount(0);
    const row = scim.getByTestId('scim-token-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(scim).not.toContainText(token);
    await shot(page, `scim-tokens-${lang}`);
    await row.getByRole('button', { name: fill(s.revokeLabel, { name }) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
    await expect(scim.getByTestId('scim-token-row').filter({ hasText: name })).toHaveCount(0);

    // Signed-in devices: this browser (marked) and the API sign-in; end the other one.
    const d = app.sessions;
    await toAdmin();
    await page.getByRole('button', { name: new RegExp(`^${t.admin.sessions}`) }).click();
    const devices = page.getByTestId('sessions');
    const rows = devices.getByTestId('session-row');
    await expect(rows.filter({ hasText: d.current })).toHaveCount(1);
    await expect(rows.filter({ hasText: d.current })).toContainText(fill(d.device, { browser: 'Chrome', system: 'Linux' }));
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(2);
    await fitsThePhone(page);
    await shot(page, `sessions-${lang}`);
    const notThis = rows.filter({ hasNotText: d.current }).first();
    await notThis.getByRole('button').click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
    await expect(rows).toHaveCount(before - 1);
    await expect(rows.filter({ hasText: d.current })).toHaveCount(1);
    // The "ended" toast shows where the Admin menu's last entry will be: a tap there reaches the
    // entry, not the toast (it once swallowed the tap on Access log below).
    const toast = page.getByTestId('toast-success').filter({ hasText: d.ended });
    await expect(toast).toBeVisible();
    expect(await toast.evaluate(async (el) => {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && !hit.closest('.fui-Toaster');
    })).toBe(true);
    // The ended session's token is refused from now on.
    expect((await request.get('/api/profile', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(401);

    // Access log: filter by event and find this sign-in (Chrome on Linux, success) and the token's creation.
    const a = app.accessLog;
    await toAdmin();
    await page.getByRole('button', { name: new RegExp(`^${t.admin.accessLog}`) }).click();
    const log = page.getByTestId('access-log');
    await expect(log.getByTestId('access-log-row').first()).toBeVisible();
    await log.getByTestId('access-log-event').selectOption('sign_in');
    const signIn = log.getByTestId('access-log-row').first();
    await expect(signIn).toContainText(a.events.sign_in);
    await expect(signIn).toContainText('Jordan Lee');
    await expect(signIn).toContainText(a.methods.password);
    await expect(signIn).toContainText(fill(d.device, { browser: 'Chrome', system: 'Linux' }));
    await expect(signIn).toContainText(a.success);
    await fitsThePhone(page);
    await shot(page, `access-log-${lang}`);
    await log.getByTestId('access-log-event').selectOption('admin.scim_token_create');
    await expect(log.getByTestId('access-log-row').first()).toContainText(a.events.admin.scim_token_create);
    // Only Jordan: a tap on the name filters by the user.
    await log.getByTestId('access-log-row').first().getByRole('button', { name: 'Jordan Lee' }).click();
    await expect(log).toContainText(fill(a.onlyUser, { name: 'Jordan Lee' }));
    // A period with nothing in it: the empty state.
    await log.locator('#access-log-from').fill('2001-01-01');
    await log.locator('#access-log-to').fill('2001-01-02');
    await expect(log.getByTestId('access-log-empty')).toHaveText(a.empty);
    await shot(page, `access-log-empty-${lang}`);
  });
}

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`a group admin sets how long the access log is kept (${lang})`, async ({ page, request }) => {
    const t = texts[lang];
    const a = readLocale<Texts>(lang, 'app').accessLog;
    const token = await apiToken(request, 'authorizer@example.com');
    expect((await request.put('/api/profile/language', { data: { language: lang }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await page.goto('/');
    await page.evaluate(([key, value, l]) => { localStorage.setItem(key, value); localStorage.setItem('ringi.lang', l); }, ['ringi.token', token, lang] as const);
    await page.goto('/');
    await page.getByRole('navigation', { name: t.tabs.label }).getByRole('tab', { name: t.tabs.admin }).click();
    await page.getByRole('button', { name: new RegExp(`^${t.admin.accessLog}`) }).click();
    // Starts at the default (1096) and goes back to it afterwards, whatever happens, for the journeys after this one.
    const reset = () => request.put('/api/access_log/settings', { data: { retention_days: 1096 }, headers: { authorization: `Bearer ${token}` } });
    await reset();
    try {
      const card = page.getByTestId('access-log-retention');
      const days = card.getByRole('spinbutton', { name: a.retentionDays });
      await expect(days).toHaveValue('1096');
      // Below six weeks: the card says the bounds (its own message, not the browser's) and nothing is sent.
      await days.fill('41');
      await card.getByRole('button', { name: a.retentionSave }).click();
      await expect(card).toContainText(fill(a.retentionRange, { min: 42, max: 3653 }));
      await card.scrollIntoViewIfNeeded();
      await fitsThePhone(page);
      await shot(page, `access-log-retention-${lang}`);
      expect((await (await request.get('/api/access_log/settings', { headers: { authorization: `Bearer ${token}` } })).json()).retention_days).toBe(1096);
      await days.fill('90');
      await card.getByRole('button', { name: a.retentionSave }).click();
      await expect(page.getByTestId('toast-success')).toContainText(a.retentionSaved);
      expect((await (await request.get('/api/access_log/settings', { headers: { authorization: `Bearer ${token}` } })).json()).retention_days).toBe(90);
    } finally {
      expect((await reset()).status()).toBe(200);
    }
  });
}
