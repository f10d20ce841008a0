import { describe, expect, it } from 'vitest';
import type { DocumentState, StepState } from '../../server/workflow/core/document-state';
import {
  permissionsOf, refuseApproverStepBack, refuseEdit, refuseRequesterStepBack, refuseStepAction, refuseWithdraw,
} from '../../server/workflow/core/transitions';

// The pure transition rules, as a table: users 1 requester, 2 and 3 candidates of step 10, 4 of step 20 (treasury).
const REQUESTER = 1;
const step = (id: number, position: number, status: number, active: boolean, candidates: number[], process_code = 'p-manager'): StepState =>
  ({ id, position, status, active, approver_id: status ? candidates[0] : null, process_code, names: { en: process_code, ja: process_code, zh: process_code }, candidates, required: 1, decided: [], deciders: [], deputies: [] });
const doc = (status: number, steps: StepState[]): DocumentState =>
  ({ id: 1, code: 'D-1', module_code: 'payment', status, requester_id: REQUESTER, company_id: null, data: {}, bypass: false, urgent: false, user_finances: [], steps, voided: [], version: '1' });

const atFirst = doc(0, [step(10, 1, 0, true, [2, 3]), step(20, 2, 0, false, [4], 'p-treasury')]);
const atSecond = doc(0, [step(10, 1, 1, false, [2, 3]), step(20, 2, 0, true, [4], 'p-treasury')]);
const completed = doc(2, [step(10, 1, 1, false, [2, 3]), step(20, 2, 1, false, [4], 'p-treasury')]);
const rejected = doc(3, [step(10, 1, 2, false, [2, 3]), step(20, 2, 0, false, [4], 'p-treasury')]);
const withdrawn = doc(10, [step(10, 1, 0, false, [2, 3]), step(20, 2, 0, false, [4], 'p-treasury')]);

const code = (refusal: { status: number; key: string } | null) => (refusal ? `${refusal.status} ${refusal.key.split('.').at(-1)}` : 'ok');

describe('approver actions on a step (approve, reject, treasury)', () => {
  it.each([
    ['candidate on the active step', atFirst, 10, 2, 'ok'],
    ['other candidate of the same step', atFirst, 10, 3, 'ok'],
    ['candidate of a later step', atFirst, 20, 4, '409 stepNotActive'],
    ['non-candidate on the active step', atFirst, 10, 4, '403 notCandidate'],
    ['requester on the active step', atFirst, 10, REQUESTER, '403 notCandidate'],
    ['candidate on a done step', atSecond, 10, 2, '409 stepNotActive'],
    ['candidate of the treasury step when active', atSecond, 20, 4, 'ok'],
    ['any candidate on a completed document', completed, 20, 4, '409 notOnProcess'],
    ['any candidate on a rejected document', rejected, 20, 4, '409 notOnProcess'],
    ['any candidate on a withdrawn document', withdrawn, 10, 2, '409 notOnProcess'],
    ['unknown step', atFirst, 99, 2, '403 notCandidate'],
  ])('%s', (_name, state, stepId, user, expected) => {
    expect(code(refuseStepAction(state, stepId, user))).toBe(expected);
  });
});

describe('step back and withdraw', () => {
  it.each([
    ['approver step back on the first step', code(refuseApproverStepBack(atFirst, 10, 2)), '409 approverFirstStep'],
    ['approver step back on the second step', code(refuseApproverStepBack(atSecond, 20, 4)), 'ok'],
    ['approver step back by a done step\'s candidate', code(refuseApproverStepBack(atSecond, 20, 2)), '403 notCandidate'],
    ['requester step back on the first step', code(refuseRequesterStepBack(atFirst, REQUESTER)), '409 requesterFirstStep'],
    ['requester step back on the second step', code(refuseRequesterStepBack(atSecond, REQUESTER)), 'ok'],
    ['requester step back when completed', code(refuseRequesterStepBack(completed, REQUESTER)), '409 notOnProcess'],
    ['step back by someone else', code(refuseRequesterStepBack(atSecond, 2)), '403 notRequester'],
    ['withdraw before any step is done', code(refuseWithdraw(atFirst, REQUESTER)), 'ok'],
    ['withdraw after a step is done', code(refuseWithdraw(atSecond, REQUESTER)), '409 withdrawAfterDone'],
    ['withdraw by an approver', code(refuseWithdraw(atFirst, 2)), '403 notRequester'],
    ['withdraw twice', code(refuseWithdraw(withdrawn, REQUESTER)), '409 notOnProcess'],
    ['edit by the requester', code(refuseEdit(atFirst, REQUESTER, true)), 'ok'],
    ['edit by an active-step candidate', code(refuseEdit(atFirst, 3, true)), 'ok'],
    ['edit by a later-step candidate', code(refuseEdit(atFirst, 4, true)), '403 notEditor'],
    ['edit of a non-editable module', code(refuseEdit(atFirst, REQUESTER, false)), '409 notEditable'],
    ['edit of a completed document', code(refuseEdit(completed, REQUESTER, true)), '409 notOnProcess'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('permissionsOf', () => {
  it('offers the treasury form instead of approve on a p-treasury step', () => {
    expect(permissionsOf(atSecond, 4, true)).toEqual({ approve: false, reject: true, treasury: true, step_back: true, withdraw: false, edit: true, send_back: true, resubmit: false });
    expect(permissionsOf(atFirst, 2, true)).toEqual({ approve: true, reject: true, treasury: false, step_back: false, withdraw: false, edit: true, send_back: true, resubmit: false });
    expect(permissionsOf(atSecond, REQUESTER, false)).toEqual({ approve: false, reject: false, treasury: false, step_back: true, withdraw: false, edit: false, send_back: false, resubmit: false });
    expect(permissionsOf(completed, REQUESTER, true)).toEqual({ approve: false, reject: false, treasury: false, step_back: false, withdraw: false, edit: false, send_back: false, resubmit: false });
  });
});
