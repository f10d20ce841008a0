import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { createTestHost, fakeModule, hydra, renderForm, type ApiHandler } from './widget-host';

const steps = [
  { id: 102, optional: true, position: 2, process: { id: 2, code: 'p-finance', name: 'Finance check' } },
  { id: 101, optional: false, position: 1, process: { id: 1, code: 'p-manager', name: 'Manager' } },
];
const users = [
  { id: 5, name: 'Aiko Approver', is_ringi_group_member: false, is_authorizer: false },
  { id: 6, name: 'Gen Group', is_ringi_group_member: true, is_authorizer: true },
  { id: 7, name: 'Ken Client', is_ringi_group_member: false, is_authorizer: false },
];

function api(extra: Record<string, unknown> = {}): ApiHandler {
  return (path, params) => {
    if (path === '/master_processes') return params?.module_code === 'purchase' ? hydra(steps, params) : hydra([]);
    if (path === '/saved_approvers') return extra.saved ?? hydra([]);
    if (path === '/my-default-process/purchase') return extra.defaults ?? { process: null, default_approvers: [] };
    if (path === '/users/approver') return hydra(users, params);
    const user = /^\/users\/(\d+)$/.exec(path);
    if (user) return users.find((u) => u.id === Number(user[1]));
    return undefined;
  };
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    save_approvers: { type: 'boolean' },
    approvals: { type: 'array', items: { type: 'object', properties: { approver_id: { type: 'integer' }, master_process_id: { type: 'integer' } } } },
  },
};
const uiSchema = { save_approvers: { 'ui:widget': 'hidden' }, approvals: { 'ui:field': 'ProcessCard' } };

describe('ProcessCard', () => {
  it('lists the steps in process order and marks only mandatory ones as required', async () => {
    const host = createTestHost(api());
    renderForm(host, schema, uiSchema, { save_approvers: true });
    await screen.findByRole('group', { name: 'Manager' });
    const groups = screen.getAllByRole('group').filter((g) => g.hasAttribute('aria-label'));
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Manager', 'Finance check']);
    expect(within(groups[0]).getByLabelText('Required')).toBeTruthy();
    expect(within(groups[1]).queryByLabelText('Required')).toBeNull();
    // Exactly the route's query (src/wire/processes.ts MasterProcessQuery): it answers the whole list, so no paging is sent.
    expect(host.calls.find((c) => c.path === '/master_processes')?.params).toEqual({ module_code: 'purchase' });
  });

  it('preloads saved approvers when remember-approvers is on', async () => {
    const saved = hydra([
      { master_process_id: 101, approver: users[1], is_ringi_group_member: true },
      { master_process_id: 999, approver: users[0] },
    ]);
    const host = createTestHost(api({ saved }));
    const form = renderForm(host, schema, uiSchema, { save_approvers: true });
    await waitFor(() => expect(form.data().approvals).toEqual([{ approver_id: 6, master_process_id: 101 }]));
    const manager = screen.getByRole('group', { name: 'Manager' });
    expect(within(manager).getByText('Gen Group')).toBeTruthy();
    expect(within(manager).getByText('Company authorizer')).toBeTruthy();
    expect(host.calls.some((c) => c.path === '/saved_approvers' && c.params?.moduleCode === 'purchase')).toBe(true);
    expect(host.calls.some((c) => c.path.startsWith('/my-default-process'))).toBe(false);
  });

  it('preloads the default approvers when remember-approvers is off', async () => {
    const defaults = { process: {}, default_approvers: [{ master_process_id: 102, approver_id: 5 }] };
    const host = createTestHost(api({ defaults }));
    const form = renderForm(host, schema, uiSchema, { save_approvers: false });
    await waitFor(() => expect(form.data().approvals).toEqual([{ approver_id: 5, master_process_id: 102 }]));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Finance check' })).getByText('Aiko Approver')).toBeTruthy());
    expect(host.calls.some((c) => c.path === '/saved_approvers')).toBe(false);
  });

  it('keeps the choices of a draft instead of preloading', async () => {
    const saved = hydra([{ master_process_id: 101, approver: users[1] }]);
    const host = createTestHost(api({ saved }));
    const form = renderForm(host, schema, uiSchema, { save_approvers: true, approvals: [{ approver_id: 7, master_process_id: 101 }] });
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Manager' })).getByText('Ken Client')).toBeTruthy());
    expect(form.data().approvals).toEqual([{ approver_id: 7, master_process_id: 101 }]);
  });

  it('adds several approvers to a step through the approver page', async () => {
    const host = createTestHost(api());
    const form = renderForm(host, schema, uiSchema, { save_approvers: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add approver for Finance check' }));
    const page = screen.getByRole('region', { name: 'page: Approvers: Finance check' });
    await user.click(await within(page).findByRole('checkbox', { name: 'Aiko Approver' }));
    expect(within(page).getByText('Company authorizer')).toBeTruthy();
    await user.click(within(page).getByRole('checkbox', { name: 'Ken Client' }));
    await user.click(within(page).getByRole('button', { name: 'Add (2)' }));
    await waitFor(() =>
      expect(form.data().approvals).toEqual([
        { approver_id: 5, master_process_id: 102 },
        { approver_id: 7, master_process_id: 102 },
      ]),
    );
    expect(host.calls.find((c) => c.path === '/users/approver')?.params).toMatchObject({ masterProcessId: 102, page: 1, itemsPerPage: 10 });
    await user.click(screen.getByRole('button', { name: 'Remove Aiko Approver' }));
    await waitFor(() => expect(form.data().approvals).toEqual([{ approver_id: 7, master_process_id: 102 }]));
  });

  it("names each step from the module's definition in the shown language, on the card and on the approver page", async () => {
    // The server worded the steps in the language of its request (English here); the card is shown in Japanese.
    const host = createTestHost(api());
    host.language = 'ja';
    const process = [
      { code: 'p-manager', names: { en: 'Manager', ja: '上長承認', zh: '上级审批' } },
      { code: 'p-finance', names: { en: 'Finance check', ja: '経理確認', zh: '财务确认' } },
    ];
    renderForm(host, schema, uiSchema, { save_approvers: true }, fakeModule('purchase', { process }));
    const finance = await screen.findByRole('group', { name: '経理確認' });
    expect(screen.getByRole('group', { name: '上長承認' })).toBeTruthy();
    await userEvent.setup().click(within(finance).getByRole('button', { name: 'Add approver for 経理確認' }));
    expect(screen.getByRole('region', { name: 'page: Approvers: 経理確認' })).toBeTruthy();
  });

  it('locks a step with a group member for a user who is not a group member', async () => {
    const host = createTestHost(api(), { user: { is_ringi_group_member: false } });
    renderForm(host, schema, uiSchema, { save_approvers: true, approvals: [{ approver_id: 6, master_process_id: 101 }, { approver_id: 7, master_process_id: 102 }] });
    const manager = await screen.findByRole('group', { name: 'Manager' });
    await waitFor(() => expect(within(manager).getByText('Gen Group')).toBeTruthy());
    expect((within(manager).getByRole('button', { name: 'Add approver for Manager' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(manager).queryByRole('button', { name: 'Remove Gen Group' })).toBeNull();
    expect(within(manager).getByText(/only a group member can change it/)).toBeTruthy();
    const finance = screen.getByRole('group', { name: 'Finance check' });
    expect((within(finance).getByRole('button', { name: 'Add approver for Finance check' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets a group member change a step with a group member', async () => {
    const host = createTestHost(api(), { user: { is_ringi_group_member: true } });
    renderForm(host, schema, uiSchema, { save_approvers: true, approvals: [{ approver_id: 6, master_process_id: 101 }] });
    const manager = await screen.findByRole('group', { name: 'Manager' });
    await waitFor(() => expect(within(manager).getByText('Gen Group')).toBeTruthy());
    expect((within(manager).getByRole('button', { name: 'Add approver for Manager' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(manager).getByRole('button', { name: 'Remove Gen Group' })).toBeTruthy();
  });
});
