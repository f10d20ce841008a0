import { expect, test } from '@playwright/test';
import { apiToken, openAs, readLocale } from './helpers';

const LANGS = ['ja', 'en', 'zh'] as const;

/**
 * Statistic → Exchange rates (issue #35 item 5) in real Chromium at 390×844, in ja, en and zh:
 * finance@ sets the company's reporting currency and imports rates through the API, then opens
 * the screen; the rates show, nothing is wider than the phone, and a screenshot of each language
 * is kept as an artifact to look at.
 */
test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'finance@example.com');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const profile = await (await request.get('/api/profile', { headers })).json() as { company: { id: number } };
  const currencies = (await (await request.get('/api/currencies', { headers })).json())['hydra:member'] as Array<{ id: number; code: string }>;
  const jpy = currencies.find((c) => c.code === 'JPY')!;
  const company = profile.company.id;
  expect((await request.put(`/api/companies/${company}/exchange_rates/settings`, { headers, data: { reporting_currency_id: jpy.id, rounding_rule: 'half_up' } })).status()).toBe(200);
  const csv = 'currency,date,rate\nUSD,2026-11-27,149.8\nUSD,2026-11-30,150.25\nCNY,2026-11-30,20.9\n';
  expect((await request.post(`/api/companies/${company}/exchange_rates/import`, { headers, data: { csv } })).status()).toBe(200);
});

for (const lang of LANGS) {
  test(`finance sees the company's rates on the exchange rates screen, in ${lang}`, async ({ page, request }) => {
    await openAs(page, request, 'finance@example.com', lang, '/statistic');
    const app = readLocale<{ statistic: { exchangeRates: string } }>(lang, 'app');
    const texts = readLocale<{ exchange: { enterRate: string; import: string } }>(lang, 'statistic');
    await page.getByRole('button', { name: app.statistic.exchangeRates }).click();
    await expect(page.getByTestId('exchange-rate-row')).toHaveCount(3);
    // Newest day first, then by currency code.
    await expect(page.getByTestId('exchange-rate-row').nth(1)).toContainText('1 USD = 150.25 JPY');
    await expect(page.getByRole('form', { name: texts.exchange.enterRate })).toBeVisible();
    await expect(page.getByRole('form', { name: texts.exchange.import })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`exchange-rates-${lang}.png`) });
    // The forms below the table (the page scrolls inside the app's frame).
    await page.getByRole('form', { name: texts.exchange.import }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`exchange-rates-${lang}-forms.png`) });
  });
}
