import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { engineEn, expectAlert, moduleTexts, openHome, openModule, pick, submit } from './application-helpers';

const purchase = moduleTexts('purchase');
const goods = moduleTexts('purchase-goods');
const process = engineEn.widgets.process as Record<string, string>;
// Step names as the definition gives them (processes/purchase.json), not a hand list.
const definition = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../processes/purchase.json'), 'utf8')) as { steps: Array<{ code: string; names: { en: string } }> };
const nameOf = (code: string) => definition.steps.find((s) => s.code === code)!.names.en;
const steps = { manager: nameOf('p-manager'), director: nameOf('p-director') };

test.describe('routes as data (issue 20)', () => {
  test('typing a large amount adds the director step on the process card, and the filed document follows it', async ({ page, request }) => {
    const token = await openHome(page, request);
    await openModule(page, purchase.title);
    await pick(page, purchase.company_id.label, 'Ringi Holdings');
    await pick(page, purchase.department_id.label, 'Sales');
    const card = page.getByRole('group', { name: steps.manager });
    // The manager step resolves to the head of employee@'s department, set by the route.
    await expect(card).toContainText('Kenji Sato');
    await expect(card).toContainText(process.routedEditable);
    await expect(page.getByRole('group', { name: steps.director })).toHaveCount(0);

    await page.getByRole('button', { name: engineEn.widgets.items.add }).click();
    await expect(page.getByRole('heading', { level: 1, name: purchase.purchase_goods.itemTitle.replace('{{n}}', '1') })).toBeVisible();
    await page.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
    await expectAlert(page, goods.messages.department);
    await pick(page, goods.department_id.label, 'Sales');
    await page.getByRole('textbox', { name: goods.delivery_date.label, exact: true }).fill('2026/12/01');
    await page.getByRole('textbox', { name: goods.goods_name.label, exact: true }).fill('Servers');
    await page.getByRole('textbox', { name: goods.qty.label, exact: true }).fill('1');
    await page.getByRole('textbox', { name: goods.budget.label, exact: true }).fill('150000');
    await page.getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
    await expect(page.getByRole('textbox', { name: purchase.total_estimated.label, exact: true })).toHaveValue('150000');

    // 150,000 CNY ≥ 100,000: the director above the department (approver2@, Li Wei) joins the route.
    const director = page.getByRole('group', { name: steps.director });
    await expect(director).toContainText('Li Wei');
    await expect(director).toContainText(process.routed);

    await submit(page);
    const code = await expectAlert(page, engineEn.renderer.submitted, /^PUR-\d{4}-\d{6}$/);
    const list = await request.get(`/api/my-buffers?search=${code}`, { headers: { authorization: `Bearer ${token}` } });
    const id = ((await list.json()) as { 'hydra:member': Array<{ id: number; code: string }> })['hydra:member'].find((b) => b.code === code)!.id;
    const view = (await (await request.get(`/api/buffers/${id}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } })).json()) as {
      approvals: Array<{ master_process: { process: { code: string } }; prospective_approvers: Array<{ name: string }> }>;
    };
    const filed = view.approvals.map((a) => [a.master_process.process.code, a.prospective_approvers.map((u) => u.name)]);
    expect(filed.slice(0, 2)).toEqual([['p-manager', ['Kenji Sato']], ['p-director', ['Li Wei']]]);
    expect(filed.map(([c]) => c)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
  });
});
