import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StampStatisticsPage, STAMP_PAGE_SIZE, type StampRow } from '../../../src/app/pages/stamp-statistics/StampStatisticsPage';
import { DEFAULT_STAMP_FILTER, stampFilterProblem, stampParams } from '../../../src/app/pages/stamp-statistics/stamp-query';
import en from '../../../locales/en/statistic.json';
import engineEn from '../../../locales/en/engine.json';
import { createTestHost } from '../test-host';

const stamp = en.stamp;
const people = [
  { id: 7, name: 'Emi Tanaka', email: 'employee@example.com' },
  { id: 8, name: 'Kenji Sato', email: 'approver@example.com' },
  { id: 9, name: 'Li Wei', email: 'approver2@example.com' },
];
const row = (id: number, code: string): StampRow => ({
  id, code, stamp_no: `CSP2026-${String(id).padStart(4, '0')}`, status: 2, module: { code: 'contract-supplier' },
  requester: { id: 7, name: 'Emi Tanaka' }, contract_party: { id: 3, name: 'Acme Partners' }, currency: { id: 1, code: 'CNY' },
  amount: 1234.5, contract_date: '2026-02-10', created_at: '2026-02-01T03:00:00Z', completed_at: '2026-02-15T03:00:00Z',
});

/**
 * The page in a test host whose `/stamp_statistics` answers page 1 with `rows` (and every later
 * page empty, as the server does past the end) and records each query; the user list is
 * `/users/pic`; other lookups come from the host's tables.
 */
function renderPage(rows: StampRow[] = [row(1, 'CSP-2026-000001'), row(2, 'CSP-2026-000002')]) {
  const testHost = createTestHost();
  const queries: Array<Record<string, unknown>> = [];
  const lookup = testHost.host.api.get;
  testHost.host.api.get = async <T,>(path: string, params?: Record<string, unknown>): Promise<T> => {
    if (path === '/stamp_statistics') {
      queries.push(params ?? {});
      return { 'hydra:member': params?.page === 1 ? rows : [], 'hydra:totalItems': rows.length } as T;
    }
    if (path === '/module-definitions') return { 'hydra:member': [{ code: 'contract-supplier', kind: 'module', meta: {}, translations: { en: { title: 'Supplier contract' } } }] } as T;
    if (path === '/users/pic') return { 'hydra:member': params?.page === 1 ? people : [], 'hydra:totalItems': people.length } as T;
    return lookup<T>(path, params);
  };
  const user = userEvent.setup();
  render(<StampStatisticsPage />, { wrapper: testHost.Wrapper });
  return { ...testHost, queries, user };
}

describe('stamp statistics filter (pure)', () => {
  it('sends the spec\'s filter keys: applicants, party, currency, amount by toggle, period by condition', () => {
    expect(stampParams(DEFAULT_STAMP_FILTER)).toEqual({ currency: 'CNY' });
    expect(stampParams({
      ...DEFAULT_STAMP_FILTER, applicants: [{ id: 7, name: 'a' }, { id: 8, name: 'b' }], party: { id: 3, name: 'p' }, currency: '',
      amount: '500', amountOp: 'lte', periodType: 'contractDate', condition: 'between', from: '2026-01-01', to: '2026-01-31',
    })).toEqual({
      'applicant.id': [7, 8], 'contract_party.id': [3], 'amount[lte]': 500, 'contractDate[after]': '2026-01-01', 'contractDate[before]': '2026-01-31',
    });
    expect(stampParams({ ...DEFAULT_STAMP_FILTER, periodType: 'paymentDate', condition: 'before', from: '2026-03-01' })).toMatchObject({ 'paymentDate[before]': '2026-03-01' });
    expect(stampParams({ ...DEFAULT_STAMP_FILTER, condition: 'after', from: '2026-03-01' })).toMatchObject({ 'completionDate[after]': '2026-03-01' });
  });

  it('names the first problem: amount not a number, half a period, a reversed period', () => {
    expect(stampFilterProblem({ ...DEFAULT_STAMP_FILTER, amount: '12a' })).toBe('amount');
    expect(stampFilterProblem({ ...DEFAULT_STAMP_FILTER, from: '2026-01-01' })).toBe('period');
    expect(stampFilterProblem({ ...DEFAULT_STAMP_FILTER, from: '2026-02-01', to: '2026-01-01' })).toBe('range');
    expect(stampFilterProblem({ ...DEFAULT_STAMP_FILTER, condition: 'before', from: '2026-01-01' })).toBeNull();
  });
});

describe('StampStatisticsPage', () => {
  it('lists the stamped documents ten per page with the default currency CNY', async () => {
    const { queries } = renderPage();
    const rows = await screen.findAllByTestId('stamp-row');
    expect(rows).toHaveLength(2);
    expect(await within(rows[0]).findByText('Supplier contract · CSP2026-0001')).toBeTruthy();
    expect(within(rows[0]).getByText(stamp.row.party.replace('{{name}}', 'Acme Partners'))).toBeTruthy();
    expect(queries[0]).toMatchObject({ page: 1, itemsPerPage: STAMP_PAGE_SIZE, currency: 'CNY' });
    expect(screen.getByTestId('stamp-filter-description').textContent).toContain('CNY');
  });

  it('filters by requesters chosen in the user multi-select, an amount toggled to ≤ and a period', async () => {
    const { queries, user } = renderPage();
    await screen.findAllByTestId('stamp-row');
    await user.click(screen.getByRole('button', { name: stamp.change }));
    const sheet = await screen.findByRole('dialog', { name: stamp.filter.title });
    await user.click(within(sheet).getByRole('button', { name: stamp.filter.anyone }));
    const picker = await screen.findByRole('dialog', { name: stamp.filter.applicants });
    await user.click(await within(picker).findByRole('checkbox', { name: 'Emi Tanaka' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Li Wei' }));
    await user.click(within(picker).getByRole('button', { name: engineEn.widgets.addCount.replace('{{n}}', '2') }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: stamp.filter.applicants })).toBeNull());
    expect(within(sheet).getByRole('button', { name: 'Emi Tanaka, Li Wei' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: stamp.operators.lteLabel }));
    await user.type(within(sheet).getByRole('textbox', { name: stamp.filter.amount }), '500');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: stamp.filter.periodType }), 'contractDate');
    const [from, to] = [stamp.filter.from, stamp.filter.to].map((label) => within(sheet).getByLabelText(label));
    await user.type(from, '2026-01-01');
    await user.type(to, '2026-01-31');
    const before = queries.length;
    await user.click(within(sheet).getByRole('button', { name: stamp.search }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
    expect(queries.at(-1)).toMatchObject({
      page: 1, 'applicant.id': [7, 9], 'amount[lte]': 500, currency: 'CNY',
      'contractDate[after]': '2026-01-01', 'contractDate[before]': '2026-01-31',
    });
    expect(screen.getByTestId('stamp-filter-description').textContent).toContain('Emi Tanaka, Li Wei');
  });

  it('alerts the first problem and keeps the sheet open when half a period is given', async () => {
    const { log, user, queries } = renderPage();
    await screen.findAllByTestId('stamp-row');
    await user.click(screen.getByRole('button', { name: stamp.change }));
    const sheet = await screen.findByRole('dialog', { name: stamp.filter.title });
    await user.type(within(sheet).getByLabelText(stamp.filter.from), '2026-01-01');
    const before = queries.length;
    await user.click(within(sheet).getByRole('button', { name: stamp.search }));
    await waitFor(() => expect(log.alerts).toHaveLength(1));
    expect(log.alerts[0].message).toBe(stamp.problems.period);
    expect(screen.getByRole('dialog', { name: stamp.filter.title })).toBeTruthy();
    expect(queries.length).toBe(before);
  });

  it('says so when nothing matches', async () => {
    renderPage([]);
    expect(await screen.findByText(stamp.empty)).toBeTruthy();
  });
});
