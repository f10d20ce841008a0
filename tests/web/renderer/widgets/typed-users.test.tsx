/**
 * TypedUsersField: one user per type (the user form's approver per setting type). Rows decided
 * by a background group are locked with the group's name; picking a user stores
 * `{setting_type_id, approver_id}`; the detail card shows "Type: name".
 */
import { beforeAll, expect, test } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../../src/engine';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost } from '../../test-host';

let userModule: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const modules = compileModules(files).modules as Record<string, CompiledModule>;
  // The module whose documents change users (whatever its code).
  userModule = Object.values(modules).find((m) => m.meta.entity?.kind === 'user')!;
});

const TYPES = [{ id: 1, name: 'Company Authorizer' }, { id: 2, name: 'Company Finance' }];
const USERS: Record<number, { id: number; name: string; is_authorizer?: boolean }> = {
  4: { id: 4, name: 'Haruka Suzuki', is_authorizer: true },
  5: { id: 5, name: 'Chen Jing' },
};

/** A group admin (member + company authorizer): the user form's company stays the one given. */
function host() {
  const testHost = createTestHost({ user: { id: 101, name: 'Group Admin', is_finance: false, is_treasury: false, is_authorizer: true, is_legal: false, is_ringi_group_member: true, company: { id: 1, name: 'Ringi Holdings' } } });
  const get = testHost.host.api.get;
  testHost.host.api.get = (async (path: string, params?: Record<string, unknown>) => {
    if (path === '/setting_types') return { 'hydra:member': TYPES, 'hydra:totalItems': TYPES.length };
    if (path === '/backgrounds/setting/3') return { 'hydra:member': [{ setting_type_id: 2, approver_id: 5, background: { id: 1, name: 'Japan operations' } }], 'hydra:totalItems': 1 };
    const user = /^\/users\/(\d+)$/.exec(path);
    if (user) return USERS[Number(user[1])];
    return get(path, params);
  }) as typeof get;
  return testHost;
}

test('registered as a field with a Display', () => {
  expect(customRegistry.TypedUsersField.kind).toBe('field');
  expect(customRegistry.UserPicker.kind).toBe('widget');
});

test('shows one row per setting type; a background-locked row is disabled with the group name; badge for authorizers', async () => {
  const { Wrapper } = host();
  render(
    <ModuleForm module={userModule} context={{ steps: [] }} initialData={{ company_id: 3, user_settings: [{ setting_type_id: 1, approver_id: 4 }] }} onSubmit={async () => ({})} />,
    { wrapper: Wrapper },
  );
  const settings = await screen.findByRole('group', { name: /Settings/ });
  // Each row's button is labelled by its setting type and shows the chosen user.
  const authorizer = within(settings).getByRole('button', { name: 'Company Authorizer' });
  await waitFor(() => expect(authorizer.textContent).toContain('Haruka Suzuki'));
  expect((authorizer as HTMLButtonElement).disabled).toBe(false);
  expect(within(authorizer).getByText('Company authorizer')).toBeTruthy();
  const finance = within(settings).getByRole('button', { name: 'Company Finance' });
  await waitFor(() => expect(finance.textContent).toContain('Chen Jing'));
  expect((finance as HTMLButtonElement).disabled).toBe(true);
  await waitFor(() => expect(within(settings).getByText('Set by background group Japan operations')).toBeTruthy());
});
