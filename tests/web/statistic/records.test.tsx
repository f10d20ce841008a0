import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordsPage } from '../../../src/app/pages/statistic/records/RecordsPage';
import { EMPTY_RECORDS_FORM, recordsFormProblem, recordsParams } from '../../../src/app/pages/statistic/records/records-query';
import en from '../../../locales/en/statistic.json';
import { createTestHost } from '../test-host';

const modules = [
  { code: 'payment', kind: 'module', meta: { statistics: { records: { amount: 'total' } } }, translations: { en: { title: 'Payment' } } },
  { code: 'purchase', kind: 'module', meta: { statistics: {} }, translations: { en: { title: 'Purchase' } } },
];
const row = (id: number, file: number) => ({
  date: '2026-05-01', amount: 1100, currency: 'JPY', counterparty: 'Tokyo Denki', registration_no: 'T1180301018771',
  document: { id, code: `PAY-${id}`, module: 'payment', application_number: `RH-2026-PAY-0000${id}`, decision_number: id === 2 ? 'KRH26-00042' : null }, file: { id: file, name: `invoice-${file}.pdf`, sha256: 'ab'.repeat(32), document_type: 'e-invoice' }, removed_at: null,
});

/** The Records screen against a server that answers two pages by cursor and records every call. */
function renderRecords() {
  const testHost = createTestHost();
  const calls: Array<{ path: string; params?: Record<string, unknown> }> = [];
  testHost.host.api.get = async <T,>(path: string, params?: Record<string, unknown>): Promise<T> => {
    calls.push({ path, params });
    if (path === '/module-definitions') return { 'hydra:member': modules } as T;
    if (path === '/currencies') return { 'hydra:member': [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }] } as T;
    if (path === '/records') return (params?.cursor ? { 'hydra:member': [row(1, 11)] } : { 'hydra:member': [row(2, 12)], nextCursor: 'c1' }) as T;
    if (path === '/records/export') return { id: 3, status: 'queued' } as T;
    throw new Error(`no route ${path}`);
  };
  const user = userEvent.setup();
  render(<RecordsPage />, { wrapper: testHost.Wrapper });
  return { ...testHost, calls, user };
}

describe('records filter (pure)', () => {
  it('sends only the filled fields under the API\'s names', () => {
    expect(recordsParams({ ...EMPTY_RECORDS_FORM, after: '2026-01-01', gte: ' 100 ', counterparty: ' tokyo ', module: 'payment' }))
      .toEqual({ 'date[after]': '2026-01-01', 'amount[gte]': 100, counterparty: 'tokyo', 'module.code': 'payment' });
  });
  it('finds a reversed date or amount range and a non-number first', () => {
    expect(recordsFormProblem({ ...EMPTY_RECORDS_FORM, after: '2026-02-01', before: '2026-01-01' })).toBe('statistic.records.badDateRange');
    expect(recordsFormProblem({ ...EMPTY_RECORDS_FORM, gte: 'ten' })).toBe('statistic.records.badAmount');
    expect(recordsFormProblem({ ...EMPTY_RECORDS_FORM, gte: '5', lte: '1' })).toBe('statistic.records.badAmountRange');
    expect(recordsFormProblem(EMPTY_RECORDS_FORM)).toBeNull();
  });
});

describe('Records screen', () => {
  it('lists records page by cursor, filters by what was typed and starts a Shift_JIS export', async () => {
    const { calls, user, log } = renderRecords();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(1));
    expect(screen.getByText('Tokyo Denki')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Payment' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Purchase' })).toBeNull();
    await user.click(screen.getByRole('button', { name: en.records.more }));
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/records').at(-1)?.params).toMatchObject({ cursor: 'c1' });

    // Issue #36: each record shows its document's numbers, and the filter takes them.
    expect(screen.getByText(`${en.records.applicationNumber}: RH-2026-PAY-00002`)).toBeTruthy();
    expect(screen.getByText(`${en.records.decisionNumber}: KRH26-00042`)).toBeTruthy();
    await user.type(screen.getByLabelText(en.records.counterparty), 'tokyo');
    await user.selectOptions(screen.getByRole('combobox', { name: en.records.currency }), 'JPY');
    await user.type(screen.getByLabelText(en.records.applicationNumber), ' PAY-0000 ');
    await user.type(screen.getByLabelText(en.records.decisionNumber), 'KRH26');
    await user.click(screen.getByRole('button', { name: en.records.search }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/records').at(-1)?.params)
      .toMatchObject({ counterparty: 'tokyo', currency: 'JPY', application_number: 'PAY-0000', decision_number: 'KRH26' }));

    await user.click(screen.getByRole('button', { name: en.records.csvSjis }));
    await waitFor(() => expect(calls.find((c) => c.path === '/records/export')?.params)
      .toMatchObject({ format: 'csv', encoding: 'shift_jis', counterparty: 'tokyo', currency: 'JPY', application_number: 'PAY-0000', decision_number: 'KRH26' }));
    await waitFor(() => expect(log.toasts.map((toast) => toast.message)).toContain(en.records.exportMailed));
  });

  it('says a date that is no date at the field and asks nothing; Reset empties the box; dates read YYYY/MM/DD', async () => {
    const { calls, user, log } = renderRecords();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(1));
    // The row's transaction date as every date of the app, not ISO.
    expect(screen.getByTestId('record-row').textContent).toContain('2026/05/01');
    expect(screen.getByTestId('record-row').textContent).not.toContain('2026-05-01');
    const before = calls.length;
    const from = screen.getByRole('textbox', { name: en.records.after }) as HTMLInputElement;
    await user.type(from, '2026/13/45');
    await user.click(screen.getByRole('button', { name: en.records.search }));
    expect(log.toasts.map((toast) => toast.message)).toContain(en.records.badDate);
    expect(screen.getByText(en.records.badDate)).toBeTruthy();
    expect(calls.length).toBe(before);

    await user.click(screen.getByRole('button', { name: en.records.reset }));
    expect((screen.getByRole('textbox', { name: en.records.after }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(en.records.badDate)).toBeNull();
    await user.click(screen.getByRole('button', { name: en.records.search }));
    expect(log.toasts.filter((toast) => toast.message === en.records.badDate)).toHaveLength(1);
  });

  it('refuses a reversed amount range with a message and asks nothing', async () => {
    const { calls, user, log } = renderRecords();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(1));
    const before = calls.length;
    await user.type(screen.getByLabelText(en.records.gte), '500');
    await user.type(screen.getByLabelText(en.records.lte), '100');
    await user.click(screen.getByRole('button', { name: en.records.search }));
    expect(log.toasts.map((toast) => toast.message)).toContain(en.records.badAmountRange);
    expect(calls.length).toBe(before);
    expect(within(screen.getByRole('list', { name: en.records.listLabel })).getAllByRole('listitem')).toHaveLength(1);
  });
});
