import type { ApprovalItem, BufferItem, DocumentView, Permissions, StepView } from '../../../src/app/pages/approvals/types';

/** A document of the demo module as the lists return it. */
export function bufferItem(id: number, overrides: Partial<BufferItem> = {}): BufferItem {
  return {
    id,
    code: `DEMO-2026-${String(id).padStart(6, '0')}`,
    status: 0,
    action: 'create',
    module: { code: 'demo' },
    requester: { id: 3, name: 'Hanako Employee' },
    info: { title: 'Demo', total: 1200, currency: 'CNY', summary: [{ label: 'Total', field: 'total', format: 'money', value: 1200 }] },
    data: { company_id: 1, currency_id: 1, total: 1200, note: 'Printer' },
    stamp_no: null,
    bypass: false,
    urgent: false,
    definition_version: 'v1',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    completed_at: null,
    last_approval: null,
    waiting_for: 'Manager',
    ...overrides,
  };
}

/** A pending approval item (step `stepId` of document `id`). */
export function approvalItem(stepId: number, id: number, overrides: Partial<BufferItem> = {}): ApprovalItem {
  return {
    id: stepId, code: `step-${stepId}`, status: 0, active: true, approved_at: null,
    master_process: { id: 101, optional: false, module: { code: 'demo' }, process: { id: 1, code: 'p-1', name: 'Step 1' }, selected_roles: [] },
    buffer: bufferItem(id, overrides),
  };
}

export function collection<T>(members: T[], total = members.length) {
  return { 'hydra:member': members, 'hydra:totalItems': total };
}

const NO: Permissions = { approve: false, reject: false, step_back: false, withdraw: false, edit: false, treasury: false };

export function step(id: number, position: number, overrides: Partial<StepView> = {}): StepView {
  return {
    id,
    position,
    status: 0,
    active: false,
    approver: null,
    approved_at: null,
    data: null,
    master_process: { id: 100 + position, optional: false, process: { id: position, code: `p-${position}`, name: `Step ${position}` } },
    prospective_approvers: [{ id: 7, name: 'Kenji Approver' }],
    approval_logs: [],
    ...overrides,
  };
}

/** A document view: by default two steps, the first active, nothing allowed. */
export function documentView(can: Partial<Permissions> = {}, overrides: Partial<DocumentView> = {}): DocumentView {
  return {
    ...bufferItem(5),
    user_finances: [],
    approvals: [step(51, 1, { active: true }), step(52, 2)],
    approval_logs: [{ log_text: 'Submitted by Hanako Employee', action: 'submit', user: { id: 3, name: 'Hanako Employee' }, created_at: '2026-11-20T08:00:00.000Z' }],
    current_approval_id: 51,
    can: { ...NO, ...can },
    step_fields: [],
    ...overrides,
  };
}
