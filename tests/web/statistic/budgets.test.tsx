/**
 * Statistic → Budget vs actual (issue #36 item 4) over a fake network: finance sees the company's
 * budgets of the current fiscal year per department and expense account — budget, consumed,
 * reserved, remaining, a bar each, an overrun marked — and the total; choosing another fiscal year
 * asks for it and shows its empty state; a refused or failed load shows the server's message with
 * Retry, which asks again.
 */
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type SentRequest } from '../app/harness';
import { texts } from '../app/locale';
import statistic from '../../../locales/en/statistic.json';

const words = statistic.budgets;
configure({ asyncUtilTimeout: 15_000 });
const fill = (template: string, values: Record<string, string | number>) => template.replace(/{{(\w+)}}/g, (_, key: string) => String(values[key]));
const standing = (amount: number, consumed: number, reserved: number) => ({ amount, consumed, reserved, remaining: amount - consumed - reserved });
const account = (budget_id: number, expense_account_id: number, expense_account_name: string, s: ReturnType<typeof standing>) => ({ budget_id, expense_account_id, expense_account_name, ...s });

const SUMMARY = {
  company_id: 1, fiscal_year: 2026,
  departments: [
    { department_id: 2, department_name: 'Sales', ...standing(15_000, 9000, 7000), accounts: [account(1, 7, 'Rent', standing(10_000, 6000, 5000)), account(2, 8, 'Travel', standing(5000, 3000, 2000))] },
  ],
  total: standing(15_000, 9000, 7000),
};

async function open(summary: (request: SentRequest) => { status: number; data: unknown }) {
  const app = await renderApp({
    token: 'token', path: '/', language: 'en',
    routes: {
      ...signedIn({ is_finance: true }),
      'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
      'GET /budgets/summary': summary,
    },
  });
  await app.user.click(await screen.findByRole('tab', { name: texts.en.statistic.title }));
  await app.user.click(await screen.findByRole('button', { name: texts.en.statistic.budgets }));
  return { app, page: await screen.findByTestId('budgets-summary') };
}

const figure = (within_: HTMLElement, key: string) => within_.querySelector(`[data-figure="${key}"]`)?.textContent;

describe('budget vs actual screen', () => {
  it('shows each department and expense account with budget, consumed, reserved, remaining and a bar; another year asks for it', async () => {
    const { app, page } = await open((request) => {
      const year = (request.params as { fiscal_year?: number }).fiscal_year;
      return year === undefined || year === 2026 ? { status: 200, data: SUMMARY } : { status: 200, data: { company_id: 1, fiscal_year: year, departments: [], total: standing(0, 0, 0) } };
    });
    const department = await within(page).findByRole('region', { name: 'Sales' });
    expect(app.calls('GET /budgets/summary')[0].params).toEqual({ company_id: 1 });
    const rows = within(department).getAllByTestId('budgets-account');
    expect(rows.map((r) => r.textContent?.startsWith('Rent') || r.textContent?.startsWith('Travel'))).toEqual([true, true]);
    expect([figure(rows[0], 'amount'), figure(rows[0], 'consumed'), figure(rows[0], 'reserved'), figure(rows[0], 'remaining')]).toEqual(['10,000', '6,000', '5,000', '-1,000']);
    expect(within(rows[0]).getByRole('img').getAttribute('aria-label')).toBe(fill(words.barOver, { name: 'Sales / Rent', consumed: '6,000', reserved: '5,000', amount: '10,000', over: '1,000' }));
    expect(within(rows[1]).getByRole('img').getAttribute('aria-label')).toBe(fill(words.bar, { name: 'Sales / Travel', consumed: '3,000', reserved: '2,000', amount: '5,000' }));
    // The bar's parts are the shares of the budget consumed and reserved (over budget: of the whole held).
    const parts = (row: HTMLElement) => [...row.querySelectorAll('[data-part]')].map((p) => (p as HTMLElement).style.width);
    expect(parts(rows[1])).toEqual(['60%', '40%']);
    expect(figure(department, 'amount')).toBe('15,000');
    const total = within(page).getByTestId('budgets-total');
    expect(total.textContent).toContain(fill(words.total, { year: 2026 }));
    expect(figure(total, 'remaining')).toBe('-1,000');

    const year = within(page).getByRole('combobox', { name: words.fiscalYear }) as HTMLSelectElement;
    expect(year.value).toBe('2026');
    await app.user.selectOptions(year, fill(words.year, { year: 2025 }));
    expect(await within(page).findByTestId('budgets-empty')).toHaveProperty('textContent', fill(words.empty, { year: 2025 }));
    expect(app.calls('GET /budgets/summary').at(-1)?.params).toEqual({ company_id: 1, fiscal_year: 2025 });
    expect(within(page).queryByRole('region', { name: 'Sales' })).toBeNull();
  });

  it('shows a refusal\'s message with Retry, which asks again', async () => {
    let refuse = true;
    const { app, page } = await open(() => (refuse
      ? { status: 403, data: { code: 'FORBIDDEN', message: 'Only the company\'s finance staff may read its budgets.' } }
      : { status: 200, data: SUMMARY }));
    const error = await within(page).findByTestId('budgets-error');
    expect(error.textContent).toContain('Only the company\'s finance staff may read its budgets.');
    refuse = false;
    await app.user.click(within(error).getByRole('button', { name: words.retry }));
    await waitFor(() => expect(within(page).getByRole('region', { name: 'Sales' })).toBeTruthy());
    expect(within(page).queryByTestId('budgets-error')).toBeNull();
  });
});
