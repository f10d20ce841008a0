import { expect, type Page } from '@playwright/test';
import { readLocale, texts } from './helpers';

// The debt collection form as the filing journeys (filing-posts, proxy-filing) drive it, in the page's language.

type Lang = 'ja' | 'en' | 'zh';
type Json = Record<string, any>;

/** From Home: the collection group's launcher, then the debt form (its Submit button ready). */
export async function openDebt(page: Page, lang: Lang): Promise<void> {
  const debt = readLocale<Json>(lang, 'collection-debt');
  const engine = readLocale<Json>(lang, 'engine');
  await page.getByTestId('launchers').getByRole('button', { name: texts[lang].launchers.collection, exact: true }).click();
  await page.getByTestId('collection-index').getByRole('button', { name: debt.title }).click();
  await expect(page.getByRole('button', { name: engine.renderer.submit, exact: true })).toBeEnabled();
}

/** Fills the debt form's customer, amount (1,200) and payment date. */
export async function fillDebt(page: Page, lang: Lang, customer: string): Promise<void> {
  const debt = readLocale<Json>(lang, 'collection-debt');
  await page.getByRole('textbox', { name: debt.customer_name.label, exact: true }).fill(customer);
  await page.getByRole('textbox', { name: debt.amount.label, exact: true }).fill('1200');
  await page.getByRole('textbox', { name: debt.payment_date.label, exact: true }).fill('2026/12/24');
}

/** Taps Submit, expects the submitted alert and closes it; answers the new document's code (the alert's title). */
export async function submitDebt(page: Page, lang: Lang): Promise<string> {
  const engine = readLocale<Json>(lang, 'engine');
  await page.getByRole('button', { name: engine.renderer.submit, exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(engine.renderer.submitted);
  const code = (await alert.getByRole('heading').textContent())!.trim();
  await alert.getByRole('button').click();
  return code;
}
