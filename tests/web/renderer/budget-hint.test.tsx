import { describe, expect, test } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import type { BudgetCheckBody, BudgetCheckView } from '../../../src/wire/budgets';
import en from '../../../locales/en/engine.json';
import { renderWithHost } from '../test-host';
import { fieldModule } from './field-module';

const budget = en.renderer.budget;
configure({ asyncUtilTimeout: 15_000 });
const currencies = [{ id: 1, code: 'CNY' }];
const fill = (template: string, values: Record<string, string | number>) => template.replace(/{{(\w+)}}/g, (_, key: string) => String(values[key]));

/** A form asking one budget: its department and expense account set, the amount typed; over budget as `over` says. */
const budgetModule = (over: 'warn' | 'refuse' | 'route') => fieldModule(
  {
    currency_id: { type: ['integer', 'null'], enum: [1, null], default: null },
    department_id: { type: ['integer', 'null'], default: null },
    expense_account_id: { type: ['integer', 'null'], default: null },
    amount: { type: ['number', 'null'], default: null },
  },
  { currency_id: { 'ui:widget': 'select' }, department_id: { 'ui:widget': 'hidden' }, expense_account_id: { 'ui:widget': 'hidden' }, amount: { 'ui:widget': 'money' } },
  { currency_id: { label: 'Currency', options: { '1': 'CNY' } }, department_id: { label: 'Department' }, expense_account_id: { label: 'Account' }, amount: { label: 'Amount' } },
  { budget: { department: 'department_id', expenseAccount: 'expense_account_id', amount: 'amount', over } },
);

/**
 * The form's budget hint (issue #36 item 4): as the requester types the amount, the form asks
 * `POST /budgets/check` with the form's data and shows what would remain; over budget it says so
 * in the words of the definition's policy (refused, an extra approval, or a warning). The test
 * host answers the check as a budget of 10,000 with 2,000 held by other documents would.
 */
function renderHint(over: 'warn' | 'refuse' | 'route') {
  const module = budgetModule(over);
  const view = renderWithHost(
    <ModuleForm module={module} initialData={{ currency_id: 1, department_id: 10, expense_account_id: 7 }} context={{ currencies, steps: [] }} onSubmit={async () => ({})} />,
  );
  const checks: BudgetCheckBody[] = [];
  view.host.api.post = async <T,>(path: string, body?: unknown): Promise<T> => {
    expect(path).toBe('/budgets/check');
    const asked = body as BudgetCheckBody;
    checks.push(asked);
    const requested = Number(asked.data.amount);
    const answer: BudgetCheckView = {
      policy: over, fiscal_year: 2026, over: 8000 - requested < 0, remaining: 8000 - requested,
      budgets: [{ id: 1, department_name: 'Sales', expense_account_name: 'Rent', amount: 10_000, reserved: 2000, consumed: 0, remaining: 8000, requested, remaining_after: 8000 - requested }],
    };
    return answer as T;
  };
  return { ...view, checks, module };
}

const hint = () => document.querySelector('[data-budget-hint]') as HTMLElement | null;

describe('budget hint: what remains as you type', () => {
  test('shows nothing before an amount, then what will remain, then over budget with the route\'s extra approval', async () => {
    const { user, checks, module } = renderHint('route');
    expect(await screen.findByLabelText('Amount')).toBeTruthy();
    expect(hint()).toBeNull();
    expect(checks).toHaveLength(0);

    await user.type(screen.getByLabelText('Amount'), '3000');
    // (Asked again as the typing settles: the hint ends on the whole amount.)
    await waitFor(() => expect(hint()?.textContent).toContain(fill(budget.line, { remaining: '8,000', amount: '10,000', requested: '3,000', after: '5,000' })));
    expect(hint()!.textContent).toContain(fill(budget.title, { year: 2026 }));
    expect(checks.at(-1)).toMatchObject({ module_code: module.code, data: { department_id: 10, expense_account_id: 7, amount: 3000 } });

    await user.type(screen.getByLabelText('Amount'), '0');
    await waitFor(() => expect(hint()?.textContent).toContain(fill(budget.lineOver, { remaining: '8,000', amount: '10,000', requested: '30,000', after: '22,000' })));
    expect(hint()!.textContent).toContain(fill(budget.overRoute, { year: 2026 }));
    expect(within(hint()!).getByRole('listitem').textContent).toContain('Sales / Rent');
    expect(checks.at(-1)?.data.amount).toBe(30_000);
  });

  test('says over budget in the words of the definition: refused, or a warning', async () => {
    for (const [over, title] of [['refuse', budget.overRefused], ['warn', budget.over]] as const) {
      const view = renderHint(over);
      await view.user.type(await screen.findByLabelText('Amount'), '9000');
      await waitFor(() => expect(hint()?.textContent).toContain(fill(budget.lineOver, { remaining: '8,000', amount: '10,000', requested: '9,000', after: '1,000' })));
      expect(hint()!.textContent).toContain(fill(title, { year: 2026 }));
      view.unmount();
    }
  });
});
