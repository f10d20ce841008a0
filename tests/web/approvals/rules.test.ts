import { describe, expect, it } from 'vitest';
import { detailActions, isLastApprover, sendBackTargets } from '../../../src/app/pages/approvals/detail-actions';
import { activeFilterCount, DEFAULT_SORT, EMPTY_FILTER, listRequest } from '../../../src/app/pages/approvals/list-query';
import { statusBadge } from '../../../src/app/pages/approvals/status-badge';
import { stepIndicator } from '../../../src/app/pages/approvals/step-indicator';
import { documentView, step } from './fixtures';

describe('listRequest', () => {
  it.each([
    ['pending', '/approvals/my', undefined],
    ['done', '/approvals/my', '1'],
    ['initiated', '/my-buffers', undefined],
    ['forwarded', '/buffer/forwarded', undefined],
  ] as const)('%s asks %s (isDone %s), 5 per page, created at descending', (kind, path, isDone) => {
    const request = listRequest(kind, 1, '', DEFAULT_SORT, EMPTY_FILTER);
    expect(request.path).toBe(path);
    expect(request.params).toEqual({ page: 1, itemsPerPage: 5, 'sort[createdAt]': 'desc', ...(isDone ? { isDone } : {}) });
  });

  it('sends search (trimmed, at most 20 characters), sort and every filter key', () => {
    const request = listRequest('initiated', 3, '  PAY-2026-000001-extra-long  ', { field: 'code', order: 'asc' }, {
      company: { id: 2, name: 'Ringi Japan' },
      requesters: [{ id: 3, name: 'Hanako Employee' }, { id: 9, name: 'Jiro Suzuki' }],
      stampNo: ' SS2026 ',
      statuses: [2, 3],
      modules: ['payment', 'purchase'],
      period: { preset: 'today', from: '2026-11-21', to: '2026-11-21' },
    });
    expect(request.params).toEqual({
      page: 3, itemsPerPage: 5, 'sort[code]': 'asc', search: 'PAY-2026-000001-extr',
      'company.id': 2, 'requester.id': [3, 9], stamp_no: 'SS2026', status: [2, 3], 'module.code': ['payment', 'purchase'],
      'createdAt[after]': '2026-11-21', 'createdAt[before]': '2026-11-21',
    });
  });

  it('counts active filter criteria', () => {
    expect(activeFilterCount(EMPTY_FILTER)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTER, statuses: [0, 10], stampNo: 'x' })).toBe(3);
    expect(activeFilterCount({ ...EMPTY_FILTER, requesters: [{ id: 3, name: 'A' }, { id: 4, name: 'B' }] })).toBe(1);
  });
});

describe('statusBadge', () => {
  it.each([
    [0, null, 'warning', 'app.approvals.status.0'],
    [0, 'Manager', 'warning', 'app.approvals.waitingFor'],
    [1, null, 'success', 'app.approvals.status.1'],
    [2, 'Manager', 'success', 'app.approvals.status.2'],
    [3, null, 'danger', 'app.approvals.status.3'],
    [10, null, 'danger', 'app.approvals.status.10'],
    [7, null, 'informative', 'app.approvals.status.7'],
  ])('status %s (waiting for %s) is %s with %s', (status, waiting, color, key) => {
    expect(statusBadge(status, waiting)).toMatchObject({ color, key });
  });
});

describe('stepIndicator', () => {
  it.each([
    [{ status: 1, active: false }, 'done'],
    [{ status: 2, active: false }, 'rejected'],
    [{ status: 0, active: true }, 'inProgress'],
    [{ status: 0, active: false }, 'waiting'],
  ])('%o → %s', (s, indicator) => {
    expect(stepIndicator(s)).toBe(indicator);
  });
});

describe('detailActions', () => {
  it('shows nothing without permissions', () => {
    expect(detailActions(documentView(), 7)).toEqual({ approve: false, reject: false, treasury: false, stepBack: null, edit: false, notifyNext: false, sendBack: false, resubmit: false });
  });

  it('an approver before the last step gets approve, reject, step back and the notify checkbox', () => {
    const actions = detailActions(documentView({ approve: true, reject: true, step_back: true }), 7);
    expect(actions).toMatchObject({ approve: true, reject: true, stepBack: 'approver', notifyNext: true });
  });

  it('the last approver has no notify checkbox', () => {
    const doc = documentView({ approve: true, reject: true }, { approvals: [step(51, 1, { status: 1 }), step(52, 2, { active: true })] });
    expect(isLastApprover(doc)).toBe(true);
    expect(detailActions(doc, 7).notifyNext).toBe(false);
  });

  it('the applicant withdraws when allowed, else steps back', () => {
    expect(detailActions(documentView({ withdraw: true }), 3).stepBack).toBe('withdraw');
    expect(detailActions(documentView({ step_back: true }), 3).stepBack).toBe('requester');
    expect(detailActions(documentView({ withdraw: true }), 8).stepBack).toBeNull();
  });
});

describe('sendBackTargets', () => {
  it('offers the approved steps before the active one, then the requester; never a skipped, the active or a later step', () => {
    const doc = documentView({ send_back: true }, {
      approvals: [
        step(49, 1, { status: 3, skipped: 'vacant' }),
        step(50, 2, { status: 1, approver: { id: 7, name: 'Kenji Approver' } }),
        step(51, 3, { active: true }),
        step(52, 4),
      ],
      current_approval_id: 51,
    });
    expect(sendBackTargets(doc)).toEqual([
      { backTo: 50, name: 'Step 2', approver: 'Kenji Approver' },
      { backTo: 'requester', name: 'Hanako Employee', approver: null },
    ]);
    expect(detailActions(doc, 7)).toMatchObject({ sendBack: true, resubmit: false });
  });
});
