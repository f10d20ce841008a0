/**
 * Admin → File for me (代理申請, issue #36 item 3): the deputies' screen with the filer in the
 * deputy's place — its own texts, `POST /proxy_filers` with `filer_id`, the server's 422 at the
 * colleague's field, a saved permission listed and withdrawn.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn, type SentRequest } from '../harness';

const colleague = { id: 5, name: 'Jiro Suzuki', company: { id: 1, name: 'Ringi Japan' }, department: { id: 2, name: 'Sales' } };

describe('File for me screen', () => {
  it('allows a colleague to file for the user, shows the server\'s message at the field, lists and withdraws', async () => {
    const modules = Object.values(await definitions());
    let stored: unknown[] = [];
    let postCalls = 0;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn(),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': modules, 'hydra:totalItems': modules.length } },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /proxy_filers': () => ({ status: 200, data: { 'hydra:member': stored, 'hydra:totalItems': stored.length, filing_for: [] } }),
        'GET /users/approver': { status: 200, data: { 'hydra:member': [colleague], 'hydra:totalItems': 1 } },
        'POST /proxy_filers': (request: SentRequest) => {
          postCalls += 1;
          if (postCalls === 1) return { status: 422, data: { code: 'VALIDATION_FAILED', message: 'This user is disabled and cannot file for you.', violations: [{ propertyPath: 'filer_id', message: 'This user is disabled and cannot file for you.' }] } };
          const body = request.body as { from: string; to: string };
          const row = { id: 8, principal: { id: 7, name: 'Hanako Yamada' }, filer: { id: 5, name: colleague.name }, from: body.from, to: body.to, module_codes: null, state: 'upcoming', created_at: '2026-11-27T00:00:00Z' };
          stored = [row];
          return { status: 201, data: row };
        },
        'DELETE /proxy_filers/8': () => {
          stored = [];
          return { status: 204 };
        },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /File for me/ }));
    const page = await screen.findByTestId('proxy-filers');
    expect((await within(page).findByTestId('deputies-empty')).textContent).toBe('Nobody files for you.');
    await app.user.click(within(page).getByTestId('deputy-add'));
    const form = () => within(screen.getByTestId('proxy-filers')).getByRole('form', { name: 'New permission to file for you' });
    await app.user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Choose the colleague.')).toBeTruthy();
    await app.user.click(within(form()).getByTestId('deputy-pick'));
    await app.user.click(await screen.findByRole('button', { name: colleague.name }));
    await waitFor(() => expect(within(form()).getByTestId('deputy-pick').textContent).toContain(colleague.name));
    const [from, to] = within(form()).getAllByPlaceholderText('YYYY/MM/DD');
    await app.user.type(from, '2026/12/05');
    await app.user.type(to, '2026/12/09');
    await app.user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('This user is disabled and cannot file for you.')).toBeTruthy();
    expect(app.calls('POST /proxy_filers')[0].body).toEqual({ filer_id: 5, from: '2026-12-05', to: '2026-12-09' });
    await app.user.click(within(form()).getByRole('button', { name: 'Save' }));
    const row = await within(screen.getByTestId('proxy-filers')).findByTestId('deputy-row');
    expect(row.textContent).toContain(colleague.name);
    await app.user.click(within(row).getByRole('button', { name: /Withdraw the permission of Jiro Suzuki/ }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls('DELETE /proxy_filers/8')).toHaveLength(1));
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
