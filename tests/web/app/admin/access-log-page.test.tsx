/**
 * Admin → Access log (issue #34 item 8) over a fake network: the event, the user (tapped in an
 * entry) and the period reach `GET /access_log` as its query; the CSV export sends the same
 * filters with the chosen encoding (UTF-8 with BOM or Shift_JIS), with the bearer token, and saves
 * the file under the server's name; a refused export shows the server's message; a period that
 * ends before it starts is said and asks nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type SentRequest } from '../harness';
import { localDayInstant } from '../../../../src/app/pages/access-log/access-log-query';
import { texts } from '../locale';

const entry = {
  id: 31, at: '2026-12-01T01:02:03Z', event: 'sign_in', user: { id: 42, name: 'Emi Tanaka' }, company: { id: 1, name: 'Ringi Japan' },
  method: 'saml', idp: 'https://idp.example/metadata', success: false, reason: 'other_idp', ip: '203.0.113.7', user_agent: null, detail: {},
};

async function open() {
  const app = await renderApp({
    token: 'the-token', path: '/', language: 'en',
    routes: {
      ...signedIn({ is_authorizer: true }),
      'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
      'GET /access_log': { status: 200, data: { 'hydra:member': [entry], 'hydra:totalItems': 1 } },
    },
  });
  await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
  await app.user.click(await screen.findByRole('button', { name: /^Access log/ }));
  const page = await screen.findByTestId('access-log');
  await within(page).findAllByTestId('access-log-row');
  return { app, page };
}

/** The query of the last `GET /access_log` the page sent. */
const lastQuery = (calls: SentRequest[]) => calls.at(-1)!.params as Record<string, unknown>;

afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('Access log screen', () => {
  it('sends the event, the tapped user and the period (local days as instants) as the list\'s query', async () => {
    const { app, page } = await open();
    expect(lastQuery(app.calls('GET /access_log'))).toEqual({ page: 1, itemsPerPage: 20 });
    await app.user.selectOptions(within(page).getByTestId('access-log-event'), 'sign_in');
    await waitFor(() => expect(lastQuery(app.calls('GET /access_log'))).toMatchObject({ event: 'sign_in' }));
    await app.user.click(within(page).getByRole('button', { name: 'Emi Tanaka' }));
    await waitFor(() => expect(lastQuery(app.calls('GET /access_log'))).toMatchObject({ user: 42 }));
    expect(within(page).getByText('Only Emi Tanaka')).toBeTruthy();
    await app.user.type(page.querySelector<HTMLInputElement>('#access-log-from')!, '2026/04/01');
    await app.user.type(page.querySelector<HTMLInputElement>('#access-log-to')!, '2026/04/30');
    await waitFor(() => expect(lastQuery(app.calls('GET /access_log'))).toEqual({
      event: 'sign_in', user: 42, from: localDayInstant('2026-04-01', false), to: localDayInstant('2026-04-30', true), page: 1, itemsPerPage: 20,
    }));
    // "Everyone" drops the user again.
    await app.user.click(within(page).getByRole('button', { name: 'Everyone' }));
    await waitFor(() => expect(lastQuery(app.calls('GET /access_log'))).not.toHaveProperty('user'));
  });

  it('exports the filtered entries as CSV in the chosen encoding, with the token, under the server\'s file name', async () => {
    const { app, page } = await open();
    await app.user.selectOptions(within(page).getByTestId('access-log-event'), 'sign_in');
    await app.user.click(within(page).getByRole('button', { name: 'Emi Tanaka' }));
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('\uFEFFat,event\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="access-log-20261201.csv"' } }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
    const exportsSent = () => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/access_log/export'));

    // UTF-8 (with BOM) is the default.
    await app.user.click(within(page).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportsSent()).toHaveLength(1));
    const first = new URL(String(exportsSent()[0][0]), 'http://app.test');
    expect(Object.fromEntries(first.searchParams)).toEqual({ event: 'sign_in', user: '42', encoding: 'utf-8' });
    expect(exportsSent()[0][1]?.headers).toMatchObject({ authorization: 'Bearer the-token', 'accept-language': 'en' });
    await waitFor(() => expect(saved).toEqual(['access-log-20261201.csv']));

    // Shift_JIS for Excel in Japanese.
    await app.user.selectOptions(within(page).getByLabelText('CSV encoding'), 'shift_jis');
    await app.user.click(within(page).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportsSent()).toHaveLength(2));
    expect(new URL(String(exportsSent()[1][0]), 'http://app.test').searchParams.get('encoding')).toBe('shift_jis');
  });

  it('shows a refused export\'s message, and asks nothing for a period ending before it starts', async () => {
    const { app, page } = await open();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Too many rows: narrow the period.' }), { status: 422, headers: { 'content-type': 'application/json' } })));
    await app.user.click(within(page).getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Too many rows: narrow the period.')).toBeTruthy();

    const asked = app.calls('GET /access_log').length;
    await app.user.type(page.querySelector<HTMLInputElement>('#access-log-from')!, '2026/05/01');
    await app.user.type(page.querySelector<HTMLInputElement>('#access-log-to')!, '2026/04/01');
    expect(await within(page).findByText(texts.en.accessLog.badPeriod)).toBeTruthy();
    const button = within(page).getByRole('button', { name: texts.en.accessLog.export });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    // Only the "from" day was asked for on its own; the bad period itself never was.
    expect(app.calls('GET /access_log').slice(asked).some((c) => {
      const q = c.params as Record<string, unknown>;
      return q.from !== undefined && q.to !== undefined;
    })).toBe(false);
  });
});
