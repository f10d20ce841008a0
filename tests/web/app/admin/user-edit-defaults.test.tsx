/**
 * The user edit form (Admin → My organization → a user → Edit; issue #31 item 18) starts from the
 * user's data with the filing choices as every other form and the spec have them: "Remember
 * approvers" and "Send a notification to the first approver" on. The module is found by its
 * entity kind, not by a code.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn } from '../harness';

const member = {
  id: 21, name: 'Taro Staff', initial_name: 'TS', join_date: null, is_notified: false, is_ringi_group_member: true,
  company: { id: 1, name: 'Ringi Japan' }, department: { id: 10, name: 'Sales' }, location: null,
};
const detail = {
  ...member, email: 'taro@example.com', is_authorizer: false, is_finance: false, is_treasury: false, is_legal: false,
  user_settings: [], manager: null, posts: [],
};
const empty = { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } };

describe('user edit form', () => {
  it('starts with "Remember approvers" and the first approver\'s notification on', async () => {
    const modules = await definitions();
    const users = Object.values(modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'user')!;
    expect(users, 'a module files user changes').toBeDefined();
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_authorizer: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': [users], 'hydra:totalItems': 1 } },
        [`GET /module-definitions/${users.code}`]: { status: 200, data: users },
        'GET /approvals/my': empty,
        'GET /my-organization': { status: 200, data: { 'hydra:member': [member], 'hydra:totalItems': 1 } },
        [`GET /users/${member.id}`]: { status: 200, data: detail },
        'GET /master_processes': { status: 200, data: { 'hydra:member': [] } },
        'GET /currencies': empty,
        'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
        [`GET /my-default-process/${users.code}`]: { status: 200, data: { process: [], default_approvers: [] } },
        'GET /buffer_temporaries': { status: 204 },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^My organization/ }));
    await app.user.click(await screen.findByRole('button', { name: /Taro Staff/ }));
    await app.user.click(await within(await screen.findByTestId('user-detail')).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('entity-form-edit');
    const remember = await within(form).findByRole('switch', { name: 'Remember approvers' });
    const notify = within(form).getByRole('checkbox', { name: 'Send a notification to the first approver' });
    await waitFor(() => expect((remember as HTMLInputElement).checked).toBe(true));
    expect((notify as HTMLInputElement).checked).toBe(true);
    // The user's own data is kept: the form starts from it.
    expect(within(form).getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual(expect.arrayContaining(['Taro Staff', 'taro@example.com']));
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
