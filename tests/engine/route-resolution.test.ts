/**
 * Routes as data: `resolveRoute` (conditions, resolvers, modes, skips) over a small organisation,
 * and what the checker refuses in a route (unknown field in a condition, unknown position or
 * role, contradictory step options). The per-module matrix over the real definitions is in
 * tests/server/route-matrix.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkDefinitions, resolveRoute, type OrganisationSnapshot, type ProcessStepDefinition, type RouteInput } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const names = { en: 'Step', ja: 'ステップ', zh: '步骤' };
// Company 1: division 10 (director 5) above department 11 (head 2, members 1, 3); legal 6, finance 7.
const org: OrganisationSnapshot = {
  departments: [{ id: 10, company_id: 1, parent_id: null }, { id: 11, company_id: 1, parent_id: 10 }, { id: 12, company_id: 1, parent_id: 10 }],
  posts: [{ user_id: 2, department_id: 11, position: 'head' }, { user_id: 5, department_id: 10, position: 'director' }, { user_id: 8, department_id: 12, position: 'head' }],
  users: [
    { id: 1, email: 'emp@x.test', company_id: 1, department_id: 11, roles: [] },
    { id: 2, email: 'head@x.test', company_id: 1, department_id: 11, roles: [] },
    { id: 3, email: 'mate@x.test', company_id: 1, department_id: 11, roles: [] },
    { id: 5, email: 'dir@x.test', company_id: 2, department_id: null, roles: [] },
    { id: 6, email: 'legal@x.test', company_id: 1, department_id: 10, roles: ['legal'] },
    { id: 7, email: 'fin@x.test', company_id: 1, department_id: 10, roles: ['finance'] },
    { id: 8, email: 'head12@x.test', company_id: 1, department_id: 12, roles: [] },
  ],
};
const input = (steps: ProcessStepDefinition[], over: Partial<RouteInput> = {}): RouteInput => ({
  steps, data: {}, requester: { id: 1, company_id: 1, department_id: 11 }, companyId: 1, organisation: org, ...over,
});
const step = (code: string, more: Partial<ProcessStepDefinition> = {}): ProcessStepDefinition => ({ code, names, ...more });

describe('resolveRoute', () => {
  it('resolves a position relative to the requester, walking up to the department above', () => {
    const [head, director] = resolveRoute(input([
      step('p-head', { approvers: [{ position: 'head', of: 'requester' }] }),
      step('p-dir', { approvers: [{ position: 'director', of: 'requester' }] }),
    ]));
    expect(head).toMatchObject({ code: 'p-head', by: 'rule', approvers: [2], mode: 'any', required: 1, skipped: null, blocked: null });
    expect(director.approvers).toEqual([5]);
  });

  it('a concurrent post (兼務): the form department, when one of the requester\'s own, decides', () => {
    const [head] = resolveRoute(input([step('p-head', { approvers: [{ position: 'head', of: 'requester' }] })], {
      requester: { id: 1, company_id: 1, department_id: 11, other_department_ids: [12] }, data: { department_id: 12 },
    }));
    expect(head.approvers).toEqual([8]);
    const [notOwn] = resolveRoute(input([step('p-head', { approvers: [{ position: 'head', of: 'requester' }] })], { data: { department_id: 12 } }));
    expect(notOwn.approvers).toEqual([2]);
  });

  it('resolves roles and positions in the document\'s company, named users and colleagues', () => {
    const steps = resolveRoute(input([
      step('p-all', { approvers: [{ role: 'legal' }, { role: 'finance' }], mode: 'all' }),
      step('p-named', { approvers: [{ users: ['FIN@x.test', 'nobody@x.test'] }] }),
      step('p-co', { approvers: [{ position: 'head', of: 'company' }] }),
      step('p-circ', { approvers: [{ colleagues: true }], circulation: true }),
    ]));
    expect(steps.map((s) => [s.code, s.approvers, s.required])).toEqual([['p-all', [6, 7], 2], ['p-named', [7], 1], ['p-co', [2, 8], 1], ['p-circ', [2, 3], 1]]);
    expect(steps[3].circulation).toBe(true);
  });

  it('conditions over the form data decide which steps apply (currency by id via the context)', () => {
    const big = step('p-dir', { when: { or: [
      { and: [{ '==': [{ currency_code: [{ var: 'currency_id' }] }, 'CNY'] }, { '>=': [{ var: 'total' }, 100000] }] },
      { and: [{ '==': [{ currency_code: [{ var: 'currency_id' }] }, 'JPY'] }, { '>=': [{ var: 'total' }, 2000000] }] },
    ] }, approvers: [{ position: 'director', of: 'requester' }] });
    const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];
    const codes = (data: Record<string, unknown>) => resolveRoute(input([step('p-head'), big], { data, currencies })).map((s) => s.code);
    expect(codes({ currency_id: 1, total: 99999.99 })).toEqual(['p-head']);
    expect(codes({ currency_id: 1, total: 100000 })).toEqual(['p-head', 'p-dir']);
    expect(codes({ currency_id: 2, total: 100000 })).toEqual(['p-head']);
    expect(codes({ currency_id: 2, total: 2000000 })).toEqual(['p-head', 'p-dir']);
  });

  it('a condition that cannot be evaluated applies the step (fails towards more approval)', () => {
    expect(resolveRoute(input([step('p-x', { when: { no_such_op: [1] } })])).map((s) => s.code)).toEqual(['p-x']);
  });

  it('nobody approves their own document: the requester is removed; skipped or blocked as the definition says', () => {
    const asHead = { requester: { id: 2, company_id: 1, department_id: 11 } };
    const [blocked] = resolveRoute(input([step('p-head', { approvers: [{ position: 'head', of: 'requester' }] })], asHead));
    expect(blocked).toMatchObject({ approvers: [], blocked: 'requester', skipped: null });
    const [skipped] = resolveRoute(input([step('p-head', { approvers: [{ position: 'head', of: 'requester' }], skip: { requester: true } })], asHead));
    expect(skipped).toMatchObject({ approvers: [], skipped: 'requester', blocked: null });
    const [vacant] = resolveRoute(input([step('p-x', { approvers: [{ position: 'ceo', of: 'company' }] })]));
    expect(vacant.blocked).toBe('vacant');
    const [optional] = resolveRoute(input([step('p-x', { approvers: [{ position: 'ceo', of: 'company' }], optional: true })]));
    expect(optional.skipped).toBe('vacant');
    const [skipVacant] = resolveRoute(input([step('p-x', { approvers: [{ position: 'ceo', of: 'company' }], skip: { vacant: true } })]));
    expect(skipVacant.skipped).toBe('vacant');
  });

  it('quorum: fewer approvers than the quorum is vacant; choice steps keep the requester\'s pick', () => {
    const [q] = resolveRoute(input([step('p-q', { approvers: [{ role: 'legal' }], mode: 'quorum', quorum: 2 })]));
    expect(q).toMatchObject({ required: 2, quorum: 2, blocked: 'vacant' });
    const [choice] = resolveRoute(input([step('p-c', { roles: ['legal'] })], { stepIds: { 'p-c': 42 } }));
    expect(choice).toMatchObject({ id: 42, by: 'choice', editable: true, approvers: [], required: 1 });
  });
});

describe('checkDefinitions on routes', () => {
  const check = (stepPatch: Record<string, unknown>, positions: string[] = ['head', 'director']) => {
    const files = toyFiles();
    Object.assign(files.processes!.toy.steps[0], stepPatch);
    return checkDefinitions(files, { widgetNames: registryNames, positions }).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
  };

  it('accepts a full route step', () => {
    expect(check({ when: { '>=': [{ var: 'total' }, 5] }, approvers: [{ position: 'head', of: 'requester' }, { role: 'legal' }], mode: 'all', skip: { requester: true }, reminder: { afterDays: 2, escalateAfterDays: 4, escalateTo: 'manager' } })).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown field in a condition', { when: { '>=': [{ var: 'totl' }, 5] } }, 'processes/toy.json#/steps/0/when: unknown field "totl" in the condition (closest valid names: total'],
    ['an unknown operation in a condition', { when: { sums: [1] } }, 'processes/toy.json#/steps/0/when: unknown operation "sums"'],
    ['an unknown position', { approvers: [{ position: 'directer', of: 'requester' }] }, 'processes/toy.json#/steps/0/approvers/0/position: unknown position "directer" (closest valid names: director'],
    ['an unknown role', { approvers: [{ role: 'lawyer' }] }, 'processes/toy.json#/steps/0/approvers/0/role: unknown role "lawyer"'],
    ['a bad "of"', { approvers: [{ position: 'head', of: 'boss' }] }, 'processes/toy.json#/steps/0/approvers/0/of: "of" must be "requester"'],
    ['two kinds in one rule', { approvers: [{ role: 'legal', users: ['a@b.c'] }] }, 'processes/toy.json#/steps/0/approvers/0: an approver rule names exactly one of position, role, users, colleagues (found role, users)'],
    ['an unknown key in a rule', { approvers: [{ role: 'legal', rank: 1 }] }, 'processes/toy.json#/steps/0/approvers/0/rank: unknown key "rank" in an approver rule'],
    ['quorum without the mode', { approvers: [{ role: 'legal' }], quorum: 2 }, 'processes/toy.json#/steps/0/quorum: quorum applies only with a mode that takes one ("quorum")'],
    ['mode quorum without quorum', { approvers: [{ role: 'legal' }], mode: 'quorum' }, 'processes/toy.json#/steps/0/mode: mode "quorum" needs "quorum"'],
    ['skip without approvers', { skip: { vacant: true } }, 'processes/toy.json#/steps/0/skip: skip applies to resolved approvers'],
    ['a circulation-only route', { approvers: [{ colleagues: true }], circulation: true }, 'processes/toy.json#/steps: every step is a circulation step'],
    ['an unknown step key', { approver: [] }, 'processes/toy.json#/steps/0: must NOT have additional properties ("approver")'],
    ['an unknown mode', { mode: 'most' }, 'processes/toy.json#/steps/0/mode: unknown step mode "most" (known: any, all, quorum)'],
  ])('refuses %s', (_name, patch, message) => {
    expect(check(patch).join('\n')).toContain(message);
  });
});
