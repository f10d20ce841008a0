/**
 * Admin → Signed-in devices (issue #34 item 7) over a fake network: the user's sessions with
 * browser and system read from the user agent, address, times and "This device"; ending another
 * device asks first and removes it; ending this one asks with its own question.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '../harness';
import { deviceLabel } from '../../../../src/app/lib/device-label';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

describe('device labels', () => {
  it.each([
    [FIREFOX, { browser: 'Firefox', system: 'Linux' }],
    [IPHONE, { browser: 'Safari', system: 'iPhone' }],
    [EDGE, { browser: 'Edge', system: 'Windows' }],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', { browser: 'Chrome', system: 'Android' }],
    ['curl/8.5.0', { browser: null, system: null }],
    [null, { browser: null, system: null }],
  ])('%s', (agent, label) => expect(deviceLabel(agent)).toEqual(label));
});

describe('Signed-in devices screen', () => {
  it('lists the sessions and ends another device after a confirmation', async () => {
    let stored = [
      { id: 'aaaaaaaaaaaaaaaaaaaaaa', created_at: '2026-12-01T01:00:00Z', last_used_at: '2026-12-01T02:00:00Z', ip: '203.0.113.7', user_agent: FIREFOX, current: true },
      { id: 'bbbbbbbbbbbbbbbbbbbbbb', created_at: '2026-11-30T01:00:00Z', last_used_at: '2026-11-30T09:00:00Z', ip: '198.51.100.20', user_agent: IPHONE, current: false },
    ];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn(),
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /sessions': () => ({ status: 200, data: { 'hydra:member': stored, 'hydra:totalItems': stored.length } }),
        'DELETE /sessions/bbbbbbbbbbbbbbbbbbbbbb': () => {
          stored = stored.filter((s) => s.id !== 'bbbbbbbbbbbbbbbbbbbbbb');
          return { status: 204 };
        },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^Signed-in devices/ }));
    const page = await screen.findByTestId('sessions');
    const rows = await within(page).findAllByTestId('session-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Firefox on LinuxThis deviceFrom 203\.0\.113\.7Signed in /),
      expect.stringMatching(/^Safari on iPhoneFrom 198\.51\.100\.20Signed in /),
    ]);
    // Cancelled: nothing sent.
    await app.user.click(within(rows[1]).getByRole('button', { name: 'End the session on Safari on iPhone' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Sign out Safari on iPhone?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.calls('DELETE /sessions/bbbbbbbbbbbbbbbbbbbbbb')).toHaveLength(0);
    await app.user.click(within(rows[1]).getByRole('button', { name: 'End the session on Safari on iPhone' }));
    dialog = await screen.findByRole('alertdialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls('DELETE /sessions/bbbbbbbbbbbbbbbbbbbbbb')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByTestId('sessions')).getAllByTestId('session-row')).toHaveLength(1));
    // This device asks its own question.
    await app.user.click(within(screen.getByTestId('sessions')).getByRole('button', { name: 'End the session on Firefox on Linux' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('This signs you out on this device.');
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});

describe('End sessions on the user detail', () => {
  const colleague = {
    id: 5, name: 'Jiro Suzuki', email: 'jiro@example.com', join_date: '2025-04-01',
    is_authorizer: false, is_finance: false, is_treasury: false, is_legal: false,
    company: { id: 1, name: 'Ringi Japan' }, department: { id: 2, name: 'Sales' }, location: null, user_settings: [],
  };
  const routes = {
    'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
    'GET /my-organization': { status: 200, data: { 'hydra:member': [colleague], 'hydra:totalItems': 1 } },
    'GET /users/5': { status: 200, data: colleague },
    'DELETE /users/5/sessions': { status: 200, data: { ended: 2 } },
  };
  const openDetail = async (app: Awaited<ReturnType<typeof renderApp>>) => {
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /My organization/ }));
    await app.user.click(await screen.findByRole('button', { name: /Jiro Suzuki/ }));
    return screen.findByTestId('user-detail');
  };

  it('lets the company authorizer sign the user out everywhere after a confirmation', async () => {
    const app = await renderApp({ token: 'token', path: '/', language: 'en', routes: { ...signedIn({ is_authorizer: true }), ...routes } });
    const detail = await openDetail(app);
    await app.user.click(within(detail).getByRole('button', { name: 'End sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Sign Jiro Suzuki out on every device now?');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.calls('DELETE /users/5/sessions')).toHaveLength(1));
    expect(await screen.findByText('Sessions ended')).toBeTruthy();
  }, 90_000);

  it('is not offered to a colleague without the role', async () => {
    const app = await renderApp({ token: 'token', path: '/', language: 'en', routes: { ...signedIn(), ...routes } });
    const detail = await openDetail(app);
    expect(within(detail).queryByRole('button', { name: 'End sessions' })).toBeNull();
  }, 90_000);
});
