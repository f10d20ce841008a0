import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ApproverRole, Database } from '../../db/database';
import { deputyInEffect } from '../../repositories/deputy-repository';
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
 * THE eligibility rule (one definition; the picker, the filing checks and the action-time check
 * all use it). A user may be named for — and act on — a step when they are:
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

/** Each step's allowed users (`eligibleAmongSteps`) and, when asked, who deputises for each of them. */
export interface EligibleSteps {
  eligible: Array<Set<number>>;
  /** The enabled deputies in effect for each user read (ascending), when `deputies` was given; else empty. */
  deputiesOf: Map<number, number[]>;
}

/**
 * For each step with its named users, those the rule allows on it — every step in ONE read (a
 * column per step), so loading a document costs one eligibility query however long its route.
 * With `deputies`, the same read also gives each named user's deputies in effect on `day` for the
 * module (a document's pending step offers its candidates' deputies; no second query for them).
 */
export async function eligibleAmongSteps(
  db: Kysely<Database>, steps: Array<{ rule: Pick<StepRule, 'approver_roles' | 'allow_requester'>; userIds: number[] }>, scope: EligibilityScope,
  deputies?: { moduleCode: string; day: string },
): Promise<EligibleSteps> {
  const everyone = [...new Set(steps.flatMap((s) => s.userIds))];
  if (everyone.length === 0) return { eligible: steps.map(() => new Set()), deputiesOf: new Map() };
  const rows = await usersBase(db).select('users.id')
    .select((eb) => steps.map((s, i) => sql<boolean>`(${eligibleCondition(eb, s.rule, scope)})`.as(`s${i}`)))
    .$if(deputies !== undefined, (q) => q.select(sql<number[]>`(select coalesce(json_agg(distinct d.deputy_id), '[]') from deputies d
      where d.principal_id = users.id and ${deputyInEffect('d', deputies!.day, deputies!.moduleCode)})`.as('deputy_ids')))
    .where('users.id', 'in', everyone)
    .execute() as Array<{ id: number; deputy_ids?: number[] } & Record<string, unknown>>;
  return {
    eligible: steps.map((s, i) => new Set(rows.filter((r) => r[`s${i}`] === true && s.userIds.includes(r.id)).map((r) => r.id))),
    deputiesOf: new Map(rows.filter((r) => r.deputy_ids?.length).map((r) => [r.id, r.deputy_ids!.map(Number).sort((a, b) => a - b)])),
  };
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
