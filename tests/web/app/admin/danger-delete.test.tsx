/**
 * Deletes are red and ask first (spec 000 §4 "delete, shown in red"; §5 confirmations): the user
 * detail's Delete, the delete request's submit button and its confirmation's OK are marked
 * `data-danger` and styled red; declining sends nothing; confirming files the delete request.
 * The whole app over a fake network, with the real users module definition.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn } from '../harness';

const colleague = {
  id: 5, name: 'Jiro Suzuki', email: 'jiro@example.com', join_date: '2025-04-01',
  is_authorizer: false, is_finance: false, is_treasury: false, is_legal: false,
  company: { id: 1, name: 'Ringi Japan' }, department: { id: 2, name: 'Sales' }, location: { id: 3, address: '1-1 Marunouchi' },
  user_settings: [],
};

describe('delete actions', () => {
  it('user delete: red Delete, red Request deletion, a red confirmation; declined sends nothing, confirmed files it', async () => {
    const modules = await definitions();
    const users = Object.values(modules).find((m) => m.meta.entity?.kind === 'user' && m.meta.entity.operations.includes('delete'))!;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_ringi_group_member: true, is_authorizer: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': [users], 'hydra:totalItems': 1 } },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /my-organization': { status: 200, data: { 'hydra:member': [colleague], 'hydra:totalItems': 1 } },
        'GET /users/5': { status: 200, data: colleague },
        [`GET /module-definitions/${users.code}`]: { status: 200, data: users },
        'GET /master_processes': { status: 200, data: { 'hydra:member': [{ id: 31, optional: true, position: 1, module_code: users.code, process: { id: 2, code: 'p-director', name: 'Director approval' } }] } },
        'GET /currencies': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
        [`GET /my-default-process/${users.code}`]: { status: 200, data: { process: [], default_approvers: [] } },
        'GET /buffer_temporaries': { status: 204 },
        [`POST /buffer/${users.code}/5/delete`]: { status: 201, data: { id: 90, code: 'USR-2026-000090', status: 0 } },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /My organization/ }));
    await app.user.click(await screen.findByRole('button', { name: /Jiro Suzuki/ }));
    const detail = await screen.findByTestId('user-detail');
    const del = within(detail).getByRole('button', { name: 'Delete' });
    expect(del.hasAttribute('data-danger')).toBe(true);
    await app.user.click(del);

    const form = await screen.findByTestId('entity-form-delete');
    const request = await within(form).findByRole('button', { name: 'Request deletion' });
    expect(request.hasAttribute('data-danger')).toBe(true);
    // Delete forms disable the inputs (spec 000 §2): the name, the e-mail and the join date (no calendar button).
    const boxes = within(form).getAllByRole('textbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(expect.arrayContaining(['Jiro Suzuki', 'jiro@example.com', '2025/04/01']));
    for (const box of boxes) expect((box as HTMLInputElement).disabled, (box as HTMLInputElement).value).toBe(true);
    expect(within(form).queryAllByLabelText(/Pick a date/)).toHaveLength(0);
    expect(form.querySelector('input[type="date"]')).toBeNull();

    await app.user.click(request);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Request this deletion?');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok.hasAttribute('data-danger')).toBe(true);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.calls(`POST /buffer/${users.code}/5/delete`)).toHaveLength(0);

    await app.user.click(request);
    dialog = await screen.findByRole('alertdialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls(`POST /buffer/${users.code}/5/delete`)).toHaveLength(1));
  }, 60_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
