/**
 * Admin → Deputies (代理, issue #20): the user's deputy arrangements over a fake network with the
 * real module definitions — the error state and retry, the empty state, Add with the client's own
 * checks (nothing sent), the server's 422 shown at its field, a saved arrangement listed, and
 * Delete behind a confirmation.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn, type SentRequest } from '../harness';

const colleague = { id: 5, name: 'Jiro Suzuki', company: { id: 1, name: 'Ringi Japan' }, department: { id: 2, name: 'Sales' } };

describe('Deputies screen', () => {
  it('loads (error, retry, empty), adds with checks and server messages, lists and deletes', async () => {
    const modules = Object.values(await definitions());
    // What the screen may offer: the modules with approval steps (derived from the definitions).
    const approvable = modules.filter((m) => m.kind === 'module' && (m.process?.length ?? 0) > 0);
    expect(approvable.length).toBeGreaterThan(0);
    let stored: unknown[] = [];
    let getCalls = 0;
    let postCalls = 0;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn(),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': modules, 'hydra:totalItems': modules.length } },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /deputies': () => {
          getCalls += 1;
          return getCalls === 1 ? { status: 500, data: { message: 'Internal error', code: 'INTERNAL' } } : { status: 200, data: { 'hydra:member': stored, 'hydra:totalItems': stored.length } };
        },
        'GET /users/approver': { status: 200, data: { 'hydra:member': [colleague], 'hydra:totalItems': 1 } },
        'POST /deputies': (request: SentRequest) => {
          postCalls += 1;
          if (postCalls === 1) return { status: 422, data: { code: 'VALIDATION_FAILED', message: 'This user is disabled and cannot be a deputy.', violations: [{ propertyPath: 'deputy_id', message: 'This user is disabled and cannot be a deputy.' }] } };
          const body = request.body as { from: string; to: string; module_codes?: string[] };
          const row = { id: 41, principal: { id: 7, name: 'Hanako Yamada' }, deputy: { id: 5, name: colleague.name }, from: body.from, to: body.to, module_codes: body.module_codes ?? null, state: 'upcoming', created_at: '2026-11-27T00:00:00Z' };
          stored = [row];
          return { status: 201, data: row };
        },
        'DELETE /deputies/41': () => {
          stored = [];
          return { status: 204 };
        },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /Deputies/ }));
    const page = await screen.findByTestId('deputies');
    // Error state, then Retry → the empty state.
    expect((await within(page).findByRole('alert')).textContent).toContain('could not be loaded');
    await app.user.click(within(page).getByRole('button', { name: 'Retry' }));
    expect((await within(page).findByTestId('deputies-empty')).textContent).toBe('You have no deputies.');

    // Add: the client's own checks first — nothing is sent.
    await app.user.click(within(page).getByTestId('deputy-add'));
    const form = await within(page).findByRole('form', { name: 'New deputy' });
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose the deputy.')).toBeTruthy();
    expect(within(form).getAllByText('Enter a date as YYYY/MM/DD.')).toHaveLength(2);
    expect(app.calls('POST /deputies')).toHaveLength(0);

    // The modules offered are the definitions' modules with steps.
    const group = within(form).getByRole('group', { name: 'Modules' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(approvable.length);

    await app.user.click(within(form).getByTestId('deputy-pick'));
    await app.user.click(await screen.findByRole('button', { name: colleague.name }));
    await waitFor(() => expect(within(screen.getByTestId('deputies')).getByTestId('deputy-pick').textContent).toContain(colleague.name));
    const current = () => within(screen.getByTestId('deputies')).getByRole('form', { name: 'New deputy' });
    const [from, to] = within(current()).getAllByPlaceholderText('YYYY/MM/DD');
    await app.user.type(from, '2026/12/05');
    await app.user.type(to, '2026/12/01');
    await app.user.click(within(current()).getByRole('button', { name: 'Save' }));
    expect(await within(current()).findByText('The end date is before the start date.')).toBeTruthy();
    expect(app.calls('POST /deputies')).toHaveLength(0);
    await app.user.clear(to);
    await app.user.type(to, '2026/12/09');
    await app.user.click(within(within(current()).getByRole('group', { name: 'Modules' })).getAllByRole('checkbox')[0]);

    // The server refuses (422): its message shows at the deputy field.
    await app.user.click(within(current()).getByRole('button', { name: 'Save' }));
    expect(await within(current()).findByText('This user is disabled and cannot be a deputy.')).toBeTruthy();
    expect(app.calls('POST /deputies')[0].body).toEqual({ deputy_id: 5, from: '2026-12-05', to: '2026-12-09', module_codes: [approvable[0].code] });

    // Saved: the list shows it with its period and module.
    await app.user.click(within(current()).getByRole('button', { name: 'Save' }));
    const row = await within(screen.getByTestId('deputies')).findByTestId('deputy-row');
    expect(row.textContent).toContain(colleague.name);
    expect(row.textContent).toContain('2026/12/05 – 2026/12/09');
    expect(row.textContent).toContain('Upcoming');

    // Delete asks first; confirmed, it is gone.
    await app.user.click(within(row).getByRole('button', { name: /Delete deputy Jiro Suzuki/ }));
    const dialog = await screen.findByRole('alertdialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls('DELETE /deputies/41')).toHaveLength(1));
    expect(await within(screen.getByTestId('deputies')).findByTestId('deputies-empty')).toBeTruthy();
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
