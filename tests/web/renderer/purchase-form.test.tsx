import { beforeAll, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost } from '../test-host';

let purchase: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  purchase = compileModules(files).modules.purchase as CompiledModule;
});

const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];
/** A member of the group (a group company's staff): files for any group company. */
const member = { id: 101, name: 'Taro Staff', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, is_ringi_group_member: true, company: { id: 1, name: 'Ringi Holdings' } };

async function pick(user: ReturnType<typeof renderWithHost>['user'], field: string, choice: string) {
  await user.click(screen.getByRole('button', { name: field }));
  const page = await screen.findByRole('dialog', { name: field });
  await user.click(await within(page).findByRole('button', { name: choice }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: field })).toBeNull());
}

test('purchase form (definition on disk, Ringi widgets): a new company clears the department; submit alerts the first rule', async () => {
  const view = renderWithHost(<ModuleForm module={purchase} context={{ currencies, steps: [] }} onSubmit={async () => ({ code: 'PUR-1' })} />, { user: member });
  const { user, log } = view;
  await view.settled();
  await pick(user, 'Company', 'Ringi Holdings');
  await pick(user, 'Department', 'Sales');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Department' }).textContent).toContain('Sales'));
  await pick(user, 'Company', 'Ringi Japan');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Department' }).textContent).not.toContain('Sales'));

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(log.alerts).toEqual([{ title: 'Alert', message: 'Please select department' }]);
});

test('purchase: a group member chooses among the group\'s companies; anyone else files for their own company, locked (as filing accepts)', async () => {
  const asMember = renderWithHost(<ModuleForm module={purchase} context={{ currencies, steps: [] }} onSubmit={async () => ({ code: 'PUR-1' })} />, { user: member });
  await asMember.settled();
  await pick(asMember.user, 'Company', 'Ringi Holdings');
  expect(asMember.log.gets.filter((path) => path === '/companies').length).toBeGreaterThan(0);
  asMember.unmount();

  const client = { ...member, is_ringi_group_member: false, company: { id: 2, name: 'Ringi Japan' } };
  const asClient = renderWithHost(<ModuleForm module={purchase} context={{ currencies, steps: [] }} onSubmit={async () => ({ code: 'PUR-1' })} />, { user: client });
  await asClient.settled();
  const company = screen.getByRole('button', { name: 'Company' }) as HTMLButtonElement;
  await waitFor(() => expect(company.textContent).toBe('Ringi Japan'));
  expect(company.disabled).toBe(true);
  expect(screen.getByText('Only your own company can be chosen')).toBeTruthy();
});

test('purchase: a goods item is edited on its sub-form page; the total follows; submit sends the engine payload and alerts the code', async () => {
  const posted: unknown[] = [];
  const view = renderWithHost(
    <ModuleForm module={purchase} context={{ currencies, steps: [] }} onSubmit={async (payload) => { posted.push(payload); return { code: 'PUR-2026-000009' }; }} />,
    { user: member },
  );
  const { user, log } = view;
  await view.settled();
  await pick(user, 'Company', 'Ringi Holdings');
  await pick(user, 'Department', 'Sales');
  await user.click(screen.getByRole('button', { name: 'Add more' }));
  const page = await screen.findByRole('dialog', { name: 'Goods detail 1' });
  const inPage = within(page);
  // Next on an empty item: the goods rules' first message.
  await user.click(inPage.getByRole('button', { name: 'Next' }));
  expect(log.alerts.at(-1)).toEqual({ title: 'Alert', message: 'Please select department' });
  await user.click(inPage.getByRole('button', { name: 'Department' }));
  const departments = await screen.findByRole('dialog', { name: 'Department' });
  await user.click(await within(departments).findByRole('button', { name: 'Finance' }));
  const goods = within(await screen.findByRole('dialog', { name: 'Goods detail 1' }));
  await user.type(goods.getByLabelText('Delivery date'), '2026/12/01');
  await user.type(goods.getByLabelText('Goods name'), 'Laptop');
  await user.type(goods.getByLabelText('Quantity'), '2');
  await user.type(goods.getByLabelText('Budget'), '3000.456');
  expect((goods.getByLabelText('Estimated unit price') as HTMLInputElement).value).toBe('1500.23');
  await user.click(goods.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Goods detail 1' })).toBeNull());
  await waitFor(() => expect((screen.getByLabelText('Total estimated') as HTMLInputElement).value).toBe('3000.46'));

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(log.alerts.at(-1)).toEqual({ title: 'PUR-2026-000009', message: 'Application has been submitted' }));
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({
    currency_id: 1,
    company_id: 1,
    department_id: 10,
    total_estimated: 3000.46,
    purchase_goods: [{ index: 1, company_id: 1, department_id: 11, goods_name: 'Laptop', delivery_date: '2026-12-01', qty: 2, budget: 3000.46 }],
    save_approvers: true,
    send_notification_first_approval: true,
  });
});
