import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileModules, type CompiledModule, type FormData } from '../../../../src/engine';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { loadDefinitionFiles } from '../../../../server/definitions/load-definition-files';
import { createTestHost, hydra, Providers, type ApiHandler } from './widget-host';

// The real purchase definition (schemas/, uiSchemas/, rules/, locales/) with Ringi's widgets:
// the seam between the engine's definition and this folder's widget names and options.
let purchase: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const { modules } = compileModules(files);
  if (!modules.purchase) throw new Error('purchase did not compile');
  purchase = modules.purchase;
});

const currencies = [
  { id: 1, code: 'CNY', name: 'Chinese Yuan' },
  { id: 2, code: 'JPY', name: 'Japanese Yen' },
];
const companies = [{ id: 1, name: 'Ringi Holdings' }];
const departments = [{ id: 10, name: 'Sales' }];
const steps = [{ id: 7, optional: false, position: 1, process: { id: 1, code: 'p-manager', name: 'Manager' } }];

const api: ApiHandler = (path, params) => {
  if (path === '/currencies') return hydra(currencies, params);
  if (path === '/companies') return hydra(companies, params);
  if (path === '/companies/1') return companies[0];
  if (path === '/companies/1/departments') return hydra(departments, params);
  if (path === '/departments/10') return departments[0];
  if (path === '/master_processes') return hydra(steps, params);
  if (path === '/saved_approvers') return hydra([{ master_process_id: 7, approver: { id: 5, name: 'Aiko Approver' } }]);
  if (path === '/users/finance') return hydra([{ id: 100, name: 'Hanako Finance' }], params);
  return undefined;
};

describe('purchase form with Ringi widgets', () => {
  it('fills currency, company, department, a goods item, finance users and approvers', async () => {
    const host = createTestHost(api);
    let data: FormData = {};
    render(
      <Providers host={host}>
        <ModuleForm module={purchase} context={{ currencies, steps }} onSubmit={async () => ({ code: 'PUR-1' })} onChange={(d) => (data = d)} />
      </Providers>,
    );
    const user = userEvent.setup();
    // CNY by default, approvers preloaded from the saved ones
    await waitFor(() => expect(data.currency_id).toBe(1));
    await waitFor(() => expect(data.approvals).toEqual([{ approver_id: 5, master_process_id: 7 }]));
    expect(screen.getByText('Aiko Approver')).toBeTruthy();

    expect((screen.getByRole('button', { name: /^Department/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /^Company/ }));
    await user.click(await screen.findByRole('button', { name: 'Ringi Holdings' }));
    await user.click(screen.getByRole('button', { name: /^Department/ }));
    await user.click(await screen.findByRole('button', { name: 'Sales' }));
    await waitFor(() => expect(data).toMatchObject({ company_id: 1, department_id: 10 }));

    await user.click(screen.getByRole('button', { name: 'Add more' }));
    const page = await screen.findByRole('region', { name: /^page: / });
    // the sub-form's department picker knows the company from the parent
    await user.click(within(page).getByRole('button', { name: /^Department/ }));
    await user.click(await screen.findByRole('button', { name: 'Sales' }));
    const goods = await screen.findByRole('region', { name: /^page: / });
    await user.type(within(goods).getByLabelText(/^Delivery date/), '2026/12/01');
    await user.type(within(goods).getByLabelText(/^Goods name/), 'Laptop');
    await user.type(within(goods).getByLabelText(/^Quantity/), '2');
    await user.type(within(goods).getByLabelText(/^Budget/), '9000');
    await user.click(within(goods).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(JSON.stringify({ alerts: host.alerts, n: (data.purchase_goods as unknown[]).length })).toBe(JSON.stringify({ alerts: [], n: 1 })));
    expect(data.purchase_goods).toMatchObject([{ index: 1, company_id: 1, department_id: 10, goods_name: 'Laptop', qty: 2, budget: 9000 }]);
    expect(data.total_estimated).toBe(9000);

    await user.click(screen.getByRole('button', { name: /^Forward/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Hanako Finance' }));
    await user.click(screen.getByRole('button', { name: 'Add (1)' }));
    await waitFor(() => expect(data.user_finances).toEqual([100]));
  });
});
