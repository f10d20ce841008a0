import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { MasterProcess, SavedApprover } from '../../../src/wire/processes';
import { localizedName } from '../../lib/localized-name';
import { eligibleAmong, scopeCompany, stepRulesOf } from '../core/eligibility';
import { selectUserSummary, usersBase } from '../../repositories/user-repository';

/** The ordered approval steps of a module: id, optional, position, process {id, code, name}. */
export async function masterProcessesOf(db: Kysely<Database>, moduleCode: string, lang: Lang): Promise<MasterProcess[]> {
  return db.selectFrom('master_processes')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select([
      'master_processes.id', 'master_processes.optional', 'master_processes.any_of', 'master_processes.position', 'master_processes.module_code',
      sql<{ id: number; code: string; name: string; approver_role: string | null; approver_roles: string[] }>`json_build_object(
        'id', processes.id, 'code', processes.code, 'name', ${localizedName(lang, 'processes')},
        'approver_role', processes.approver_role, 'approver_roles', processes.approver_roles)`.as('process'),
    ])
    .where('master_processes.module_code', '=', moduleCode)
    .where('master_processes.retired_at', 'is', null)
    .orderBy('master_processes.position')
    .execute();
}

/**
 * A user's remembered approvers for a module, in step order: master_process_id, approver (user
 * summary) and the approver's is_ringi_group_member (spec 000 §3 "Saved approver"). Only
 * approvers the eligibility rule still allows on their step are offered (a role removed, the
 * requester themselves, another company's client): the filing would refuse the others.
 */
export async function savedApproversOf(db: Kysely<Database>, userId: number, moduleCode: string, lang: Lang): Promise<SavedApprover[]> {
  let rows = await db.selectFrom('saved_approvers')
    .innerJoin('master_processes', 'master_processes.id', 'saved_approvers.master_process_id')
    .select(['saved_approvers.id', 'saved_approvers.master_process_id', 'saved_approvers.approver_id', 'saved_approvers.position'])
    .where('saved_approvers.user_id', '=', userId)
    .where('saved_approvers.module_code', '=', moduleCode)
    .where('master_processes.retired_at', 'is', null)
    .orderBy('master_processes.position').orderBy('saved_approvers.position').orderBy('saved_approvers.id')
    .execute();
  if (rows.length === 0) return [];
  const scope = { requesterId: userId, companyId: await scopeCompany(db, userId, null) };
  const allowed = new Set<string>();
  for (const step of await stepRulesOf(db, moduleCode)) {
    const eligible = await eligibleAmong(db, step, scope, rows.filter((r) => r.master_process_id === step.id).map((r) => r.approver_id));
    for (const id of eligible) allowed.add(`${step.id}:${id}`);
  }
  rows = rows.filter((r) => allowed.has(`${r.master_process_id}:${r.approver_id}`));
  if (rows.length === 0) return [];
  const approvers = await selectUserSummary(usersBase(db).where('users.id', 'in', rows.map((r) => r.approver_id)), lang).execute();
  const byId = new Map(approvers.map((a) => [a.id, a]));
  // A disabled approver is no longer offered as a default.
  return rows.filter((row) => byId.has(row.approver_id)).map((row) => {
    const approver = byId.get(row.approver_id)!;
    return {
      id: row.id, master_process_id: row.master_process_id, position: row.position,
      approver, is_ringi_group_member: approver.is_ringi_group_member,
    };
  });
}
