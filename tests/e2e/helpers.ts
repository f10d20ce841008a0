import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { keepWordsTogether } from '../../src/engine/i18n/keep-words';

/** Every demo user's password (README "Demo logins"). */
export const DEMO_PASSWORD = 'ringi-demo';

/** The JWT secret playwright.config.ts gives the server. */
export const E2E_JWT_SECRET = 'e2e-secret-not-for-production';

/** localStorage key of the login token. */
export const TOKEN_KEY = 'ringi.token';

type AppTexts = typeof import('../../locales/en/app.json');

/**
 * Reads `locales/<lang>/<namespace>.json` (JSON imports need import attributes in ES modules) as
 * the app shows it: in Chinese with their words joined (keep-words.ts), the app's own texts and a
 * module's alike.
 */
export function readLocale<T>(lang: 'en' | 'ja' | 'zh', namespace: string): T {
  const parsed = JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url)), 'utf8')) as T;
  return keepWordsTogether(lang, parsed);
}

function readTexts(lang: 'en' | 'ja' | 'zh'): AppTexts {
  return readLocale<AppTexts>(lang, 'app');
}

/** The shell's strings per language, read from the same files the app bundles. */
export const texts = { en: readTexts('en'), ja: readTexts('ja'), zh: readTexts('zh') };

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Opens the app and submits the login form in the language the page shows (`<html lang>`,
 * default ja); does not wait for the outcome.
 */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  const login = page.getByTestId('login');
  await expect(login).toBeVisible();
  const lang = (await page.evaluate(() => document.documentElement.lang)) as 'en' | 'ja' | 'zh';
  const words = texts[lang in texts ? lang : 'ja'].login;
  await login.getByLabel(words.email).fill(email);
  await login.getByLabel(words.password).fill(password);
  await login.getByRole('button', { name: words.submit }).click();
}

/**
 * Logs in through the login form and waits for the signed-in shell (the bottom tab bar with
 * Home selected). It does not wait for Home's own content, so journeys elsewhere do not depend
 * on it; the login journey itself checks `data-testid="home"`.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await submitLogin(page, email, password);
  await expect(page.getByTestId('login')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: texts.ja.tabs.label })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText(texts.ja.home.title);
}

/** Gets a real token from the API, without the browser. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const reply = await request.post('/api/login_check', { data: { username: email, password } });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { token: string }).token;
}

/** Opens the app with `token` stored, as a returning visitor would. */
export async function openWithToken(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
}

/**
 * Opens the app signed in as `email` (a real token from the API), in `lang` (English unless
 * given), at `path`; on Home it waits for Home.
 */
export async function openAs(page: Page, request: APIRequestContext, email: string, lang = 'en', path = '/'): Promise<void> {
  const token = await apiToken(request, email);
  await page.goto('/');
  await page.evaluate(([key, value, language]) => {
    localStorage.setItem(key, value);
    localStorage.setItem('ringi.lang', language);
  }, [TOKEN_KEY, token, lang] as const);
  await page.goto(path);
  if (path === '/') await expect(page.getByTestId('home')).toBeVisible();
}

/** A correctly signed token whose `exp` lies in the past. */
export async function expiredToken(userId = 1): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(now - 13 * 3600)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** The same token with one character of its signature changed. */
export function tamper(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
}

/** The bottom tab bar (pages may have tab lists of their own). */
export function tabBar(page: Page, lang: 'en' | 'ja' | 'zh' = 'ja'): Locator {
  return page.getByRole('navigation', { name: texts[lang].tabs.label });
}

/** A tab of the bottom tab bar by its exact label. */
export function bottomTab(page: Page, label: string, lang: 'en' | 'ja' | 'zh' = 'ja'): Locator {
  return tabBar(page, lang).getByRole('tab', { name: label, exact: true });
}

/** The stored token, read in the page. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** The mails to `email` in the outbox folder of the e2e data dir, newest first. */
function mailsTo(email: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().reverse().map((f) => readFileSync(join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${email}`));
}

/** The decoded text of a single-part mail (nodemailer writes base64 or quoted-printable). */
function mailBody(mail: string): string {
  const split = mail.search(/\r?\n\r?\n/);
  const head = mail.slice(0, split);
  const body = mail.slice(split).trim();
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return body;
}

/** The set-password link (invitation or reset) last mailed to `email`, if any yet. */
export function lastPasswordLink(email: string): string | undefined {
  for (const mail of mailsTo(email)) {
    const link = /https?:\/\/[^\s]+\/reset-password\?token=[\w-]+/.exec(mailBody(mail))?.[0];
    if (link) return link;
  }
  return undefined;
}

/** Waits for a set-password link mailed to `email` (delivery runs after the commit) other than `seen`. */
export async function mailedPasswordLink(email: string, seen?: string): Promise<string> {
  await expect.poll(() => { const link = lastPasswordLink(email); return link !== undefined && link !== seen; },
    { message: `password link mailed to ${email}`, timeout: 20_000 }).toBe(true);
  return lastPasswordLink(email)!;
}

/** Waits for a mail to `email` whose text holds `containing`, and returns that text (newest first). */
export async function mailedText(email: string, containing: string): Promise<string> {
  const find = () => mailsTo(email).map(mailBody).find((text) => text.includes(containing));
  await expect.poll(() => find() !== undefined, { message: `mail to ${email} with ${containing}`, timeout: 20_000 }).toBe(true);
  return find()!;
}
