/**
 * Admin → SCIM tokens (issue #34 item 5) over a fake network: a company authorizer's screen shows
 * the SCIM base URL and their company's tokens (empty state), refuses a nameless token without
 * sending anything, creates one and shows the token once with Copy (the clipboard receives it;
 * Done hides it for good), lists it, and revokes it behind a confirmation.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type SentRequest } from '../harness';

const TOKEN = 'ringi_scim_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('SCIM tokens screen', () => {
  it('creates a token shown once with copy, lists it and revokes it', async () => {
    let stored: unknown[] = [];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_authorizer: true }),
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /scim_tokens': () => ({ status: 200, data: { 'hydra:member': stored, 'hydra:totalItems': stored.length } }),
        'POST /scim_tokens': (request: SentRequest) => {
          const body = request.body as { company_id: number; name: string };
          stored = [{ id: 9, name: body.name, company: { id: 1, name: 'Ringi Japan' }, created_by: { id: 7, name: 'Hanako Yamada' }, created_at: '2026-12-01T01:02:00Z', last_used_at: null }];
          return { status: 201, data: { id: 9, token: TOKEN, name: body.name, company_id: body.company_id, created_at: '2026-12-01T01:02:00Z' } };
        },
        'DELETE /scim_tokens/9': () => {
          stored = [];
          return { status: 204 };
        },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^SCIM tokens/ }));
    const page = await screen.findByTestId('scim-tokens');
    expect(within(page).getByTestId('scim-base-url').textContent).toBe(`${window.location.origin}/scim/v2`);
    expect((await within(page).findByTestId('scim-tokens-empty')).textContent).toBe('This company has no SCIM token.');
    expect(app.calls('GET /scim_tokens')[0].params).toEqual({ company_id: 1 });

    // A nameless token is refused here, nothing sent.
    const form = within(page).getByRole('form', { name: 'New SCIM token' });
    await app.user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Give the token a name.')).toBeTruthy();
    expect(app.calls('POST /scim_tokens')).toHaveLength(0);

    await app.user.type(within(form).getByRole('textbox', { name: /Name/ }), '  Entra ID  ');
    await app.user.click(within(form).getByRole('button', { name: 'Create token' }));
    const created = await within(page).findByTestId('scim-token-created');
    expect(app.calls('POST /scim_tokens')[0].body).toEqual({ company_id: 1, name: 'Entra ID' });
    expect(created.textContent).toContain('it is shown only this once');
    expect((within(created).getByRole('textbox', { name: 'Token' }) as HTMLInputElement).value).toBe(TOKEN);
    await app.user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    expect(await screen.findByText('Token copied')).toBeTruthy();

    // Listed (never with the token); Done hides the token for good.
    const row = await within(page).findByTestId('scim-token-row');
    expect(row.textContent).toContain('Entra ID');
    expect(row.textContent).toContain('Made by Hanako Yamada');
    expect(row.textContent).toContain('Not used yet');
    await app.user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(within(page).queryByTestId('scim-token-created')).toBeNull();
    expect(page.textContent).not.toContain(TOKEN);

    // Revoke asks first; confirmed, it is gone.
    await app.user.click(within(row).getByRole('button', { name: 'Revoke the token Entra ID' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('stops provisioning at once');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls('DELETE /scim_tokens/9')).toHaveLength(1));
    expect(await within(screen.getByTestId('scim-tokens')).findByTestId('scim-tokens-empty')).toBeTruthy();
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion

  it('is not offered to someone who is no company authorizer', async () => {
    const app = await renderApp({
      token: 'token', path: '/', language: 'ja',
      routes: { ...signedIn(), 'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } } },
    });
    await app.user.click(await screen.findByRole('tab', { name: '管理' }));
    await screen.findByTestId('admin');
    expect(screen.queryByRole('button', { name: /SCIM トークン/ })).toBeNull();
  }, 90_000);
});
