import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationContext, type Navigation } from '../../../src/app/navigation/navigation-context';
import type { PageStack } from '../../../src/app/navigation/page-stack';
import { CompanyBankAccounts } from '../../../src/app/pages/statistic/finance-accounts/BankAccountsPage';
import { CompanyExpenseAccounts } from '../../../src/app/pages/statistic/finance-accounts/ExpenseAccountsPage';
import type { BankAccountRow, ExpenseAccountRow } from '../../../src/app/pages/statistic/finance-accounts/account-modules';
import en from '../../../locales/en/statistic.json';
import enEngine from '../../../locales/en/engine.json';
import type { CompiledModule } from '../../../src/engine';
import { definitions } from '../application/application-harness';
import { createTestHost } from '../test-host';

const company = { id: 1, code: 'RH', name: 'Ringi Holdings', initial_name: 'RH', is_group: true, colleague_count: 8, count_company_bank_accounts: 2 };
const bankCompany = { id: 1, name: 'Ringi Holdings', code: 'RH' };
const banks: BankAccountRow[] = [
  { id: 11, company_id: 1, bank_name: 'MUFG Bank', branch: 'Marunouchi', number: '1234567', type: 'ordinary', company: bankCompany },
  { id: 12, company_id: 1, bank_name: 'Mizuho Bank', branch: 'Fukuoka', number: '2345678', type: 'current', company: bankCompany },
];
const expense = (id: number, use: 'reimbursement' | 'payment', name: string): ExpenseAccountRow => ({
  id, code: `EA0000${id}`, name, name_jp: name, name_zh: name, label: name, company_id: 1, module_type: use, is_transportation: id === 21,
});
/** The modules with expense accounts, from the real definitions, in launcher order (one tab each). */
const expenseModules = async () => Object.values(await definitions()).filter((m) => m.kind === 'module' && m.meta.expenseAccounts)
  .sort((a, b) => (a.meta.launcher?.order ?? 999) - (b.meta.launcher?.order ?? 999) || a.code.localeCompare(b.code));
const modules: unknown[] = [
  { code: 'company-bank-account', kind: 'module', meta: { entity: { kind: 'company-bank-account', operations: ['create', 'edit', 'delete'] } } },
  { code: 'expense-account', kind: 'module', meta: { entity: { kind: 'expense-account', operations: ['create', 'edit', 'delete'] } } },
];
const expenses = [expense(21, 'reimbursement', 'Taxi'), expense(22, 'payment', 'Cloud services')];

/**
 * A screen in a test host whose account lists answer from the fixed rows (filtered by the query
 * the screen sends) and whose page stack records each push and answers it with `filed`.
 */
function renderScreen(ui: ReactNode, filed: unknown = true, served: unknown[] = modules) {
  const testHost = createTestHost();
  const queries: Array<{ path: string; params: Record<string, unknown> }> = [];
  testHost.host.api.get = async <T,>(path: string, params: Record<string, unknown> = {}): Promise<T> => {
    queries.push({ path, params });
    const page = <R,>(rows: R[]) => ({ 'hydra:member': params.page === 1 ? rows : [], 'hydra:totalItems': rows.length }) as T;
    if (path.startsWith('/company_bank_accounts_list/')) {
      return page(banks.filter((b) => !params.bankName || b.bank_name.toLowerCase().includes(String(params.bankName).toLowerCase())));
    }
    if (path === '/expense_accounts') return page(expenses.filter((e) => e.module_type === params.moduleCode));
    // The served definitions: the screens find their module by entity kind.
    if (path === '/module-definitions') return { 'hydra:member': served } as T;
    throw new Error(`no route ${path}`);
  };
  const pushes: Array<{ title: unknown; params: unknown }> = [];
  const stack = {
    push: async (spec: { title: unknown; params?: unknown }) => { pushes.push({ title: spec.title, params: spec.params }); return filed; },
  } as unknown as PageStack;
  const navigation = { stack, tab: 'statistic', selectTab: () => undefined } as unknown as Navigation;
  const user = userEvent.setup();
  render(<NavigationContext.Provider value={navigation}>{ui}</NavigationContext.Provider>, { wrapper: testHost.Wrapper });
  return { ...testHost, queries, pushes, user };
}

describe('company bank accounts screen', () => {
  it('lists the company\'s accounts ten per page with bank - branch and the translated type', async () => {
    const { queries } = renderScreen(<CompanyBankAccounts company={company} />);
    const list = await screen.findByRole('list', { name: en.accounts.bankAccounts });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('MUFG Bank - Marunouchi')).toBeTruthy();
    expect(within(list).getByText(`${enEngine.codes.bankAccountType.current} · 2345678`)).toBeTruthy();
    expect(queries[0]).toMatchObject({ path: '/company_bank_accounts_list/1', params: { page: 1, itemsPerPage: 10 } });
  });

  it('searches by bank name', async () => {
    const { user, queries } = renderScreen(<CompanyBankAccounts company={company} />);
    const list = await screen.findByRole('list', { name: en.accounts.bankAccounts });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.type(screen.getByRole('searchbox'), 'mizu');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(queries.at(-1)?.params).toMatchObject({ bankName: 'mizu', page: 1 });
  });

  it('files add, edit and delete through the bank account module, prefilled, then toasts 1.5 s and reloads', async () => {
    const { user, pushes, log, queries } = renderScreen(<CompanyBankAccounts company={company} />);
    const list = await screen.findByRole('list', { name: en.accounts.bankAccounts });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: en.accounts.add }));
    const [first] = within(list).getAllByRole('listitem');
    await user.click(within(first).getByRole('button', { name: en.accounts.edit }));
    await user.click(within(first).getByRole('button', { name: en.accounts.delete }));
    expect(pushes.map((p) => p.params)).toEqual([
      { moduleCode: 'company-bank-account', operation: 'create', targetId: undefined, initialData: { company_id: 1 } },
      { moduleCode: 'company-bank-account', operation: 'edit', targetId: 11, initialData: { company_id: 1, bank_name: 'MUFG Bank', branch: 'Marunouchi', number: '1234567', type: 'ordinary' } },
      { moduleCode: 'company-bank-account', operation: 'delete', targetId: 11, initialData: { company_id: 1, bank_name: 'MUFG Bank', branch: 'Marunouchi', number: '1234567', type: 'ordinary' } },
    ]);
    expect(log.toasts).toEqual(Array(3).fill({ message: en.accounts.filed, intent: 'success' }));
    await waitFor(() => expect(queries.filter((q) => q.params.page === 1).length).toBeGreaterThan(1));
  });

  it('a form left without filing changes nothing and says nothing', async () => {
    const { user, log } = renderScreen(<CompanyBankAccounts company={company} />, null);
    await screen.findByRole('list', { name: en.accounts.bankAccounts });
    await user.click(screen.getByRole('button', { name: en.accounts.add }));
    expect(log.toasts).toEqual([]);
  });
});

describe('expense accounts screen', () => {
  it('has a tab per module with expense accounts (Reimbursement and Payment, 100 per page); Add files the account for the open tab', async () => {
    const uses = await expenseModules();
    expect(uses.length).toBeGreaterThan(1);
    const [first, second] = uses;
    const { user, pushes, queries } = renderScreen(<CompanyExpenseAccounts company={company} />, true, [...modules, ...uses]);
    const title = (m: CompiledModule) => (m.translations.en as { title: string }).title;
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(uses.length));
    expect(uses.map((m) => screen.getByRole('tab', { name: title(m) }))).toEqual(screen.getAllByRole('tab'));
    let list = await screen.findByRole('list', { name: en.accounts.expenseAccounts });
    await waitFor(() => expect(queries.find((q) => q.path === '/expense_accounts')?.params).toMatchObject({ companyId: 1, moduleCode: first.code, itemsPerPage: 100 }));
    const firstRow = expenses.find((e) => e.module_type === first.code)!;
    const secondRow = expenses.find((e) => e.module_type === second.code)!;
    await waitFor(() => expect(within(list).getByText(firstRow.name)).toBeTruthy());
    if (firstRow.is_transportation) expect(within(list).getByText(en.accounts.transportation)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: title(second) }));
    list = await screen.findByRole('list', { name: en.accounts.expenseAccounts });
    await waitFor(() => expect(within(list).getByText(secondRow.name)).toBeTruthy());
    expect(within(list).queryByText(firstRow.name)).toBeNull();
    await user.click(screen.getByRole('button', { name: en.accounts.add }));
    expect(pushes.at(-1)?.params).toEqual({ moduleCode: 'expense-account', operation: 'create', targetId: undefined, initialData: { company_id: 1, module_type: second.code } });
  });
});
