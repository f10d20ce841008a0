import { expect, test } from '@playwright/test';
import { apiToken, bottomTab, DEMO_PASSWORD, expiredToken, fill, lastPasswordLink, loginAs, mailedPasswordLink, openWithToken, readLocale, storedToken, submitLogin, tamper, texts } from './helpers';

const { zh, ja, en } = texts;

test.describe('login', () => {
  test('a wrong password shows the failed-attempt count', async ({ page }) => {
    await page.goto('/');
    await submitLogin(page, 'approver@example.com', 'not-the-password');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(fill(ja.login.invalid, { n: 1 }));
    await dialog.getByRole('button', { name: ja.common.ok }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: ja.login.submit }).click();
    await expect(page.getByRole('alertdialog')).toContainText(fill(ja.login.invalid, { n: 2 }));
    expect(await storedToken(page)).toBeNull();
  });

  test('five wrong passwords lock the account, even against the right one; the reset link mailed at the lock opens it again', async ({ page }) => {
    // A demo account other journeys need (routes name it): the journey ends with it open again.
    const email = 'approver2@example.com';
    const before = lastPasswordLink(email);
    await page.goto('/');
    await page.getByLabel(ja.login.email).fill(email);
    await page.getByLabel(ja.login.password).fill('wrong-password');
    const dialog = page.getByRole('alertdialog');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await page.getByRole('button', { name: ja.login.submit }).click();
      await expect(dialog).toContainText(fill(ja.login.invalid, { n: attempt }));
      await dialog.getByRole('button', { name: ja.common.ok }).click();
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('button', { name: ja.login.submit }).click();
    await expect(dialog).toContainText(ja.login.locked);
    await dialog.getByRole('button', { name: ja.common.ok }).click();

    await page.getByLabel(ja.login.password).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ja.login.submit }).click();
    await expect(dialog).toContainText(ja.login.locked);
    await dialog.getByRole('button', { name: ja.common.ok }).click();
    await expect(page.getByTestId('home')).toHaveCount(0);

    // The dialog said to check the mail: the lock mailed a reset link; a new password lifts the lock.
    const link = new URL(await mailedPasswordLink(email, before));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(ja.reset.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel(ja.reset.repeat).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ja.reset.submit }).click();
    await expect(page.getByTestId('login')).toBeVisible();
    await submitLogin(page, email, DEMO_PASSWORD);
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('empty fields are marked and nothing is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/login_check')) sent.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('button', { name: ja.login.submit }).click();
    await expect(page.getByText(ja.login.emptyEmail)).toBeVisible();
    await expect(page.getByText(ja.login.emptyPassword)).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('the right password opens Home, and a reload keeps the session', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('navigation', { name: ja.tabs.label })).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(ja.home.title);
    await expect(page.getByTestId('login')).toHaveCount(0);
  });
});

test.describe('stored token', () => {
  test('a tampered token returns to the login screen and is forgotten', async ({ page, request }) => {
    const token = await apiToken(request, 'employee@example.com');
    await openWithToken(page, tamper(token));
    await expect(page.getByTestId('login')).toBeVisible();
    await expect(page.getByTestId('toast-error')).toContainText(ja.errors.sessionExpired);
    expect(await storedToken(page)).toBeNull();
  });

  test('an expired token returns to the login screen', async ({ page }) => {
    await openWithToken(page, await expiredToken(), '/admin');
    await expect(page.getByTestId('login')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('signed in', () => {
  test('log out asks for confirmation, then returns to login', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    await bottomTab(page, ja.tabs.admin, 'ja').click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: ja.admin.logout }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(ja.admin.logoutConfirm);
    await dialog.getByRole('button', { name: ja.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('admin')).toBeVisible();

    await page.getByRole('button', { name: ja.admin.logout }).click();
    await dialog.getByRole('button', { name: ja.common.ok }).click();
    await expect(page.getByTestId('login')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await page.reload();
    await expect(page.getByTestId('login')).toBeVisible();
  });

  test('switching language changes labels and the document title; the stored choice wins at the next sign-in', async ({ page }) => {
    // Signed in, a choice is stored on the server (PUT /profile/language): wait for it to land.
    const choose = async (lang: 'en' | 'ja' | 'zh') => {
      const stored = page.waitForResponse((r) => r.url().endsWith('/api/profile/language') && r.request().method() === 'PUT');
      await page.getByTestId('language-picker').selectOption(lang);
      expect((await stored).status()).toBe(200);
    };
    await loginAs(page, 'employee@example.com');
    await expect(page).toHaveTitle(ja.documentTitle);
    await expect(bottomTab(page, ja.tabs.admin, 'ja')).toBeVisible();
    await choose('en');
    await expect(bottomTab(page, en.tabs.admin, 'en')).toBeVisible();
    await expect(bottomTab(page, en.tabs.home, 'en')).toBeVisible();
    await expect(page).toHaveTitle(en.documentTitle);
    await choose('zh');
    await expect(bottomTab(page, zh.tabs.admin, 'zh')).toBeVisible();
    await expect(page).toHaveTitle(zh.documentTitle);
    await page.reload();
    await expect(page).toHaveTitle(zh.documentTitle);

    // A new browser session: the login screen follows the browser (ja); signing in switches to the stored zh.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await expect(page.getByTestId('login')).toBeVisible();
    await expect(page.getByRole('button', { name: ja.login.submit })).toBeVisible();
    await submitLogin(page, 'employee@example.com', DEMO_PASSWORD);
    await expect(bottomTab(page, zh.tabs.admin, 'zh')).toBeVisible();
    await expect(page).toHaveTitle(zh.documentTitle);
    // The journeys after this one sign the employee in and read Japanese: the stored choice goes back to ja.
    await choose('ja');
    await expect(bottomTab(page, ja.tabs.admin, 'ja')).toBeVisible();
  });

  test('the Statistic tab is absent for an employee', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    await expect(bottomTab(page, ja.tabs.admin, 'ja')).toBeVisible();
    await expect(bottomTab(page, ja.tabs.statistic, 'ja')).toHaveCount(0);
  });

  test('the Statistic tab is present for finance and its deep link survives a reload', async ({ page }) => {
    await loginAs(page, 'finance@example.com');
    await bottomTab(page, ja.tabs.statistic, 'ja').click();
    await expect(page).toHaveURL(/\/statistic$/);
    await expect(page.getByRole('list', { name: ja.statistic.menuLabel })).toContainText(ja.statistic.paymentProjection);
    await page.reload();
    await expect(page.getByTestId('statistic')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('page-title')).toHaveText(ja.home.title);
    await expect(page.getByTestId('statistic')).toHaveCount(0);
  });
});

test.describe('password reset', () => {
  const serverJa = readLocale<{ auth: { resetTokenInvalid: string } }>('ja', 'server');

  test('forgot password sends the mail, says so and goes back to login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: ja.login.forgot }).click();
    await expect(page.getByTestId('page-title')).toHaveText(ja.forgot.title);
    await page.getByTestId('forgot-password').getByLabel(ja.forgot.email).fill('legal@example.com');
    await page.getByRole('button', { name: ja.forgot.submit }).click();
    await expect(page.getByTestId('toast-success')).toContainText(ja.forgot.sent);
    await expect(page.getByTestId('login')).toBeVisible();
    await expect(page.getByTestId('forgot-password')).toHaveCount(0);
  });

  test('a reset link with an unknown token is refused with the server message', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel(ja.reset.password, { exact: true }).fill('brand-new-password');
    await page.getByLabel(ja.reset.repeat).fill('brand-new-password');
    await page.getByRole('button', { name: ja.reset.submit }).click();
    await expect(page.getByRole('alertdialog')).toContainText(serverJa.auth.resetTokenInvalid);
    await page.getByRole('alertdialog').getByRole('button', { name: ja.common.ok }).click();
    await page.getByRole('button', { name: ja.reset.toLogin }).click();
    await expect(page.getByTestId('login')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
