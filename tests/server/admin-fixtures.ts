import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/database';
import { moduleSteps, type Poster, type Users } from './workflow-fixtures';

/** Ids of a demo company (by code) with its first department and location. */
export async function companyRefs(db: Kysely<Database>, code: string) {
  const company = await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const department = await db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const location = await db.selectFrom('locations').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  return { company: company.id, department: department.id, location: location.id };
}

/** The approval wrapper of an entity module: approver then authorizer on its mandatory steps. */
export async function wrapperFor(db: Kysely<Database>, module: string, users: Users, approvers?: number[][]) {
  const steps = (await moduleSteps(db, module)).filter((s) => !s.optional);
  const chosen = approvers ?? steps.map((s) => [s.code === 'p-authorizer' ? users.authorizer.id : users.approver.id]);
  return {
    send_notification_first_approval: true,
    save_approvers: false,
    approvals: steps.flatMap((s, i) => (chosen[i] ?? []).map((approver_id) => ({ approver_id, master_process_id: s.id }))),
  };
}

/** A valid user-form payload (spec 000 §3 "User form payload") for a user of company `code`. */
export async function userPayload(db: Kysely<Database>, users: Users, code: string, user: Record<string, unknown> = {}) {
  const refs = await companyRefs(db, code);
  return {
    ...(await wrapperFor(db, 'users', users)),
    user: {
      company_id: refs.company, department_id: refs.department, location_id: refs.location, join_date: '2026-04-01',
      name: 'New Person', email: `new.person.${Math.random().toString(36).slice(2, 8)}@example.com`,
      is_authorizer: false, is_finance: false, is_treasury: false, is_legal: false, user_settings: [], ...user,
    },
  };
}

/** The ids of a document's steps in order. */
export async function stepIds(db: Kysely<Database>, documentId: number) {
  // The live steps: an edit that restarted the route voided the ones filed before it.
  return (await db.selectFrom('approvals').select('id').where('buffer_id', '=', documentId).where('voided_at', 'is', null).orderBy('position').execute()).map((s) => s.id);
}

/** Approves every step of a document (not the skipped ones), each by its (first) candidate, a demo user named by e-mail. */
/** The active step of a document and the login (e-mail local part) of a user who may act on it. */
export async function activeStepActor(db: Kysely<Database>, documentId: number): Promise<{ step: number; actor: string }> {
  const step = await db.selectFrom('approvals').select('id').where('buffer_id', '=', documentId).where('active', '=', true).executeTakeFirstOrThrow();
  const candidate = await db.selectFrom('approval_candidates').innerJoin('users', 'users.id', 'approval_candidates.user_id')
    .select('users.email').where('approval_id', '=', step.id).executeTakeFirstOrThrow();
  return { step: step.id, actor: candidate.email.split('@')[0] };
}

export async function approveEveryStep(db: Kysely<Database>, post: Poster, documentId: number) {
  // Steps the route skipped at filing (status 3: the requester heads the department) wait for nobody.
  const skipped = new Set((await db.selectFrom('approvals').select('id').where('buffer_id', '=', documentId).where('status', '=', 3).where('voided_at', 'is', null).execute()).map((s) => s.id));
  for (const step of (await stepIds(db, documentId)).filter((id) => !skipped.has(id))) {
    const candidate = await db.selectFrom('approval_candidates').innerJoin('users', 'users.id', 'approval_candidates.user_id')
      .select('users.email').where('approval_id', '=', step).executeTakeFirstOrThrow();
    const response = await post(candidate.email.split('@')[0], `/api/approvals/${step}/action`, { approve: true });
    expect(response.statusCode, response.body).toBe(200);
  }
}
