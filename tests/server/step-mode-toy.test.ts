/**
 * One descriptor per step mode (issue #32): a toy mode registered here — and nowhere else — works
 * in the definition checker, in route resolution (the process card's answer), in filing's steps
 * and in the filing pipeline's "enough approvers" refusal, with no other edit. Pure: no database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsRequired, checkDefinitions, registerStepMode, resolveRoute, stepModes, type ResolvedStep } from '../../src/engine';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';
import { stepsToFile } from '../../server/workflow/filing/filed-steps';
import type { PreparedSubmission } from '../../server/workflow/filing/submission-pipeline';
import { toyFiles } from '../engine/toy-definitions';

/** 過半数: more than half of the approvers. */
const MAJORITY = { code: 'majority', required: (count: number | null) => (count === null ? 1 : Math.floor(count / 2) + 1), takesQuorum: false, collective: true, progressKey: 'allCount' };
let unregister: () => void;
beforeAll(() => { unregister = registerStepMode(MAJORITY); });
afterAll(() => unregister());

const names = { en: 'Board', ja: '役員会', zh: '董事会' };
const check = (patch: Record<string, unknown>) => {
  const files = toyFiles();
  Object.assign(files.processes!.toy.steps[0], patch);
  return checkDefinitions(files, { widgetNames: WIDGET_NAMES, positions: ['head'] }).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
};

describe('a toy step mode', () => {
  it('is offered with the built-in ones and refused twice', () => {
    expect(stepModes().map((m) => m.code)).toEqual(['any', 'all', 'quorum', 'majority']);
    expect(() => registerStepMode(MAJORITY)).toThrow(/already registered/);
  });

  it('passes the checker, which keeps refusing unknown modes and a quorum it does not take', () => {
    expect(check({ approvers: [{ role: 'legal' }], mode: 'majority' })).toEqual([]);
    expect(check({ approvers: [{ role: 'legal' }], mode: 'mostly' }).join('\n')).toContain('unknown step mode "mostly" (known: any, all, quorum, majority)');
    expect(check({ approvers: [{ role: 'legal' }], mode: 'majority', quorum: 2 }).join('\n')).toContain('quorum applies only with a mode that takes one');
    expect(check({ approvers: [{ role: 'legal' }], mode: 'majority', anyOf: false }).join('\n')).toContain('anyOf false means exactly one approver');
  });

  it('resolves: three approvers need two', () => {
    const organisation = {
      departments: [{ id: 10, company_id: 1, parent_id: null }],
      posts: [],
      users: [6, 7, 8].map((id) => ({ id, email: `u${id}@x.test`, company_id: 1, department_id: 10, roles: ['legal' as const] })),
    };
    const [board] = resolveRoute({
      steps: [{ code: 'p-board', names, approvers: [{ role: 'legal' }], mode: 'majority' }],
      data: {}, requester: { id: 1, company_id: 1, department_id: 10 }, companyId: 1, organisation,
    });
    expect(board).toMatchObject({ mode: 'majority', approvers: [6, 7, 8], required: 2, quorum: null, blocked: null });
  });

  it('files its steps with the approvals they need, as resolution said', () => {
    const step = (approvers: number[], by: 'rule' | 'choice'): ResolvedStep => ({
      id: 41, code: 'p-board', names, mode: 'majority', quorum: null, optional: false, circulation: false, skipped: null, blocked: null,
      by, editable: false, approvers, required: approvalsRequired('majority', approvers.length, null),
    });
    const prepared = (route: ResolvedStep[], approvals: unknown[] = []): PreparedSubmission =>
      ({ data: { approvals }, steps: [], bypass: false, urgent: false, companyId: 1, requesterCompanyId: 1, route });
    expect(stepsToFile(prepared([step([6, 7, 8, 9], 'rule')]))).toEqual([{ stepId: 41, approvers: [6, 7, 8, 9], mode: 'majority', required: 3, skipped: null, named: false }]);
    const chosen = [6, 7, 8, 9, 10].map((approver_id) => ({ approver_id, master_process_id: 41 }));
    expect(stepsToFile(prepared([step([], 'choice')], chosen))[0]).toMatchObject({ approvers: [6, 7, 8, 9, 10], required: 3, named: true });
  });
});
