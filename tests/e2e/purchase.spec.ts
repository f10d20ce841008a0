import { expect, test } from '@playwright/test';
import { appEn, engineEn, expectAlert, moduleTexts, openHome, openModule, pick, submit, tokenFor } from './application-helpers';

const purchase = moduleTexts('purchase');
const goods = moduleTexts('purchase-goods');

test.describe('purchase (issue 3)', () => {
  // Journeys share the server and the employee: a purchase form another journey left is the
  // employee's draft, which would greet this one with company and department chosen.
  test.beforeEach(async ({ request }) => {
    const token = await tokenFor(request, 'employee@example.com');
    await request.delete('/api/buffer_temporaries', { params: { module_code: 'purchase' }, headers: { authorization: `Bearer ${token}` } });
  });

  test('every missing field is the spec\'s alert in order; the goods sub-form checks its own; the submit alert is titled with the code', async ({ page, request }) => {
    await openHome(page, request);
    await openModule(page, purchase.title);
    // The currency starts as the spec's default (CNY), so the first missing field is the company.
    await expect(page.getByRole('button', { name: purchase.currency_id.label, exact: true })).toContainText('CNY');

    await submit(page);
    await expectAlert(page, purchase.messages.company);
    await pick(page, purchase.company_id.label, 'Ringi Holdings');
    await submit(page);
    await expectAlert(page, purchase.messages.department);
    await pick(page, purchase.department_id.label, 'Sales');
    await submit(page);
    await expectAlert(page, purchase.messages.totalEstimated);

    // Goods detail page: department, delivery date, goods name, quantity, budget in that order.
    await page.getByRole('button', { name: engineEn.widgets.items.add }).click();
    const itemTitle = purchase.purchase_goods.itemTitle.replace('{{n}}', '1');
    await expect(page.getByRole('heading', { level: 1, name: itemTitle })).toBeVisible();
    const next = page.getByRole('button', { name: engineEn.renderer.next, exact: true });
    await next.click();
    await expectAlert(page, goods.messages.department);
    await pick(page, goods.department_id.label, 'Finance');
    await next.click();
    await expectAlert(page, goods.messages.deliveryDate);
    await page.getByRole('textbox', { name: goods.delivery_date.label, exact: true }).fill('2026/12/01');
    await next.click();
    await expectAlert(page, goods.messages.goodsName);
    await page.getByRole('textbox', { name: goods.goods_name.label, exact: true }).fill('Laptop');
    await next.click();
    await expectAlert(page, goods.messages.qty);
    await page.getByRole('textbox', { name: goods.qty.label, exact: true }).fill('2');
    await next.click();
    await expectAlert(page, goods.messages.budget);
    await page.getByRole('textbox', { name: goods.budget.label, exact: true }).fill('3000.456');
    // Estimated unit price = budget / quantity, rounded to the currency (CNY: 2 decimals).
    await expect(page.getByRole('textbox', { name: goods.estimated_unit_price.label, exact: true })).toHaveValue('1500.23');
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: purchase.title })).toBeVisible();
    await expect(page.getByRole('textbox', { name: purchase.total_estimated.label, exact: true })).toHaveValue('3000.46');

    await submit(page);
    const code = await expectAlert(page, engineEn.renderer.submitted, /^PUR-\d{4}-\d{6}$/);
    // Spec 000 §4: after the alert the page goes back; opened again, the form has its defaults.
    await expect(page.getByTestId('application-page')).toHaveCount(0);
    await openModule(page, purchase.title);
    await expect(page.getByRole('button', { name: purchase.company_id.label, exact: true })).toContainText(engineEn.widgets.choose);
    // The filed document is in View data.
    await page.getByRole('tab', { name: appEn.application.tabs.data }).click();
    const card = page.getByTestId('view-data').getByRole('button', { name: new RegExp(code) });
    await expect(card).toBeVisible();
    // Tapping the card opens the document's detail page, titled with its code.
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  });
});
