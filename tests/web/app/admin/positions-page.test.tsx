/**
 * Admin → Positions (issue #20 item 1) over a fake network with the real module definitions: an
 * authorizer sees the entry and their own company (no company choice), the error state and
 * Retry, the list with each position's state, code, holders and dates (a retired one offers no
 * actions), and Retire opening the positions module's edit request with the retirement date set
 * and the fixed fields disabled. The module is found by its entity kind, not by a code.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn } from '../harness';

const head = { id: 11, company_id: 1, code: 'head', name: 'Department head', name_en: 'Department head', name_ja: '部門長', name_zh: '部门负责人', effective_from: null, retired_on: null, state: 'active', holders: 2 };
const lead = { id: 12, company_id: 1, code: 'site-lead', name: 'Site lead', name_en: 'Site lead', name_ja: '現場責任者', name_zh: '现场负责人', effective_from: '2099-04-01', retired_on: null, state: 'scheduled', holders: 0 };
const old = { id: 13, company_id: 1, code: 'clerk', name: 'Clerk', name_en: 'Clerk', name_ja: null, name_zh: null, effective_from: null, retired_on: '2020-01-01', state: 'retired', holders: 0 };

describe('Positions screen', () => {
  it('loads (error, retry), lists states and dates, and Retire opens the request with the date set', async () => {
    const modules = await definitions();
    const positions = Object.values(modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'position')!;
    expect(positions, 'a module files position changes').toBeDefined();
    let calls = 0;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_authorizer: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': [positions], 'hydra:totalItems': 1 } },
        [`GET /module-definitions/${positions.code}`]: { status: 200, data: positions },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /companies/1/positions': () => {
          calls += 1;
          return calls === 1 ? { status: 500, data: { message: 'Internal error', code: 'INTERNAL' } } : { status: 200, data: { 'hydra:member': [head, lead, old], 'hydra:totalItems': 3 } };
        },
        'GET /companies/1': { status: 200, data: { id: 1, name: 'Ringi Japan' } },
        'GET /master_processes': { status: 200, data: { 'hydra:member': [] } },
        'GET /currencies': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
        [`GET /my-default-process/${positions.code}`]: { status: 200, data: { process: [], default_approvers: [] } },
        'GET /buffer_temporaries': { status: 204 },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^Positions/ }));
    const page = await screen.findByTestId('positions');
    // An authorizer who is no group admin: their own company, no choice.
    expect(within(page).getByText('Ringi Japan')).toBeTruthy();
    expect(within(page).queryByRole('combobox')).toBeNull();
    expect((await within(page).findByRole('alert')).textContent).toBe('Could not load. Please try again.');
    await app.user.click(within(page).getByRole('button', { name: 'Retry' }));

    const list = await within(page).findByRole('list', { name: 'Positions' });
    const rows = within(list).getAllByTestId('position-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Department head.*In effect.*Code head · 2 holders/),
      expect.stringMatching(/Site lead.*Starts later.*Code site-lead · 0 holders.*from 2099\/04\/01/),
      expect.stringMatching(/Clerk.*Retired.*retired from 2020\/01\/01/),
    ]);
    expect(within(rows[2]).queryByRole('button')).toBeNull();

    await app.user.click(within(rows[0]).getByRole('button', { name: 'Retire Department head' }));
    const form = await screen.findByTestId('entity-form-edit');
    const today = new Date();
    const shown = `${today.getFullYear()}/${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(within(form).getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual(expect.arrayContaining(['head', 'Department head', shown])));
    const code = within(form).getAllByRole('textbox').find((b) => (b as HTMLInputElement).value === 'head') as HTMLInputElement;
    expect(code.disabled).toBe(true);
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion

  it('is not offered to a user who may not request position changes', async () => {
    await renderApp({ token: 'token', path: '/', language: 'en', routes: { ...signedIn(), 'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } } } });
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Admin' }));
    await screen.findByRole('button', { name: /Deputies/ });
    expect(screen.queryByRole('button', { name: /^Positions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Calendars/ })).toBeNull();
  }, 90_000);
});
