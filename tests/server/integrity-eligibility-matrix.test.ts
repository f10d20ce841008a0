import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentState } from '../../server/workflow/core/document-state';
import { approverViolations } from '../../server/workflow/filing/filing-checks';
import { createTranslate } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';
import { matrixSteps, matrixUsers, oracle, type MatrixStep, type MatrixUser } from './integrity-fixtures';
import { getter, tokens } from './workflow-fixtures';

// Role × step × company matrix over every module that has steps (derived from master_processes):
// who the picker offers, who the filing accepts, and who may act on a step — all against an
// oracle written out here, independently of server/workflow/core/eligibility.ts.
let t: TestApp;
let users: MatrixUser[];
let steps: MatrixStep[];
let get: ReturnType<typeof getter>;
const translate = createTranslate({ en: {} } as never, 'en');
/** Hundreds of requests per case on a shared machine: a generous limit (no speed is asserted). */
const MATRIX_TIMEOUT = 240_000;

beforeAll(async () => {
  t = await buildTestApp();
  users = await matrixUsers(t.db);
  steps = await matrixSteps(t.db);
  get = getter(t, tokens(t));
});
afterAll(async () => t?.close());

const local = (u: MatrixUser) => u.email.split('@')[0];
/** Requesters of each kind: a plain group member, a role holder, and the external client. */
const requesters = () => ['employee', 'finance', 'client'].map((name) => users.find((u) => local(u) === name)!);
const modules = () => [...new Set(steps.map((s) => s.module_code))];

describe('eligibility matrix (every module with steps × every step × every user × requester company)', () => {
  it('derives a non-trivial matrix from the data', () => {
    expect(modules().length).toBeGreaterThan(1);
    expect(steps.some((s) => s.approver_roles.length > 0)).toBe(true);
    expect(users.some((u) => !u.is_group)).toBe(true);
  });

  it('the approver picker offers exactly the users the rule allows', async () => {
    let checked = 0;
    for (const requester of requesters()) {
      for (const step of steps) {
        const response = await get(local(requester), `/api/users/approver?masterProcessId=${step.id}&itemsPerPage=100`);
        expect(response.statusCode).toBe(200);
        // By id: an external requester sees other companies' users without their e-mail (masking).
        const offered = response.json()['hydra:member'].map((u: { id: number }) => u.id).sort();
        const expected = users.filter((u) => oracle(step, u, requester, requester.company_id)).map((u) => u.id).sort();
        expect(offered, `${local(requester)} → ${step.module_code}/${step.code}`).toEqual(expected);
        checked += 1;
      }
    }
    console.log(`picker matrix: ${checked} (requester, step) pairs over ${modules().length} modules`);
  }, MATRIX_TIMEOUT);

  it('the filing check accepts exactly the same users on every step', async () => {
    let checked = 0;
    for (const requester of requesters()) {
      const scope = { requesterId: requester.id, companyId: requester.company_id };
      for (const module of modules()) {
        const moduleSteps = steps.filter((s) => s.module_code === module).map((s) => ({ ...s, position: 0, process_code: s.code, approver_roles: s.approver_roles as never[] }));
        for (const step of moduleSteps) {
          for (const user of users) {
            const data = { approvals: [{ approver_id: user.id, master_process_id: step.id }] };
            const violations = await approverViolations(t.db, data, moduleSteps, scope, translate);
            expect(violations.length === 0, `${local(requester)} names ${local(user)} on ${module}/${step.code}`).toBe(oracle(step, user, requester, requester.company_id));
            checked += 1;
          }
        }
      }
    }
    console.log(`filing matrix: ${checked} (requester, step, approver) cases`);
  }, MATRIX_TIMEOUT);

  it('who may act: a named candidate acts only while the rule allows them (document view and state)', async () => {
    let checked = 0;
    for (const requester of requesters()) {
      for (const module of modules()) {
        const own = steps.filter((s) => s.module_code === module);
        // Everyone named on every step (as a stale or forged chain would): the rule decides who may act.
        const buffer = await t.db.insertInto('buffers').values({
          code: `MATRIX-${module}-${requester.id}`, module_code: module, requester_id: requester.id, company_id: requester.company_id,
          data: JSON.stringify({ company_id: requester.company_id }), definition_version: 'test', user_finances: '[]',
        }).returning('id').executeTakeFirstOrThrow();
        for (const [i, step] of own.entries()) {
          const approval = await t.db.insertInto('approvals').values({ buffer_id: buffer.id, master_process_id: step.id, position: i + 1, active: i === 0 })
            .returning('id').executeTakeFirstOrThrow();
          await t.db.insertInto('approval_candidates').values(users.map((u) => ({ approval_id: approval.id, user_id: u.id }))).execute();
        }
        const state = (await loadDocumentState(t.db, buffer.id))!;
        for (const [i, step] of own.entries()) {
          const expected = users.filter((u) => oracle(step, u, requester, requester.company_id)).map((u) => u.id).sort();
          expect([...state.steps[i].candidates].sort(), `${module}/${step.code}`).toEqual(expected);
          checked += users.length;
        }
        // And over HTTP (one requester, to keep the request count sane): the first step's permission per user.
        if (local(requester) !== 'employee') continue;
        for (const user of users) {
          const view = await get(local(user), `/api/buffers/${buffer.id}`);
          expect(view.statusCode).toBe(200);
          expect(view.json().can.reject, `${local(user)} on ${module}/${own[0].code}`).toBe(oracle(own[0], user, requester, requester.company_id));
        }
      }
    }
    console.log(`act matrix: ${checked} (requester, step, candidate) cases`);
  }, MATRIX_TIMEOUT);
});
