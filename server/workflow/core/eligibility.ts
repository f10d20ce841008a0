import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ApproverRole, Database } from '../../db/database';
import { usersBase } from '../../repositories/user-repository';

/** What the rule needs to know about one step of a module (read from master_processes + processes). */
export interface StepRule {
  id: number;
  optional: boolean;
  position: number;
  process_code: string;
  /** The user flags the step accepts (`is_<role>`, any one of them); empty for any user. */
  approver_roles: ApproverRole[];
  /** Several approvers may be named (any one passes); false: exactly one. */
  any_of: boolean;
  /** The requester may be named on this step (default false; `allowRequester` in the definition). */
  allow_requester: boolean;
}

/** Whose document it is: the requester and the document's company (null: the requester's own). */
export interface EligibilityScope {
  requesterId: number;
  companyId: number | null;
}

/** An expression builder over a query that has `users` and (left-joined) `companies`, like `usersBase`. */
// `any`: the builder is used over several joined query shapes that share only the users/companies columns.
type UsersEb = ExpressionBuilder<any, any>;

/**
 * THE eligibility rule: the picker and the filing checks use it; the action-time check is the same
 * rule inside `ringi_document_state` (migration 1411: one read for the document and who may act on
 * it), held to the same answers by the eligibility matrix test's own oracle. A change here is a
 * change there. A user may be named for — and act on — a step when they are:
 * - enabled (usersBase already excludes disabled users);
 * - not the requester, unless the step says `allow_requester`;
 * - on a role-bound step: holding one of its role flags AND a member of a group company (external
 *   users are never on role-bound steps: finance, authorizer, treasury, legal are group work);
 * - on any other step: a member of a group company, or a user of the document's company
 *   (spec 000 §6: non-members are clients and act only within their own company).
 */
export function eligibleCondition(eb: UsersEb, step: Pick<StepRule, 'approver_roles' | 'allow_requester'>, scope: EligibilityScope): Expression<SqlBool> {
  const e = eb;
  const parts: Expression<SqlBool>[] = [];
  if (!step.allow_requester) parts.push(e('users.id', '<>', scope.requesterId));
  const group = e(sql<boolean>`coalesce(companies.is_group, false)`, '=', true);
  if (step.approver_roles.length) {
    parts.push(e.or(step.approver_roles.map((role) => e(`users.is_${role}`, '=', true))), group);
  } else if (scope.companyId !== null) {
    parts.push(e.or([group, e('users.company_id', '=', scope.companyId)]));
  } else {
    parts.push(group);
  }
  return e.and(parts);
}

/** The live (not retired) steps of a module in order with what the rule needs (definition data synced into master_processes/processes). */
export async function stepRulesOf(db: Kysely<Database>, moduleCode: string): Promise<StepRule[]> {
  return db.selectFrom('master_processes')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'master_processes.position', 'master_processes.allow_requester',
      'master_processes.any_of', 'processes.code as process_code', 'processes.approver_roles'])
    .where('master_processes.module_code', '=', moduleCode)
    .where('master_processes.retired_at', 'is', null)
    .orderBy('master_processes.position')
    .execute();
}

/** One step's rule by master-process id (undefined when unknown). */
export async function stepRule(db: Kysely<Database>, masterProcessId: number): Promise<StepRule | undefined> {
  return db.selectFrom('master_processes')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'master_processes.position', 'master_processes.allow_requester',
      'master_processes.any_of', 'processes.code as process_code', 'processes.approver_roles'])
    .where('master_processes.id', '=', masterProcessId)
    .executeTakeFirst();
}

/** The document's company for the rule: its `company_id`, else the requester's own company. */
export async function scopeCompany(db: Kysely<Database>, requesterId: number, companyId: unknown): Promise<number | null> {
  if (Number.isInteger(companyId)) return companyId as number;
  const row = await db.selectFrom('users').select('company_id').where('id', '=', requesterId).executeTakeFirst();
  return row?.company_id ?? null;
}

/**
 * For each step with its named users, those the rule allows on it — every step in ONE read (a
 * column per step), so checking a filing's approvers costs one query however long its route. (A
 * document's steps get the same answer from `ringi_document_state`, migration 1411.)
 */
export async function eligibleAmongSteps(
  db: Kysely<Database>, steps: Array<{ rule: Pick<StepRule, 'approver_roles' | 'allow_requester'>; userIds: number[] }>, scope: EligibilityScope,
): Promise<Array<Set<number>>> {
  const everyone = [...new Set(steps.flatMap((s) => s.userIds))];
  if (everyone.length === 0) return steps.map(() => new Set());
  const rows = await usersBase(db).select('users.id')
    .select((eb) => steps.map((s, i) => sql<boolean>`(${eligibleCondition(eb, s.rule, scope)})`.as(`s${i}`)))
    .where('users.id', 'in', everyone)
    .execute() as Array<{ id: number } & Record<string, unknown>>;
  return steps.map((s, i) => new Set(rows.filter((r) => r[`s${i}`] === true && s.userIds.includes(r.id)).map((r) => r.id)));
}

/** Of `userIds`, those the rule allows on `step` (a set; order irrelevant). */
export async function eligibleAmong(db: Kysely<Database>, step: Pick<StepRule, 'approver_roles' | 'allow_requester'>, scope: EligibilityScope, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await usersBase(db).select('users.id')
    .where('users.id', 'in', userIds)
    .where((eb) => eligibleCondition(eb, step, scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}
