import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileModules, type CompiledModule, type DefinitionFiles, type FormData } from '../../../../src/engine';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, hydra, Providers, type TestHost } from './widget-host';

const en = {
  orders: {
    title: 'Orders',
    company_id: { label: 'Company', options: { '1': 'Ringi Holdings' } },
    currency_id: { label: 'Currency', options: { '1': 'CNY', '2': 'JPY' } },
    order_lines: { label: 'Lines', itemTitle: 'Line {{n}}' },
    total: { label: 'Total' },
  },
  'order-line': {
    title: 'Order line',
    name: { label: 'Name' },
    amount: { label: 'Amount' },
    messages: { name: 'Please enter name' },
  },
};

function files(): DefinitionFiles {
  return {
    schemas: {
      orders: {
        $id: 'orders',
        type: 'object',
        properties: {
          currency_id: { type: ['integer', 'null'], enum: [1, 2, null], default: 2 },
          company_id: { type: ['integer', 'null'], enum: [1, null], default: null },
          order_lines: { type: 'array', default: [], items: { $ref: 'order-line' } },
          total: { type: 'number', default: 0 },
        },
      },
      'order-line': {
        $id: 'order-line',
        type: 'object',
        properties: { index: { type: 'integer' }, name: { type: ['string', 'null'] }, amount: { type: ['number', 'null'], default: null } },
      },
    },
    uiSchemas: {
      orders: {
        'ui:module': { kind: 'module', title: 'orders.title', submitPath: '/buffer/orders', editable: false, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] } },
        'ui:order': ['currency_id', 'company_id', 'order_lines', 'total'],
        currency_id: { 'ui:widget': 'select' },
        company_id: { 'ui:widget': 'select' },
        order_lines: {
          'ui:field': 'ItemList',
          'ui:options': {
            subForm: 'order-line',
            itemTitle: 'orders.order_lines.itemTitle',
            requires: ['company_id'],
            summary: [
              { label: 'order-line.name.label', field: 'name', format: 'text' },
              { label: 'order-line.amount.label', field: 'amount', format: 'money' },
            ],
          },
        },
        total: { 'ui:widget': 'money', 'ui:readonly': true },
        approvals: { 'ui:field': 'hidden' },
      },
      'order-line': {
        'ui:module': { kind: 'subform', title: 'order-line.title', detailCard: { sections: [] } },
        'ui:order': ['name', 'amount', 'index'],
        name: { 'ui:widget': 'text' },
        amount: { 'ui:widget': 'money' },
        index: { 'ui:widget': 'hidden' },
      },
    },
    rules: {
      orders: { computed: [{ field: 'total', value: { sum: [{ var: 'order_lines' }, 'amount'] } }] },
      'order-line': { validations: [{ field: 'name', when: { blank: [{ var: 'name' }] }, message: 'order-line.messages.name' }] },
    },
    locales: { en, ja: en, zh: en },
  };
}

function ordersModule(): CompiledModule {
  const { modules, problems } = compileModules(files());
  if (!modules.orders) throw new Error(`orders did not compile: ${JSON.stringify(problems)}`);
  return modules.orders;
}

const currencies = [
  { id: 1, code: 'CNY' },
  { id: 2, code: 'JPY' },
];

function renderOrders(host: TestHost, initialData?: FormData) {
  let latest: FormData = {};
  render(
    <Providers host={host}>
      <ModuleForm module={ordersModule()} initialData={initialData} context={{ currencies, steps: [] }} onSubmit={async () => undefined} onChange={(d) => (latest = d)} />
    </Providers>,
  );
  return () => latest;
}

const api = (path: string, params?: Record<string, unknown>) => (path === '/currencies' ? hydra(currencies, params) : undefined);

describe('ItemList', () => {
  it('is disabled with a hint until the required fields are set', async () => {
    const host = createTestHost(api);
    renderOrders(host);
    const add = screen.getByRole('button', { name: 'Add more' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('Select Company first')).toBeTruthy();
    await userEvent.setup().selectOptions(screen.getByLabelText('Company'), 'Ringi Holdings');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add more' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Select Company first')).toBeNull();
  });

  it('adds items through the sub-form page: Next stores them numbered from 1, with the total', async () => {
    const host = createTestHost(api);
    const data = renderOrders(host, { company_id: 1, currency_id: 2, order_lines: [] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add more' }));
    let page = await screen.findByRole('region', { name: 'page: Line 1' });
    await user.type(within(page).getByLabelText('Name'), 'Desk');
    await user.type(within(page).getByLabelText('Amount'), '12000');
    await user.click(within(page).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /page:/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add more' }));
    page = await screen.findByRole('region', { name: 'page: Line 2' });
    await user.type(within(page).getByLabelText('Name'), 'Chair');
    await user.type(within(page).getByLabelText('Amount'), '3000');
    await user.click(within(page).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect((data().order_lines as unknown[]).length).toBe(2));
    expect(data().order_lines).toMatchObject([
      { index: 1, name: 'Desk', amount: 12000 },
      { index: 2, name: 'Chair', amount: 3000 },
    ]);
    const rows = screen.getAllByRole('button', { name: /^Line \d$/ });
    expect(rows.map((r) => r.textContent)).toEqual(['1.Desk12,000', '2.Chair3,000']);
    expect(screen.getByTestId('root_order_lines-total').textContent).toBe('15,000');
  });

  it('keeps the list unchanged when the item page is left with Back or fails validation', async () => {
    const host = createTestHost(api);
    const data = renderOrders(host, { company_id: 1, currency_id: 2, order_lines: [{ index: 1, name: 'Desk', amount: 100 }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add more' }));
    const page = await screen.findByRole('region', { name: 'page: Line 2' });
    await user.click(within(page).getByRole('button', { name: 'Next' }));
    // the sub-form's own rule stops Next: the page stays open
    expect(screen.getByRole('region', { name: 'page: Line 2' })).toBeTruthy();
    await user.click(within(page).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /page:/ })).toBeNull());
    expect(data().order_lines ?? [{ index: 1, name: 'Desk', amount: 100 }]).toEqual([{ index: 1, name: 'Desk', amount: 100 }]);
    expect(screen.getAllByRole('button', { name: /^Line \d$/ })).toHaveLength(1);
  });

  it('opens an item with a total above 0 preloaded and stores the edit in place', async () => {
    const host = createTestHost(api);
    const data = renderOrders(host, { company_id: 1, currency_id: 2, order_lines: [{ index: 1, name: 'Desk', amount: 100 }, { index: 2, name: 'Lamp', amount: 50 }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Line 2' }));
    const page = await screen.findByRole('region', { name: 'page: Line 2' });
    const name = within(page).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Lamp');
    await user.clear(name);
    await user.type(name, 'Floor lamp');
    await user.click(within(page).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(data().order_lines).toMatchObject([{ name: 'Desk' }, { index: 2, name: 'Floor lamp', amount: 50 }]));
  });

  it('deletes only after confirmation and renumbers', async () => {
    const host = createTestHost(api);
    const initial = [{ index: 1, name: 'Desk', amount: 100 }, { index: 2, name: 'Lamp', amount: 50 }];
    const data = renderOrders(host, { company_id: 1, currency_id: 2, order_lines: initial });
    const user = userEvent.setup();
    host.confirmAnswers.push(false);
    await user.click(screen.getByRole('button', { name: 'Delete item 1' }));
    expect(host.confirmMessages).toEqual(['Delete item 1?']);
    expect(screen.getByRole('button', { name: 'Delete item 1' }).hasAttribute('data-danger')).toBe(true);
    expect(host.confirmDanger).toEqual([true]);
    expect(screen.getAllByRole('button', { name: /^Line \d$/ })).toHaveLength(2);

    host.confirmAnswers.push(true);
    await user.click(screen.getByRole('button', { name: 'Delete item 1' }));
    await waitFor(() => expect(data().order_lines).toEqual([{ index: 1, name: 'Lamp', amount: 50 }]));
    expect(screen.getByRole('button', { name: 'Line 1' }).textContent).toBe('1.Lamp50');
    expect(screen.getByTestId('root_order_lines-total').textContent).toBe('50');
  });

  it('Display shows the top two items by amount and the total', async () => {
    const host = createTestHost(api);
    const Display = customRegistry.ItemList.Display;
    if (!Display) throw new Error('no Display');
    const options = { summary: [{ field: 'name', format: 'text' }, { field: 'amount', format: 'money' }] };
    const items = [{ name: 'Pen', amount: 5 }, { name: 'Desk', amount: 1200 }, { name: 'Chair', amount: 300.5 }];
    render(<Providers host={host}><div data-testid="d"><Display value={items} options={options} formData={{ currency_id: 1 }} /></div></Providers>);
    await waitFor(() => expect(screen.getByTestId('d').textContent).toBe('Desk: 1,200Chair: 300.5and 1 moreTotal: 1,505.5'));
  });
});
