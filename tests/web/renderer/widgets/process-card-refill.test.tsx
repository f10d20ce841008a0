import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { RingiFormContext } from '../../../../src/renderer/form-context';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, fakeModule, hydra, Providers, type ApiHandler, type TestHost } from './widget-host';

const steps = [{ id: 101, optional: false, position: 1, process: { id: 1, code: 'p-manager', name: 'Manager' } }];
const users = [
  { id: 5, name: 'Aiko Approver', is_ringi_group_member: false },
  { id: 6, name: 'Gen Group', is_ringi_group_member: true },
];
const api: ApiHandler = (path, params) => {
  if (path === '/master_processes') return hydra(steps, params);
  if (path === '/saved_approvers') return hydra([{ master_process_id: 101, approver: users[1] }]);
  if (path === '/my-default-process/purchase') return { process: {}, default_approvers: [{ master_process_id: 101, approver_id: 5 }] };
  const user = /^\/users\/(\d+)$/.exec(path);
  return user ? users.find((u) => u.id === Number(user[1])) : undefined;
};
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    save_approvers: { type: 'boolean' },
    approvals: { type: 'array', items: { type: 'object', properties: { approver_id: { type: 'integer' }, master_process_id: { type: 'integer' } } } },
  },
};
const uiSchema = { 'ui:submitButtonOptions': { norender: true }, save_approvers: { 'ui:widget': 'hidden' }, approvals: { 'ui:field': 'ProcessCard' } };

/** A form with a "Replace data" button that swaps the whole form data, as ModuleForm does on reset and after a submit. */
function renderWithReset(host: TestHost, initial: Record<string, unknown>, replacement: Record<string, unknown>) {
  let latest = initial;
  function Harness() {
    const [data, setData] = useState(initial);
    const update = (next: Record<string, unknown>) => {
      latest = next;
      setData(next);
    };
    const formContext: RingiFormContext = { host, module: fakeModule('purchase'), formData: data, readOnly: false, language: 'en', setField: (path, value) => update({ ...latest, [path]: value }) };
    const fields = Object.fromEntries(Object.entries(customRegistry).filter(([, e]) => e.kind === 'field').map(([n, e]) => [n, e.component]));
    return (
      <>
        <button type="button" onClick={() => update(replacement)}>Replace data</button>
        <Form schema={schema} uiSchema={uiSchema} formData={data} formContext={formContext} validator={validator} fields={fields} noHtml5Validate onChange={(e) => update(e.formData as Record<string, unknown>)} />
      </>
    );
  }
  render(<Providers host={host}><Harness /></Providers>);
  return () => latest;
}
const count = (host: TestHost, path: string) => host.calls.filter((c) => c.path === path).length;

describe('ProcessCard after a reset or a submit', () => {
  it('fills again from the saved approvers when the form is reset', async () => {
    const host = createTestHost(api, { user: { is_ringi_group_member: true } });
    const data = renderWithReset(host, { save_approvers: true }, { save_approvers: true });
    await waitFor(() => expect(data().approvals).toEqual([{ approver_id: 6, master_process_id: 101 }]));
    const user = userEvent.setup();
    // the user changes the chain, then resets
    await user.click(screen.getByRole('button', { name: 'Remove Gen Group' }));
    await waitFor(() => expect(data().approvals).toEqual([]));
    expect(count(host, '/saved_approvers')).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Replace data' }));
    await waitFor(() => expect(data().approvals).toEqual([{ approver_id: 6, master_process_id: 101 }]));
    expect(count(host, '/saved_approvers')).toBe(2);
    expect(within(screen.getByRole('group', { name: 'Manager' })).getByText('Gen Group')).toBeTruthy();
  });

  it('fills again from the defaults after a successful submit clears the form', async () => {
    const host = createTestHost(api, { user: { is_ringi_group_member: true } });
    const data = renderWithReset(host, { save_approvers: false }, { save_approvers: false });
    await waitFor(() => expect(data().approvals).toEqual([{ approver_id: 5, master_process_id: 101 }]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Replace data' }));
    await waitFor(() => expect(count(host, '/my-default-process/purchase')).toBe(2));
    await waitFor(() => expect(data().approvals).toEqual([{ approver_id: 5, master_process_id: 101 }]));
    expect(count(host, '/saved_approvers')).toBe(0);
  });

  it('does not refill when the user removes the last approver by hand', async () => {
    const host = createTestHost(api, { user: { is_ringi_group_member: true } });
    const data = renderWithReset(host, { save_approvers: true }, { save_approvers: true });
    await waitFor(() => expect(data().approvals).toEqual([{ approver_id: 6, master_process_id: 101 }]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Gen Group' }));
    await waitFor(() => expect(data().approvals).toEqual([]));
    expect(count(host, '/saved_approvers')).toBe(1);
    expect(within(screen.getByRole('group', { name: 'Manager' })).getByText('No approver chosen')).toBeTruthy();
  });
});
