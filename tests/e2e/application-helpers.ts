import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, readLocale, TOKEN_KEY } from './helpers';

/**
 * Helpers of the application-page journeys (purchase, modules, drafts, pickers): sign in once
 * per file, open a module's form from its Home launcher, answer alerts, use pickers.
 */

/** English texts of a module namespace (`locales/en/<code>.json`). */
export function moduleTexts(code: string): Record<string, any> {
  return readLocale<Record<string, any>>('en', code);
}

/** English engine strings. */
export const engineEn = readLocale<Record<string, any>>('en', 'engine');
/** English app strings. */
export const appEn = readLocale<Record<string, any>>('en', 'app');

const tokens = new Map<string, string>();

/** A token per user, fetched once per spec file (the API login, not the slow form). */
export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = await apiToken(request, email);
    tokens.set(email, token);
  }
  return token;
}

/** Opens the app signed in as `email`, in English, at Home. */
export async function openHome(page: Page, request: APIRequestContext, email = 'employee@example.com'): Promise<string> {
  const token = await tokenFor(request, email);
  await page.addInitScript(([key, value]) => {
    localStorage.setItem(key, value);
    localStorage.setItem('ringi.lang', 'en');
  }, [TOKEN_KEY, token] as const);
  await page.goto('/');
  // The first visit of a run also warms the server's definitions: allow it more time.
  await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible({ timeout: 20_000 });
  return token;
}

/** Taps a Home launcher and waits for its form (the Submit tab's Submit button). */
export async function openModule(page: Page, launcher: string): Promise<void> {
  await page.getByTestId('launchers').getByRole('button', { name: launcher, exact: true }).click();
  await expect(page.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
}

/** Taps the form's Submit. */
export async function submit(page: Page): Promise<void> {
  await page.getByRole('button', { name: engineEn.renderer.submit, exact: true }).click();
}

/** Expects the one open alert to say `message` (title `title`, default the generic alert title) and closes it. */
export async function expectAlert(page: Page, message: string | RegExp, title: string | RegExp = engineEn.alertTitle): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(title);
  await expect(dialog).toContainText(message);
  const heading = (await dialog.getByRole('heading').textContent()) ?? '';
  await dialog.getByRole('button').click();
  await expect(dialog).toBeHidden();
  return heading;
}

/** Opens the picker page of `field` and taps `choice` there; the picker page closes. */
export async function pick(page: Page, field: string, choice: string): Promise<void> {
  await page.getByRole('button', { name: field, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: field, exact: true })).toBeVisible();
  await page.getByRole('button', { name: choice, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: field, exact: true })).toBeHidden();
}
