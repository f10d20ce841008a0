import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { customWidgetNames } from '../../../../src/engine/definitions/widget-names';
import { createTestHost, hydra, Providers, renderForm, type ApiHandler } from './widget-host';

const companies = [
  { id: 1, name: 'Ringi Holdings' },
  { id: 2, name: 'Ringi Trading' },
];
const departments: Record<string, Array<{ id: number; name: string }>> = {
  '1': [{ id: 11, name: 'Finance' }, { id: 12, name: 'Sales' }],
  '2': [{ id: 21, name: 'Logistics' }],
};

const api: ApiHandler = (path, params) => {
  if (path === '/companies' || path === '/companies-external') return hydra(companies, params);
  const company = /^\/companies\/(\d+)$/.exec(path);
  if (company) return companies.find((c) => c.id === Number(company[1]));
  const deps = /^\/companies\/(\d+)\/departments$/.exec(path);
  if (deps) return hydra(departments[deps[1]] ?? [], params);
  const dep = /^\/departments\/(\d+)$/.exec(path);
  if (dep) return Object.values(departments).flat().find((d) => d.id === Number(dep[1]));
  if (path === '/users/finance') return hydra([{ id: 7, name: 'Fiona Finance' }, { id: 8, name: 'Frank Funds' }], params);
  const user = /^\/users\/(\d+)$/.exec(path);
  if (user) return { id: Number(user[1]), name: user[1] === '7' ? 'Fiona Finance' : 'Frank Funds' };
  if (path === '/companies/bank_accounts') return hydra([{ id: 5, bank_name: 'MUFG', branch: 'Shibuya', type: 'Ordinary' }], params);
  if (path === '/companies/1/locations') return hydra([{ id: 31, address: '1-2-3 Shibuya' }], params);
  return undefined;
};

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    company_id: { type: 'integer', title: 'Company' },
    department_id: { type: 'integer', title: 'Department' },
    user_finances: { type: 'array', title: 'Forward to', items: { type: 'integer' } },
  },
};
const uiSchema = {
  company_id: { 'ui:widget': 'CompanyPicker' },
  department_id: { 'ui:widget': 'DepartmentPicker' },
  user_finances: { 'ui:widget': 'FinanceUsersPicker' },
};

describe('picker widgets', () => {
  it('registers every listed name, and only those', () => {
    expect(Object.keys(customRegistry).sort()).toEqual([...customWidgetNames].sort());
  });

  it('keeps a dependent picker disabled with a hint until its dependency is set', async () => {
    const host = createTestHost(api);
    renderForm(host, schema, uiSchema);
    const department = screen.getByRole('button', { name: 'Department' }) as HTMLButtonElement;
    expect(department.disabled).toBe(true);
    expect(screen.getByText('Select company_id first')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Company' }));
    const page = screen.getByRole('region', { name: 'page: Company' });
    await user.click(await within(page).findByRole('button', { name: 'Ringi Trading' }));
    expect(await screen.findByRole('button', { name: 'Company' })).toHaveProperty('textContent', 'Ringi Trading');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Department' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Select company_id first')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Department' }));
    await user.click(await within(screen.getByRole('region', { name: 'page: Department' })).findByRole('button', { name: 'Logistics' }));
    expect(host.calls.some((c) => c.path === '/companies/2/departments')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Department' }).textContent).toBe('Logistics'));
  });

  it('stores the chosen id and shows the name fetched by id for stored values', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, uiSchema, { company_id: 1, department_id: 12 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Company' }).textContent).toBe('Ringi Holdings'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Department' }).textContent).toBe('Sales'));
    expect(form.data()).toMatchObject({ company_id: 1, department_id: 12 });
  });

  it('leaves the value unchanged when the picker page is left with Back', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, uiSchema, { company_id: 1 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Company' }));
    await screen.findByRole('button', { name: 'Ringi Trading' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(form.data().company_id).toBe(1);
    expect(screen.queryByRole('region', { name: /page:/ })).toBeNull();
  });

  it('forwards to several finance users: Add (n) stores an array of ids', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, uiSchema);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forward to' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Fiona Finance' }));
    await user.click(screen.getByRole('checkbox', { name: 'Frank Funds' }));
    await user.click(screen.getByRole('button', { name: 'Add (2)' }));
    await waitFor(() => expect(form.data().user_finances).toEqual([7, 8]));
    expect(screen.getByRole('button', { name: 'Forward to' }).textContent).toBe('Fiona Finance, Frank Funds');
  });

  it('uses the external company list with scope "external"', async () => {
    const host = createTestHost(api);
    renderForm(host, schema, { company_id: { 'ui:widget': 'CompanyPicker', 'ui:options': { scope: 'external', byGroup: true } } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Company' }));
    await screen.findByRole('button', { name: 'Ringi Holdings' });
    expect(host.calls.at(-1)).toMatchObject({ path: '/companies-external', params: { byGroup: true, page: 1, itemsPerPage: 10 } });
  });

  it('Display shows names, not ids', async () => {
    const host = createTestHost(api);
    const { Display: Company } = customRegistry.CompanyPicker;
    const { Display: Finance } = customRegistry.FinanceUsersPicker;
    const { Display: Bank } = customRegistry.BankAccountPicker;
    const { Display: Location } = customRegistry.LocationPicker;
    if (!Company || !Finance || !Bank || !Location) throw new Error('Display missing');
    render(
      <Providers host={host}>
        <p data-testid="company"><Company value={2} /></p>
        <p data-testid="finance"><Finance value={[7, 8]} /></p>
        <p data-testid="location"><Location value={31} formData={{ company_id: 1 }} /></p>
        <p data-testid="empty"><Company value={null} /></p>
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('company').textContent).toBe('Ringi Trading'));
    await waitFor(() => expect(screen.getByTestId('finance').textContent).toBe('Fiona Finance, Frank Funds'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('1-2-3 Shibuya'));
    expect(screen.getByTestId('empty').textContent).toBe('-');
    expect(Bank).toBeTruthy();
  });

  it('labels bank accounts "bank name - branch" with the type', async () => {
    const host = createTestHost(api);
    renderForm(host, { type: 'object', properties: { account_id: { type: 'integer', title: 'Account' } } }, { account_id: { 'ui:widget': 'BankAccountPicker' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('button', { name: 'MUFG - Shibuya' })).toBeTruthy();
    expect(screen.getByText('Ordinary')).toBeTruthy();
  });

  it('ownCompanyUnless: a user without every listed flag gets their own company, locked; one with them chooses freely', async () => {
    const ui = { company_id: { 'ui:widget': 'CompanyPicker', 'ui:options': { ownCompanyUnless: ['is_ringi_group_member', 'is_authorizer'] } } };
    const member = createTestHost(api, { user: { is_ringi_group_member: true, is_authorizer: false, company: { id: 2, name: 'Ringi Trading' } } });
    const locked = renderForm(member, schema, ui, { company_id: 1 });
    await waitFor(() => expect(locked.data().company_id).toBe(2));
    const button = screen.getByRole('button', { name: 'Company' }) as HTMLButtonElement;
    await waitFor(() => expect(button.textContent).toBe('Ringi Trading'));
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Only your own company can be chosen')).toBeTruthy();
    locked.unmount();

    // Filing for someone else (代理申請): the principal's company rule applies (the server's), so the picker is not locked to the user's.
    const proxy = createTestHost(api, { user: { id: 9, is_ringi_group_member: true, is_authorizer: false, company: { id: 2, name: 'Ringi Trading' } } });
    proxy.filedFor = 4;
    const forPrincipal = renderForm(proxy, schema, ui, { company_id: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Company' }).textContent).toBe('Ringi Holdings'));
    expect((screen.getByRole('button', { name: 'Company' }) as HTMLButtonElement).disabled).toBe(false);
    expect(forPrincipal.data().company_id).toBe(1);
    forPrincipal.unmount();

    const admin = createTestHost(api, { user: { is_ringi_group_member: true, is_authorizer: true, company: { id: 2, name: 'Ringi Trading' } } });
    const free = renderForm(admin, schema, ui, { company_id: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Company' }).textContent).toBe('Ringi Holdings'));
    expect((screen.getByRole('button', { name: 'Company' }) as HTMLButtonElement).disabled).toBe(false);
    expect(free.data().company_id).toBe(1);
  });
});
