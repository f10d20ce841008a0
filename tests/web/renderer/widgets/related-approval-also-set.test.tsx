import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { RingiFormContext } from '../../../../src/renderer/form-context';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, fakeModule, hydra, Providers, type ApiHandler } from './widget-host';
import type { RelatedContract } from '../../../../src/wire/related';

const account = { name: 'Kyoto Clean', no: '777', bank_name: 'Mizuho', branch_name: 'Shijo', registration_no: null };
const contract = (id: number, supplier_account: RelatedContract['supplier_account']): RelatedContract => ({
  id, code: `CS-00${id}`, stamp_no: null, status: 0, currency: null, currency_id: null, data: {}, module: 'contract-supplier', type: null,
  contract_name: null, contract_full_name: null, supplier_full_name: null, supplier_account, contract_item_type: null,
});
const contracts = [contract(51, account), contract(52, null)];
const api: ApiHandler = (path, params) => {
  if (path === '/contracts/list') return hydra(contracts, params);
  const contract = /^\/contracts\/(\d+)$/.exec(path);
  return contract ? contracts.find((c) => c.id === Number(contract[1])) : undefined;
};
const schema: RJSFSchema = {
  type: 'object',
  properties: { related_approval_id: { type: ['integer', 'null'], title: 'Related contract' }, related_supplier_account: { type: ['object', 'null'] } },
};
const uiSchema: UiSchema = {
  'ui:submitButtonOptions': { norender: true },
  related_approval_id: { 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'contract-supplier', relatedList: 'contracts', alsoSet: { related_supplier_account: 'supplier_account' } } },
  related_supplier_account: { 'ui:widget': 'hidden' },
};

/** A payment-item-like form whose setField merges into the latest data, as ModuleForm's functional update does. */
function renderItemForm(initial: Record<string, unknown>) {
  const host = createTestHost(api);
  let latest = initial;
  function Harness() {
    const [data, setData] = useState(initial);
    const update = (next: Record<string, unknown>) => {
      latest = next;
      setData(next);
    };
    const formContext: RingiFormContext = { host, module: fakeModule('payment-item'), formData: data, readOnly: false, language: 'en', setField: (path, value) => update({ ...latest, [path]: value }) };
    const widgets = Object.fromEntries(Object.entries(customRegistry).filter(([, e]) => e.kind === 'widget').map(([n, e]) => [n, e.component]));
    return <Form schema={schema} uiSchema={uiSchema} formData={data} formContext={formContext} validator={validator} widgets={widgets} noHtml5Validate onChange={(e) => update({ ...latest, related_approval_id: (e.formData as Record<string, unknown>).related_approval_id })} />;
  }
  render(<Providers host={host}><Harness /></Providers>);
  return () => latest;
}

async function pick(code: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Related contract' }));
  const page = screen.getByRole('region', { name: 'page: Related contract' });
  await user.click(await within(page).findByRole('button', { name: code }));
}

describe('RelatedApprovalPicker alsoSet', () => {
  it('copies the chosen contract\'s supplier account into the item', async () => {
    const data = renderItemForm({});
    await pick('CS-0051');
    await waitFor(() => expect(data()).toEqual({ related_approval_id: 51, related_supplier_account: account }));
  });

  it('clears the copied value when the new choice has none', async () => {
    const data = renderItemForm({ related_approval_id: 51, related_supplier_account: account });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Related contract' }).textContent).toBe('CS-0051'));
    await pick('CS-0052');
    await waitFor(() => expect(data()).toEqual({ related_approval_id: 52, related_supplier_account: null }));
  });
});
