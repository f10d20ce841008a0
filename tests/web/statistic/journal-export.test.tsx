/**
 * Statistic → Journal export (issue #35) over a fake network: finance previews a period (the lines
 * of each journal, the documents needing a correcting journal, the ¥1 bn warning, the documents
 * giving none), starts a 弥生 export (the POST's body), sees its progress while the job runs and
 * downloads the file when it is done; a company without a mapping says so, a refused preview shows
 * the server's message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '../app/harness';
import { declared } from '../declared-style';

const posting = (account: string, amount: number) => ({ account, sub_account: '', department: '', counterparty: '', tax_class: 'purchase_10', amount, tax: 0, deduction: 'qualified' });
const preview = {
  has_mapping: true,
  journals: [
    { buffer_id: 1, code: 'PAY-2026-000001', module_code: 'payment', date: '2026-11-05', currency: 'JPY', total: 11000, memo: 'PAY-2026-000001', lines: [{ debit: posting('仕入高', 11000), credit: posting('未払金', 11000) }] },
    { buffer_id: 2, code: 'PAY-2026-000002', module_code: 'payment', date: '2026-11-06', currency: 'JPY', total: 3300, memo: 'x', lines: [{ debit: posting('旅費交通費', 2200), credit: posting('未払金', 3300) }, { debit: posting('仕入高', 1100), credit: null }] },
  ],
  problems: [{ buffer_id: 3, code: 'PAY-2026-000003', problem: 'unmapped', message: 'no account mapped' }],
  corrections: [{ buffer_id: 4, code: 'PAY-2026-000004', exported_at: '2026-11-01T02:00:00Z', format: 'yayoi' }],
  warnings: [{ supplier: '㈱髙橋商事', year: 2026, total: 1_200_000_000, message: '㈱髙橋商事: purchases without a qualified invoice in 2026 total ¥1,200,000,000, above ¥1,000,000,000.' }],
};
const job = (status: string, progress: number) => ({ id: 5, status, progress, format: 'yayoi', file_name: status === 'done' ? 'journals-yayoi.txt' : null, row_count: null, error: null, created_at: '2026-12-02T00:00:00Z', finished_at: null });

async function open(routes: Record<string, unknown>) {
  const app = await renderApp({
    token: 'token', path: '/', language: 'en',
    routes: { ...signedIn({ is_finance: true }), 'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } }, ...routes },
  });
  await app.user.click(await screen.findByRole('tab', { name: 'Finance Statistics' }, { timeout: 15_000 }));
  await app.user.click(await screen.findByRole('button', { name: 'Journal export' }));
  return { app, page: await screen.findByTestId('journal-export') };
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('journal export screen', () => {
  it('previews the lines with corrections and the warning, exports 弥生 with progress and downloads the file', async () => {
    let polls = 0;
    const { app, page } = await open({
      'GET /journal_exports/preview': { status: 200, data: preview },
      'POST /journal_exports': { status: 202, data: job('queued', 0) },
      'GET /journal_exports/5': () => ({ status: 200, data: (polls += 1) === 1 ? job('running', 40) : job('done', 100) }),
    });
    const settings = within(page).getByRole('form', { name: 'Export settings' });
    await app.user.click(within(settings).getByRole('button', { name: 'Preview' }));
    const lines = await within(page).findAllByTestId('journal-line');
    // Each line stacks its labelled debit over its credit (no table to scroll sideways on a phone).
    expect(lines.map((l) => [...l.querySelectorAll('[data-side]')].map((p) => p.textContent))).toEqual([
      ['Debit仕入高11,000', 'Credit未払金11,000'],
      ['Debit旅費交通費2,200', 'Credit未払金3,300'],
      ['Debit仕入高1,100'],
    ]);
    expect(page.querySelector('table')).toBeNull();
    expect(declared(lines[0], 'grid-template-columns')).toBe('minmax(0, 1fr)');
    expect(within(page).getAllByTestId('journal').map((j) => [j.getAttribute('aria-label'), within(j).getAllByTestId('journal-line').length, j.textContent?.includes(j === within(page).getAllByTestId('journal')[0] ? '2026/11/05' : '2026/11/06')]))
      .toEqual([['PAY-2026-000001', 1, true], ['PAY-2026-000002', 2, true]]);
    expect(app.calls('GET /journal_exports/preview')[0].params).toMatchObject({ company_id: 1 });
    expect(within(page).getByTestId('journal-corrections').textContent).toContain('PAY-2026-000004 (exported 2026/11/01 as 弥生会計)');
    expect(within(page).getByTestId('journal-problems').textContent).toContain('PAY-2026-000003: no account mapped');
    expect(within(page).getAllByRole('alert').some((a) => a.textContent?.includes('¥1,200,000,000'))).toBe(true);
    expect(within(page).getByText('2 journals')).toBeTruthy();

    const fetch = vi.fn(async () => new Response('x', { status: 200, headers: { 'content-disposition': 'attachment; filename="journals-yayoi.txt"' } }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    await app.user.click(within(settings).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(app.calls('POST /journal_exports')).toHaveLength(1));
    expect(app.calls('POST /journal_exports')[0].body).toMatchObject({ company_id: 1, format: 'yayoi', include_exported: false });
    expect(await within(page).findByRole('progressbar')).toBeTruthy();
    await app.user.click(await within(page).findByRole('button', { name: 'Download' }, { timeout: 5000 }));
    // Other parts of the app may fetch too: the file was asked for once.
    await waitFor(() => expect(fetch.mock.calls.filter((c) => String((c as unknown[])[0]) === '/api/journal_exports/5/file')).toHaveLength(1));
  });

  it('says when the company has no mapping, and shows a refused preview\'s message', async () => {
    let refuse = false;
    const { app, page } = await open({
      'GET /journal_exports/preview': () => (refuse
        ? { status: 403, data: { code: 'FORBIDDEN', message: 'Journal exports are for finance and treasury of the company and group admins.' } }
        : { status: 200, data: { has_mapping: false, journals: [], problems: [], corrections: [], warnings: [] } }),
    });
    const settings = within(page).getByRole('form', { name: 'Export settings' });
    await app.user.click(within(settings).getByRole('button', { name: 'Preview' }));
    expect(await within(page).findByText(/has no journal mapping yet/)).toBeTruthy();
    expect(within(page).queryByTestId('journal-empty')).toBeNull();
    refuse = true;
    await app.user.click(within(settings).getByRole('checkbox', { name: 'Include documents exported before' }));
    await app.user.click(within(settings).getByRole('button', { name: 'Preview' }));
    expect(await within(page).findByText('Journal exports are for finance and treasury of the company and group admins.')).toBeTruthy();
  });
});
