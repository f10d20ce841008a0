import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, hydra, Providers, renderForm, type ApiHandler } from './widget-host';

const accounts = [
  { name: 'Osaka Parts', no: '555', bankName: 'SMBC', branchName: 'Umeda' },
  { name: 'Osaka Print', no: '556', bankName: 'MUFG', branchName: 'Namba' },
  { name: 'Kyoto Clean', no: '777', bankName: 'Mizuho', branchName: 'Shijo' },
];
const api: ApiHandler = (path, params) => {
  if (path !== '/distinct_contract_supplier_accounts') return undefined;
  const q = String(params?.search ?? '').toLowerCase();
  return hydra(accounts.filter((a) => Object.values(a).some((v) => v.toLowerCase().includes(q))), params);
};

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    supplier_account: {
      type: 'object',
      title: 'Supplier account',
      properties: { name: { type: 'string', title: 'Account name' }, no: { type: 'string', title: 'Account number' }, bank_name: { type: 'string', title: 'Bank' }, branch_name: { type: 'string', title: 'Branch' } },
    },
  },
};
const uiSchema = { supplier_account: { 'ui:field': 'SupplierAccountSearch' } };
const searches = (host: ReturnType<typeof createTestHost>) => host.calls.filter((c) => c.path === '/distinct_contract_supplier_accounts').map((c) => c.params?.search);

describe('SupplierAccountSearch', () => {
  it('searches once the typing pauses and fills the four account fields from a result', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, uiSchema, { supplier_account: { name: '', no: '', bank_name: '', branch_name: '' } });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search supplier accounts' }), 'osaka');
    const results = await screen.findByRole('list', { name: 'Matching supplier accounts' }, { timeout: 3000 });
    // one request for the whole word: the 1000 ms pause swallowed the keystrokes before it
    expect(searches(host)).toEqual(['osaka']);
    expect(within(results).getAllByRole('button').map((b) => b.textContent)).toEqual(['Osaka Parts / 555 / SMBC - Umeda', 'Osaka Print / 556 / MUFG - Namba']);
    await user.click(within(results).getByRole('button', { name: 'Osaka Print / 556 / MUFG - Namba' }));
    await waitFor(() => expect(form.data().supplier_account).toEqual({ name: 'Osaka Print', no: '556', bank_name: 'MUFG', branch_name: 'Namba' }));
    expect((screen.getByRole('textbox', { name: 'Bank' }) as HTMLInputElement).value).toBe('MUFG');
    expect(screen.queryByRole('list', { name: 'Matching supplier accounts' })).toBeNull();
  });

  it('says so when nothing matches, and keeps the typed fields editable', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, uiSchema, { supplier_account: {} });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search supplier accounts' }), 'nobody');
    expect(await screen.findByText('No matching account', undefined, { timeout: 3000 })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Account name' }), 'New Supplier');
    await waitFor(() => expect(form.data().supplier_account).toMatchObject({ name: 'New Supplier' }));
  });

  it('shows the account on one line in cards', () => {
    const Display = customRegistry.SupplierAccountSearch.Display!;
    render(<Providers host={createTestHost(api)}><Display value={{ name: 'Kyoto Clean', no: '777', bank_name: 'Mizuho', branch_name: 'Shijo' }} /></Providers>);
    expect(screen.getByText('Kyoto Clean / 777 / Mizuho - Shijo')).toBeTruthy();
  });
});
