import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, hydra, Providers, renderForm, type ApiHandler } from './widget-host';
import type { RelatedContract, RelatedPurchase, RelatedPurchaseDetail } from '../../../../src/wire/related';

// Typed as the wire's shapes (src/wire/related.ts), so the fixtures are what the server sends.
const purchases = [
  { id: 41, code: 'PU-0041', stamp_no: null, status: 0, currency_code: 'CNY', currency_id: 1, total_estimated: 1000, purchase_goods: [{ id: 1, goods_name: 'Laptop', budget: 1000, estimated_unit_price: 500, qty: 2 }] },
  { id: 42, code: 'PU-0042', stamp_no: null, status: 0, currency_code: 'CNY', currency_id: 1, total_estimated: 90, purchase_goods: [{ id: 1, goods_name: 'Chair', budget: 60, estimated_unit_price: 60, qty: 1 }, { id: 2, goods_name: 'Lamp', budget: 30, estimated_unit_price: 15, qty: 2 }] },
] satisfies RelatedPurchase[];
const contracts = [
  {
    id: 51, code: 'CS-0051', stamp_no: 'S-2026-007', status: 0, currency: 'JPY', currency_id: 2, module: 'contract-supplier', type: 'services',
    contract_name: 'Cleaning 2026', contract_full_name: 'Cleaning 2026', supplier_full_name: 'Kyoto Clean',
    supplier_account: { name: 'Kyoto Clean', no: '777', bank_name: 'Mizuho', branch_name: 'Shijo', registration_no: null }, contract_item_type: { code: 'services', name: 'Services' },
    data: { item_services: [{ index: 1, content: 'Weekly cleaning', unit_price: 20000, type1: 'x' }] },
  },
] satisfies RelatedContract[];

const api: ApiHandler = (path, params) => {
  if (path === '/purchases/list') {
    const search = String(params?.search ?? '');
    return hydra(purchases.filter((p) => p.code.includes(search)), params);
  }
  if (path === '/contracts/list') return hydra(contracts.filter((c) => c.module === params?.module), params);
  const purchase = /^\/purchases\/(\d+)$/.exec(path);
  if (purchase) {
    const found = purchases.find((p) => p.id === Number(purchase[1]));
    return found && ({ ...found, data: { total_estimated: found.total_estimated } } satisfies RelatedPurchaseDetail);
  }
  const contract = /^\/contracts\/(\d+)$/.exec(path);
  if (contract) return contracts.find((c) => c.id === Number(contract[1]));
  return undefined;
};

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    related_approval_id: { type: ['integer', 'null'], title: 'Related approval' },
    related_items: { type: 'array', title: 'Related items', items: { type: 'object' } },
  },
};
const purchaseUi = { related_approval_id: { 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'purchase' } }, related_items: { 'ui:field': 'RelatedItemsField', 'ui:options': { source: 'purchase' } } };
const contractUi = {
  related_approval_id: { 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'contract-supplier', relatedList: 'contracts' } },
  related_items: { 'ui:field': 'RelatedItemsField', 'ui:options': { source: 'contract-supplier', relatedList: 'contracts' } },
};
/** The open bottom sheet. */
const sheet = () => screen.findByRole('dialog');

describe('RelatedApprovalPicker', () => {
  it('lists my purchases, searches by code and stores the tapped one\'s id', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, purchaseUi);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Related approval' }));
    const page = screen.getByRole('region', { name: 'page: Related approval' });
    expect(await within(page).findByRole('button', { name: 'PU-0041' })).toBeTruthy();
    await user.type(within(page).getByRole('searchbox'), '0042');
    await waitFor(() => expect(within(page).queryByRole('button', { name: 'PU-0041' })).toBeNull(), { timeout: 3000 });
    expect(host.calls.some((c) => c.path === '/purchases/list' && c.params?.search === '0042')).toBe(true);
    await user.click(await within(page).findByRole('button', { name: 'PU-0042' }));
    await waitFor(() => expect(form.data().related_approval_id).toBe(42));
    expect(screen.getByRole('button', { name: 'Related approval' }).textContent).toBe('PU-0042');
    expect(screen.queryByRole('region', { name: 'page: Related approval' })).toBeNull();
  });

  it('shows details in a bottom sheet from the info button, and selects from there', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, contractUi);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Related approval' }));
    const page = screen.getByRole('region', { name: 'page: Related approval' });
    await user.click(await within(page).findByRole('button', { name: 'Details of CS-0051 (S-2026-007)' }));
    const details = await sheet();
    expect(within(details).getByText('Related approval CS-0051 (S-2026-007)')).toBeTruthy();
    expect(within(details).getByText('Cleaning 2026')).toBeTruthy();
    expect(within(details).getByText('Kyoto Clean / 777 / Mizuho / Shijo')).toBeTruthy();
    expect(within(details).getByText('Content: Weekly cleaning, Unit price: 20000')).toBeTruthy();
    expect(form.data().related_approval_id).toBeUndefined();
    await user.click(within(details).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(form.data().related_approval_id).toBe(51));
    expect(host.calls.find((c) => c.path === '/contracts/list')?.params).toMatchObject({ module: 'contract-supplier', page: 1, itemsPerPage: 10 });
  });

  it('shows a stored id as its code and stamp number, in the form and in cards', async () => {
    const host = createTestHost(api);
    renderForm(host, schema, contractUi, { related_approval_id: 51 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Related approval' }).textContent).toBe('CS-0051 (S-2026-007)'));
    const Display = customRegistry.RelatedApprovalPicker.Display!;
    render(<Providers host={createTestHost(api)}><Display value={41} options={{ source: 'purchase' }} /></Providers>);
    expect(await screen.findByText('PU-0041')).toBeTruthy();
  });
});

describe('RelatedApprovalPicker rows', () => {
  it('name each document by code, counterparty and amount in its currency, not by code alone', async () => {
    const withParty: RelatedContract[] = [
      { ...contracts[0], counterparty: 'Kyoto Clean', amount: 1200000 },
      { ...contracts[0], id: 52, code: 'CS-0052', stamp_no: null, counterparty: null, amount: null },
    ];
    const host = createTestHost((path, params) => (path === '/contracts/list' ? hydra(withParty, params) : undefined));
    renderForm(host, schema, contractUi);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Related approval' }));
    const page = screen.getByRole('region', { name: 'page: Related approval' });
    expect(await within(page).findByRole('button', { name: 'CS-0051 (S-2026-007) · Kyoto Clean · 1,200,000 JPY' })).toBeTruthy();
    // A part the document does not have is left out.
    expect(within(page).getByRole('button', { name: 'CS-0052' })).toBeTruthy();
  });
});

describe('RelatedItemsField', () => {
  it('asks for a related approval first', () => {
    renderForm(createTestHost(api), schema, purchaseUi);
    expect(screen.getByText('Choose a related approval first')).toBeTruthy();
  });

  it('lists the purchase goods as unedited items, then marks an edited one', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, purchaseUi, { related_approval_id: 42 });
    await waitFor(() => expect(form.data().related_items).toEqual([
      { item_id: 1, is_edited: false, data: { goods_name: 'Chair', budget: 60, unit_price: 60, currency: 'CNY' } },
      { item_id: 2, is_edited: false, data: { goods_name: 'Lamp', budget: 30, unit_price: 15, currency: 'CNY' } },
    ]));
    const second = screen.getByRole('region', { name: 'Item 2' });
    expect(within(second).queryByText('Edited')).toBeNull();
    const amount = within(second).getByRole('textbox', { name: 'Amount' });
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '45');
    await waitFor(() => expect((form.data().related_items as unknown[])[1]).toEqual({ item_id: 2, is_edited: true, data: { goods_name: 'Lamp', budget: 45, unit_price: 15, currency: 'CNY' } }));
    expect(within(screen.getByRole('region', { name: 'Item 2' })).getByText('Edited')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Item 1' })).queryByText('Edited')).toBeNull();
    await user.clear(within(screen.getByRole('region', { name: 'Item 2' })).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(screen.getByRole('region', { name: 'Item 2' })).getByRole('textbox', { name: 'Amount' }), '30');
    await waitFor(() => expect((form.data().related_items as Array<{ is_edited: boolean }>)[1].is_edited).toBe(false));
  });

  it('shows a contract\'s items of its type with that type\'s fields only, keeping stored edits', async () => {
    const host = createTestHost(api);
    const stored = [{ item_id: 1, is_edited: true, data: { content: 'Weekly cleaning', unit_price: 18000 } }];
    const form = renderForm(host, schema, contractUi, { related_approval_id: 51, related_items: stored });
    const item = await screen.findByRole('region', { name: 'Item 1' });
    expect((within(item).getByRole('textbox', { name: 'Content' }) as HTMLInputElement).value).toBe('Weekly cleaning');
    expect((within(item).getByRole('textbox', { name: 'Unit price' }) as HTMLInputElement).value).toBe('18000');
    expect(within(item).queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(within(item).getByText('Edited')).toBeTruthy();
    expect(form.data().related_items).toEqual(stored);
  });

  it('drops items of a previously chosen related approval', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, purchaseUi, { related_approval_id: 41, related_items: [{ item_id: 2, is_edited: true, data: { goods_name: 'Lamp' } }] });
    await waitFor(() => expect(form.data().related_items).toEqual([{ item_id: 1, is_edited: false, data: { goods_name: 'Laptop', budget: 1000, unit_price: 500, currency: 'CNY' } }]));
  });

  it('shows stored items read-only with the edited badge', async () => {
    const Display = customRegistry.RelatedItemsField.Display!;
    render(<Providers host={createTestHost(api)}><Display value={[
      { item_id: 1, is_edited: false, data: { goods_name: 'Chair', budget: 60, unit_price: 60, currency: 'CNY' } },
      { item_id: 2, is_edited: true, data: { goods_name: 'Lamp', budget: 45, unit_price: 15, currency: 'CNY' } },
    ]} /></Providers>);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0].textContent).toBe('Name: Chair, Amount: 60, Unit price: 60');
    expect(rows[1].textContent).toBe('Name: Lamp, Amount: 45, Unit price: 15 Edited');
  });
});
