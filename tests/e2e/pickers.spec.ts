import { expect, test } from '@playwright/test';
import { appEn, engineEn, expectAlert, moduleTexts, openHome, openModule, pick, submit, tokenFor } from './application-helpers';

const purchase = moduleTexts('purchase');
const debt = moduleTexts('collection-debt');
// A user of its own (drafts are per user; other journeys share this server).
const USER = 'treasury@example.com';

test.describe('pickers (issue 4)', () => {
  test('company then department; another company clears the department and lists its own departments', async ({ page, request }) => {
    await openHome(page, request, USER);
    await openModule(page, purchase.title);
    const department = page.getByRole('button', { name: purchase.department_id.label, exact: true });
    await expect(department).toBeDisabled();
    await pick(page, purchase.company_id.label, 'Ringi Holdings');
    await pick(page, purchase.department_id.label, 'Sales');
    await expect(department).toContainText('Sales');

    await pick(page, purchase.company_id.label, 'Ringi Trading');
    await expect(department).toContainText(engineEn.widgets.choose);
    await department.click();
    await expect(page.getByRole('heading', { level: 1, name: purchase.department_id.label })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Trading', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sales', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Trading', exact: true }).click();
    await expect(department).toContainText('Trading');
  });

  test('an approver chosen on the process card is filed with the document', async ({ page, request }) => {
    await openHome(page, request, USER);
    await page.getByTestId('launchers').getByRole('button', { name: appEn.launchers.collection, exact: true }).click();
    await page.getByTestId('collection-index').getByRole('button', { name: debt.title }).click();
    await expect(page.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();

    // The optional Director step: search the approver page, tick one, Add (1).
    const step = 'Director approval';
    await page.getByRole('button', { name: engineEn.widgets.process.addApprover.replace('{{step}}', step) }).click();
    await expect(page.getByRole('heading', { level: 1, name: engineEn.widgets.process.approverTitle.replace('{{step}}', step) })).toBeVisible();
    await page.getByRole('searchbox').fill('Li W');
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Li Wei' }).check();
    await page.getByRole('button', { name: engineEn.widgets.addCount.replace('{{n}}', '1') }).click();
    await expect(page.getByRole('heading', { level: 1, name: debt.title })).toBeVisible();
    await expect(page.getByText('Li Wei')).toBeVisible();

    await page.getByRole('textbox', { name: debt.customer_name.label, exact: true }).fill('Picker Customer');
    await page.getByRole('textbox', { name: debt.amount.label, exact: true }).fill('1200');
    await page.getByRole('textbox', { name: debt.payment_date.label, exact: true }).fill('2026/12/24');
    await submit(page);
    const code = await expectAlert(page, engineEn.renderer.submitted, /^[A-Z]+-\d{4}-\d{6}$/);

    const token = await tokenFor(request, USER);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const list = await (await request.get('/api/my-buffers', { params: { search: code, 'module.code': 'collection-debt' }, headers })).json();
    const id = list['hydra:member'][0].id as number;
    const document = await (await request.get(`/api/buffers/${id}`, { headers })).json();
    const director = document.approvals.find((a: { master_process: { process: { name: string } } }) => a.master_process.process.name === step);
    expect(director.prospective_approvers.map((u: { name: string }) => u.name)).toEqual(['Li Wei']);
  });
});
