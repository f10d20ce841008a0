/**
 * Push notifications in the app (issue 33 item 2): Admin → Notifications says what this browser
 * allows and lists the user's devices (remove behind a confirmation); turning push on subscribes
 * with the server's key and sends the browser's subscription; a tapped push's address opens its
 * document above Home.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { subscribeDevice, type PushBrowser } from '../../../src/app/pages/notifications/push-client';
import type { ApiClient } from '../../../src/app/api';
import enApp from '../../../locales/en/app.json';
import { renderApp, signedIn, type SentRequest } from './harness';

const texts = enApp.notifications;
const home = { 'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } } };
const device = (id: number, agent: string) => ({ id, service: 'fcm.googleapis.com', user_agent: agent, created_at: '2026-12-01T09:00:00Z', last_sent_at: null });

describe('Admin → Notifications', () => {
  it('says this browser cannot receive pushes, lists the devices that do, and removes one after asking', async () => {
    let devices = [device(3, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) AppleWebKit Safari/604.1'), device(4, 'Mozilla/5.0 (Linux; Android 15) Chrome/140.0 Mobile')];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn(), ...home,
        'GET /push/subscriptions': () => ({ status: 200, data: { items: devices } }),
        'DELETE /push/subscriptions/4': () => {
          devices = devices.filter((d) => d.id !== 4);
          return { status: 204, data: null };
        },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: new RegExp(`^${enApp.admin.notifications}`) }));
    const page = await screen.findByTestId('notifications');
    // jsdom has no service worker or Push API: said plainly, and nothing to press.
    expect(within(page).getByRole('status').textContent).toBe(texts.support.unsupported);
    expect(within(page).queryByRole('button', { name: texts.turnOn })).toBeNull();
    expect(within(page).getByText(texts.iosNote)).toBeTruthy();
    const list = await within(page).findByRole('list', { name: texts.devices });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent?.split('since')[0])).toEqual(['Safari · iPhone', 'Chrome · Android']);
    await app.user.click(within(list).getByRole('button', { name: 'Remove Chrome · Android' }));
    await app.user.click(await screen.findByRole('button', { name: enApp.common.ok }));
    await waitFor(() => expect(app.calls('DELETE /push/subscriptions/4')).toHaveLength(1));
    await waitFor(() => expect(within(page).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows the empty state when no device receives notifications', async () => {
    const app = await renderApp({ token: 'token', path: '/', language: 'en', routes: { ...signedIn(), ...home, 'GET /push/subscriptions': { status: 200, data: { items: [] } } } });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: new RegExp(`^${enApp.admin.notifications}`) }));
    expect(await screen.findByText(texts.noDevices)).toBeTruthy();
  });
});

describe('Admin → Notifications when the devices do not load', () => {
  it('says so with Try again (the shared list states), which asks again and shows them', async () => {
    let failing = true;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn(), ...home,
        'GET /push/subscriptions': () => (failing ? { status: 500, data: { detail: 'down' } } : { status: 200, data: { items: [device(3, 'Mozilla/5.0 (Linux; Android 15) Chrome/140.0 Mobile')] } }),
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: new RegExp(`^${enApp.admin.notifications}`) }));
    const page = await screen.findByTestId('notifications');
    expect((await within(page).findByRole('alert')).textContent).toBe(texts.loadFailed);
    failing = false;
    await app.user.click(within(page).getByRole('button', { name: texts.retry }));
    const list = await within(page).findByRole('list', { name: texts.devices });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(page).queryByRole('alert')).toBeNull();
    expect(app.calls('GET /push/subscriptions').length).toBeGreaterThanOrEqual(2);
  });
});

describe('turning push on', () => {
  it('subscribes with the server\'s key and sends the browser\'s subscription as it is', async () => {
    const sent: Array<{ url: string; body?: unknown }> = [];
    const api = {
      get: async (url: string) => { sent.push({ url }); return { data: { key: 'BPublicKey' } }; },
      post: async (url: string, body: unknown) => { sent.push({ url, body }); return { data: { id: 9 } }; },
    } as unknown as ApiClient;
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };
    let keyGiven = '';
    const browser: PushBrowser = {
      support: () => 'default', current: async () => null, unsubscribe: async () => undefined,
      subscribe: async (key) => { keyGiven = key; return subscription; },
    };
    expect(await subscribeDevice(api, browser)).toEqual({ id: 9 });
    expect(keyGiven).toBe('BPublicKey');
    expect(sent).toEqual([{ url: '/push/public_key' }, { url: '/push/subscriptions', body: subscription }]);
  });
});

describe('a tapped push', () => {
  it('opens its document above Home once signed in, and leaves the address clean', async () => {
    const app = await renderApp({ token: 'token', path: '/?document=5&code=PO-2026-0042', language: 'en', routes: { ...signedIn(), ...home } });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('PO-2026-0042'));
    await waitFor(() => expect(app.sent.some((r: SentRequest) => r.url === '/buffers/5')).toBe(true));
    expect(window.location.search).toBe('');
    await app.user.click(screen.getByRole('button', { name: enApp.toolbar.back }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(enApp.home.title));
  });
});
