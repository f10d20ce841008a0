/**
 * Budgets as definition data (issue #36 item 4): `budgetLines` reads the lines a definition names;
 * a route condition may read `budget.over` / `budget.remaining` (the checker knows them, an unknown
 * `budget.*` name is refused), and the resolver adds the step only when the server's values say so.
 */
import { describe, expect, it } from 'vitest';
import { budgetLines, checkDefinitions, resolveRoute, routeFields, type ProcessStepDefinition } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const names = { en: 'Step', ja: 'ステップ', zh: '步骤' };

describe('budgetLines', () => {
  const budget = { department: 'department_id', lines: 'items[].contents[]', expenseAccount: 'account_id', amount: 'amount', over: 'warn' as const };
  it('adds up the lines per expense account and skips lines without an account or a positive amount', () => {
    const data = { department_id: 4, items: [{ contents: [{ account_id: 1, amount: 100 }, { account_id: 2, amount: 50.5 }] }, { contents: [{ account_id: 1, amount: 20 }, { account_id: null, amount: 9 }, { account_id: 3, amount: 0 }] }] };
    expect(budgetLines(budget, data)).toEqual([{ department_id: 4, expense_account_id: 1, amount: 120 }, { department_id: 4, expense_account_id: 2, amount: 50.5 }]);
  });
  it('asks nothing without a department or a budget definition; a document without lines is one line', () => {
    expect(budgetLines(budget, { items: [{ contents: [{ account_id: 1, amount: 100 }] }] })).toEqual([]);
    expect(budgetLines(undefined, { department_id: 4 })).toEqual([]);
    expect(budgetLines({ ...budget, lines: undefined }, { department_id: 4, account_id: 7, amount: 30 })).toEqual([{ department_id: 4, expense_account_id: 7, amount: 30 }]);
  });
});

describe('budget route values', () => {
  const overStep: ProcessStepDefinition = { code: 'p-over', names, when: { '==': [{ var: 'budget.over' }, true] } };
  const input = (values: Record<string, unknown>) => ({
    steps: [{ code: 'p-any', names }, overStep], data: {}, requester: { id: 1, company_id: 1, department_id: 11 }, companyId: 1,
    organisation: { departments: [], posts: [], users: [] }, values,
  });
  it('adds the extra step only when the document is over budget', () => {
    expect(resolveRoute(input({ budget: { over: true, remaining: -5 } })).map((s) => s.code)).toEqual(['p-any', 'p-over']);
    expect(resolveRoute(input({ budget: { over: false, remaining: 5 } })).map((s) => s.code)).toEqual(['p-any']);
  });
  it('the checker accepts budget.over and budget.remaining and refuses another budget name', () => {
    const check = (when: unknown) => {
      const files = toyFiles();
      Object.assign(files.processes!.toy.steps[0], { when });
      return checkDefinitions(files, { widgetNames: registryNames, positions: [] }).map((p) => p.message);
    };
    expect(check({ '==': [{ var: 'budget.over' }, true] })).toEqual([]);
    expect(check({ '<': [{ var: 'budget.remaining' }, 0] })).toEqual([]);
    expect(check({ '<': [{ var: 'budget.left' }, 0] })).toEqual([expect.stringContaining('unknown field "budget.left"')]);
  });
  it('a route reading the budget is asked again when any field changes, without a "budget" field', () => {
    const fields = routeFields([overStep], undefined, ['total', 'items']);
    expect(fields).toEqual(expect.arrayContaining(['total', 'items']));
    expect(fields).not.toContain('budget');
  });
});
