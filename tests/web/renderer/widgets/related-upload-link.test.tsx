import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { RingiFormContext } from '../../../../src/renderer/form-context';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, fakeModule, Providers, type TestHost } from './widget-host';

/** Sets a dot path immutably, like ModuleForm's setField. */
function setIn(data: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(data)) return data.map((item, i) => (String(i) === head ? setIn(item, rest, value) : item));
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return { ...record, [head]: setIn(record[head], rest, value) };
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    transaction_items: { type: 'array', items: { type: 'object', properties: { item_e_invoices: { type: 'array', items: { type: 'integer' } } } } },
    e_invoices: { type: 'array', title: 'E-invoices', items: { type: 'integer' } },
  },
};
const uiSchema = {
  'ui:submitButtonOptions': { norender: true },
  transaction_items: { 'ui:widget': 'hidden' },
  e_invoices: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'e-invoice', linkToItems: 'transaction_items', itemField: 'item_e_invoices' } },
};

/** A form whose setField follows dot paths into arrays (the upload link dialog writes `transaction_items.1.item_e_invoices`). */
function renderPaymentForm(host: TestHost, initial: Record<string, unknown>) {
  let latest = initial;
  function Harness() {
    const [data, setData] = useState(initial);
    const update = (next: Record<string, unknown>) => {
      latest = next;
      setData(next);
    };
    const formContext: RingiFormContext = {
      host, module: fakeModule('payment'), formData: data, readOnly: false, language: 'en',
      setField: (path, value) => update(setIn(latest, path.split('.'), value) as Record<string, unknown>),
    };
    const widgets = Object.fromEntries(Object.entries(customRegistry).filter(([, e]) => e.kind === 'widget').map(([n, e]) => [n, e.component]));
    return <Form schema={schema} uiSchema={uiSchema} formData={data} formContext={formContext} validator={validator} widgets={widgets} noHtml5Validate onChange={(e) => update(e.formData as Record<string, unknown>)} />;
  }
  render(<Providers host={host}><Harness /></Providers>);
  return () => latest;
}

const uploadHost = () => createTestHost(() => undefined, { post: (path) => (path === '/files' ? { id: 77, formated_name: 'fapiao.pdf', url: '/api/files/77?token=t' } : undefined) });

describe('upload link dialog (payment e-invoices)', () => {
  it('needs an item before uploading', () => {
    renderPaymentForm(uploadHost(), { transaction_items: [], e_invoices: [] });
    expect((screen.getByRole('button', { name: 'Select file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Add an item before uploading')).toBeTruthy();
  });

  it('asks which item the file belongs to and appends its id to that item', async () => {
    const data = renderPaymentForm(uploadHost(), { transaction_items: [{ item_e_invoices: [] }, { item_e_invoices: [5] }], e_invoices: [5] });
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['%PDF'], 'fapiao.pdf', { type: 'application/pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Which item does fapiao.pdf belong to?')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Item 1', 'Item 2', 'Do not link']);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Item 2' }));
    await waitFor(() => expect(data()).toEqual({ transaction_items: [{ item_e_invoices: [] }, { item_e_invoices: [5, 77] }], e_invoices: [5, 77] }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the file on the form only when the user does not link it', async () => {
    const data = renderPaymentForm(uploadHost(), { transaction_items: [{}], e_invoices: [] });
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['%PDF'], 'fapiao.pdf', { type: 'application/pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Do not link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(data()).toEqual({ transaction_items: [{}], e_invoices: [77] });
  });
});
