import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, readLocale, TOKEN_KEY, texts } from './helpers';

// Issue 34 items 1 and 9 in a real browser, on a phone, in each language: the demo company Sora
// Cloud (sora.example) signs in through the demo IdP (`npm run idp:demo`, a real OpenID provider)
// with SSO required. Ken types his e-mail on the login page, is sent to the IdP, signs in there
// and lands signed in; the password route refuses him even with the right password (a clear
// message); the named break-glass admin, Hana, still signs in with her password and reads the
// company's sign-in settings; a forged answer to the callback ends on the refusal page. Screenshots
// of the e-mail step, the refusal, the refusal page and the settings screen are kept under
// test-results for a person to look at.
//
// Servers: this file starts its own Ringi (E2E_PORT + 2, a fresh data folder, DEMO_IDP_URL) and the
// demo IdP (E2E_PORT + 3) the way crawl.spec.ts starts its server; the journeys' shared server is
// not used (it has no IdP).
const port = Number(process.env.E2E_PORT ?? 8181) + 2;
const idpPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const issuer = `http://127.0.0.1:${idpPort}`;

test.use({ baseURL: base, viewport: { width: 390, height: 844 }, navigationTimeout: 30_000, actionTimeout: 15_000 });
test.describe.configure({ mode: 'serial' });

const started: ChildProcess[] = [];
const env = { ...process.env, RINGI_LOG_LEVEL: 'warn' };
test.beforeAll(async () => {
  test.setTimeout(240_000);
  started.push(spawn(process.execPath, ['--import', 'tsx', 'scripts/idp-demo.ts'], {
    env: { ...env, IDP_DEMO_PORT: String(idpPort), RINGI_URL: base }, stdio: ['ignore', 'ignore', 'inherit'],
  }));
  started.push(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env, PORT: String(port), APP_URL: base, DATA_DIR: mkdtempSync(join(tmpdir(), 'ringi-sso-')), JWT_SECRET: 'e2e-secret-not-for-production',
      LOGIN_RATE_LIMIT: '1000', DEMO_DOCUMENTS: '0', DEMO_IDP_URL: issuer, SSO_ALLOW_PRIVATE: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  }));
  await expect.poll(async () => (await fetch(`${issuer}/.well-known/openid-configuration`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [500] }).toBe(200);
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 200_000, intervals: [1000] }).toBe(200);
});
test.afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
});

type Texts = Record<string, any>;
const KEN = 'ken@sora.example';
const HANA = 'hana@sora.example';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Nothing on the screen is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The login page in `lang`, signed out (a new browser context per test: no token, no IdP session). */
async function openLogin(page: Page, lang: string) {
  await page.goto('/');
  await page.evaluate(([key, l]) => { localStorage.removeItem(key); localStorage.setItem('ringi.lang', l); }, [TOKEN_KEY, lang] as const);
  await page.goto('/');
  await expect(page.getByTestId('login')).toBeVisible();
}

/** The signed-in user's e-mail, from the token the app stored. */
async function signedInAs(page: Page): Promise<string> {
  return page.evaluate(async (key) => {
    const reply = await fetch('/api/profile', { headers: { authorization: `Bearer ${localStorage.getItem(key)}` } });
    return ((await reply.json()) as { email: string }).email;
  }, TOKEN_KEY);
}

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`SSO required: the IdP signs Ken in, his password is refused, the break-glass admin uses hers (${lang})`, async ({ page }) => {
    const t = texts[lang];
    const app = readLocale<Texts>(lang, 'app');
    const signInWords = readLocale<Texts>(lang, 'company-sign-in');
    // The server's message as it sends it (the app shows it as it came).
    const server = JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${lang}/server.json`, import.meta.url)), 'utf8')) as Texts;

    // The e-mail step: Ken's address is Sora Cloud's, so the page offers its IdP instead of a password.
    await openLogin(page, lang);
    const login = page.getByTestId('login');
    await login.getByLabel(t.login.email).fill(KEN);
    await expect(login.getByTestId('sso-continue')).toBeVisible();
    await expect(login.getByTestId('sso-note')).toHaveText(app.sso.requiredNote);
    await expect(login.getByLabel(t.login.password)).toHaveCount(0);
    await fitsThePhone(page);
    await shot(page, `sso-email-step-${lang}`);

    // To the IdP (the demo IdP's own login and consent pages), and back signed in.
    await login.getByTestId('sso-continue').click();
    await page.waitForURL((url) => url.origin === issuer);
    await page.locator('input[name="login"]').fill(KEN);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'));
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === base);
    // Signed in: the shell in whatever language Ken's account keeps (the first sign-in stored it).
    const shell = new RegExp(`^(${(['ja', 'en', 'zh'] as const).map((l) => texts[l].tabs.label).join('|')})$`);
    await expect(page.getByRole('navigation', { name: shell })).toBeVisible();
    expect(await signedInAs(page)).toBe(KEN);
    // The one-time ticket left the address.
    expect(page.url()).not.toContain('sso_ticket');

    // Signed out, Ken tries the password route with his right password: refused, clearly, and not signed in.
    await openLogin(page, lang);
    await login.getByLabel(t.login.email).fill(KEN);
    await login.getByTestId('sso-use-password').click();
    await login.getByLabel(t.login.password).fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: t.login.submit }).click();
    const refusal = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await expect(refusal).toContainText(app.sso.passwordRefusedTitle);
    await expect(refusal).toContainText(server.signIn.errors.ssoRequired);
    await fitsThePhone(page);
    await shot(page, `sso-password-refused-${lang}`);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // A forged answer at the callback (a state this server never issued) ends on the refusal page.
    const discover = await page.request.post('/api/sign_in/discover', { data: { email: KEN } });
    const companyId = /\/api\/sso\/(\d+)\//.exec(((await discover.json()) as { sso_url: string }).sso_url)![1];
    await page.goto(`/api/sso/${companyId}/oidc/callback?state=forged-state-value&code=forged`);
    const refused = page.getByTestId('sso-refused');
    await expect(refused).toHaveAttribute('data-reason', 'state');
    await expect(refused).toContainText(app.sso.refusedTitle);
    await expect(refused).toContainText(app.sso.reasons.state);
    await expect(page.getByRole('navigation', { name: shell })).toHaveCount(0);
    await fitsThePhone(page);
    await shot(page, `sso-refusal-page-${lang}`);

    // Hana, the named break-glass admin, signs in with her password (her stored language: this run's).
    const api = await page.request.post('/api/login_check', { data: { username: HANA, password: DEMO_PASSWORD } });
    expect(api.status()).toBe(200);
    const token = ((await api.json()) as { token: string }).token;
    expect((await page.request.put('/api/profile/language', { data: { language: lang }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await openLogin(page, lang);
    await login.getByLabel(t.login.email).fill(HANA);
    await login.getByTestId('sso-use-password').click();
    await login.getByLabel(t.login.password).fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: t.login.submit }).click();
    const tabs = page.getByRole('navigation', { name: t.tabs.label });
    await expect(tabs).toBeVisible();
    expect(await signedInAs(page)).toBe(HANA);

    // Her company's sign-in settings: OIDC, SSO required, she is the break-glass admin, the secret only "set".
    await tabs.getByRole('tab', { name: t.tabs.admin }).click();
    await expect(page.getByTestId('admin')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${t.admin.signIn}`) }).click();
    const settings = page.getByTestId('sign-in-settings-page');
    await expect(settings.getByTestId('sign-in-method')).toContainText(signInWords.method.options.oidc);
    await expect(settings.getByTestId('sign-in-method')).toContainText(app.signIn.required);
    await expect(settings.getByTestId('sign-in-method')).toContainText(HANA);
    await expect(settings.getByTestId('sign-in-secret')).toHaveText(app.signIn.secretSet);
    await expect(settings.getByTestId('sign-in-oidc')).toContainText(issuer);
    await fitsThePhone(page);
    await shot(page, `sso-sign-in-settings-${lang}`);
  });
}
