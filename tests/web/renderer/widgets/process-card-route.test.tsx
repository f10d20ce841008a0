import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import type { ProcessStepDefinition } from '../../../../src/engine';
import { createTestHost, fakeModule, hydra, renderForm, type ApiHandler } from './widget-host';

/**
 * The process card follows the route (`POST /master_processes/resolve`): resolved approvers shown
 * locked, a step that applies only above an amount appears when the amount changes, skips say why,
 * and a change of a field no condition reads asks nothing.
 */
const names = (en: string) => ({ en, ja: en, zh: en });
const process: ProcessStepDefinition[] = [
  { code: 'p-manager', names: names('Manager'), approvers: [{ position: 'head', of: 'requester' }] },
  { code: 'p-director', names: names('Director'), when: { '>=': [{ var: 'total' }, 100] }, approvers: [{ position: 'director', of: 'requester' }] },
  { code: 'p-authorizer', names: names('Authorizer'), roles: ['authorizer'] },
];
const masters = [
  { id: 1, optional: false, position: 1, process: { id: 1, code: 'p-manager', name: 'Manager' } },
  { id: 2, optional: true, position: 2, process: { id: 2, code: 'p-director', name: 'Director' } },
  { id: 3, optional: false, position: 3, process: { id: 3, code: 'p-authorizer', name: 'Authorizer' } },
];
const step = (id: number, code: string, name: string, more: Record<string, unknown> = {}) => ({
  id, code, name, mode: 'any', required: 1, quorum: null, optional: false, circulation: false, by: 'rule', editable: false,
  approvers: [], skipped: null, skipped_reason: null, blocked: null, blocked_reason: null, ...more,
});

const get: ApiHandler = (path, params) => (path === '/master_processes' ? hydra(masters, params) : path === '/saved_approvers' ? hydra([]) : path.startsWith('/my-default-process') ? { default_approvers: [] } : undefined);
function resolver(posts: Array<Record<string, unknown>>): ApiHandler {
  return (path, body) => {
    if (path !== '/master_processes/resolve') return undefined;
    posts.push(body as Record<string, unknown>);
    const total = Number((body as { data: { total?: number } }).data.total ?? 0);
    return { steps: [
      step(1, 'p-manager', 'Manager', { approvers: [{ id: 5, name: 'Kenji Head' }] }),
      ...(total >= 100 ? [step(2, 'p-director', 'Director', { approvers: [{ id: 6, name: 'Li Director' }], mode: 'all', required: 1 })] : []),
      step(3, 'p-authorizer', 'Authorizer', { by: 'choice', editable: true }),
    ] };
  };
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    total: { type: 'number' }, note: { type: 'string' }, save_approvers: { type: 'boolean' },
    approvals: { type: 'array', items: { type: 'object', properties: { approver_id: { type: 'integer' }, master_process_id: { type: 'integer' } } } },
  },
};
const uiSchema = { save_approvers: { 'ui:widget': 'hidden' }, approvals: { 'ui:field': 'ProcessCard' } };

describe('ProcessCard with a route', () => {
  it('shows resolved approvers locked and adds the director step when the amount reaches the condition', async () => {
    const posts: Array<Record<string, unknown>> = [];
    const host = createTestHost(get, { post: resolver(posts) });
    const module = { ...fakeModule('purchase'), process };
    renderForm(host, schema, uiSchema, { save_approvers: true, total: 10, note: '' }, module);
    const manager = await screen.findByRole('group', { name: 'Manager' });
    await within(manager).findByText('Kenji Head');
    expect(within(manager).getByText('Set by the route')).toBeTruthy();
    expect(within(manager).queryByRole('button', { name: /Add approver/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Director' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Authorizer' })).getByRole('button', { name: /Add approver/ })).toBeTruthy();

    // A field no condition reads asks nothing.
    const asked = posts.length;
    await userEvent.type(screen.getByRole('textbox', { name: /note/i }), 'x');
    await new Promise((r) => setTimeout(r, 600));
    expect(posts.length).toBe(asked);

    const total = screen.getByRole('spinbutton', { name: /total/i });
    await userEvent.clear(total);
    await userEvent.type(total, '150');
    const director = await screen.findByRole('group', { name: 'Director' }, { timeout: 3000 });
    expect(within(director).getByText('Li Director')).toBeTruthy();
    expect(within(director).getByText('All must approve')).toBeTruthy();
    await waitFor(() => expect(posts.at(-1)).toMatchObject({ module_code: 'purchase', data: { total: 150 } }));
  });
});

describe('ProcessCard with a blocked choice step', () => {
  it('says why and what to do where the picker would be, with no Add button (nobody to pick)', async () => {
    const reason = 'Step "Authorizer" is approved by a Company Authorizer user other than you. Ask an administrator.';
    const host = createTestHost(get, {
      post: (path) => (path === '/master_processes/resolve' ? { steps: [
        step(1, 'p-manager', 'Manager', { approvers: [{ id: 5, name: 'Kenji Head' }] }),
        step(3, 'p-authorizer', 'Authorizer', { by: 'choice', editable: true, blocked: 'requester', blocked_reason: reason }),
      ] } : undefined),
    });
    renderForm(host, schema, uiSchema, { save_approvers: true, total: 10, note: '' }, { ...fakeModule('purchase'), process });
    const authorizer = await screen.findByRole('group', { name: 'Authorizer' });
    expect((await within(authorizer).findByRole('alert')).textContent).toBe(reason);
    expect(within(authorizer).queryByRole('button', { name: /Add approver/ })).toBeNull();
  });
});
