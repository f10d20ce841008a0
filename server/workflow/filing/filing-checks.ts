import type { Kysely } from 'kysely';
import type { CompiledModule, FormData, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { Violation } from '../../lib/errors';
import { usersBase } from '../../repositories/user-repository';
import { eligibleAmongSteps, type EligibilityScope, type StepRule } from '../core/eligibility';

/** The filer as the checks see them. */
export interface Filer {
  id: number;
  company_id: number | null;
  /** Their main department. */
  department_id: number | null;
  /** Member of a group company (spec 000 §6); others are clients of their own company. */
  is_group: boolean;
  flags: Record<string, boolean>;
}

/** Loads the filer (requester) with company membership and profile flags; null when unknown. */
export async function loadFiler(db: Kysely<Database>, userId: number): Promise<Filer | null> {
  const row = await db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.company_id', 'users.department_id', 'companies.is_group', 'users.is_authorizer', 'users.is_company_authorizer',
      'users.is_finance', 'users.is_treasury', 'users.is_legal'])
    .where('users.id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const { id, company_id, department_id, is_group, ...flags } = row;
  return { id, company_id, department_id, is_group: is_group === true, flags };
}

/**
 * The company a picker or a filing works in: `companyId` when the filer may file for it (a group
 * member: any group company; a client: their own), else the filer's own company.
 */
export async function filingCompany(db: Kysely<Database>, filer: Filer, companyId: number | undefined): Promise<number | null> {
  if (companyId === undefined || companyId === filer.company_id) return filer.company_id;
  if (!filer.is_group) return filer.company_id;
  const company = await db.selectFrom('companies').select('is_group').where('id', '=', companyId).executeTakeFirst();
  return company?.is_group ? companyId : filer.company_id;
}

/** May this user bypass this module's approval process (`ui:module.bypassRoles`, any one flag)? */
export function mayBypass(module: CompiledModule, flags: Record<string, boolean>): boolean {
  return module.meta.hasBypass && (module.meta.bypassRoles ?? []).some((role) => flags[role] === true);
}

/** Every `company_id` in the data: the document's own and each item's (any depth). */
function companyIds(value: unknown, path: string, out: Array<{ id: unknown; propertyPath: string }>): void {
  if (Array.isArray(value)) value.forEach((item, i) => companyIds(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const next = path ? `${path}.${key}` : key;
      if (key === 'company_id' && inner !== null && inner !== undefined) out.push({ id: inner, propertyPath: next });
      else companyIds(inner, next, out);
    }
  }
}

/**
 * Company scope of a filing (spec 000 §6): a group member files for any group company; a client
 * (a user of a non-group company) only for their own company. Applies to the document's
 * `company_id` and every item's. Unknown ids are left to the reference check.
 */
export async function companyScopeViolations(db: Kysely<Database>, data: FormData, filer: Filer, t: Translate): Promise<Violation[]> {
  const found: Array<{ id: unknown; propertyPath: string }> = [];
  companyIds(data, '', found);
  const ids = [...new Set(found.map((f) => f.id).filter((id): id is number => Number.isInteger(id)))];
  if (ids.length === 0) return [];
  const companies = new Map((await db.selectFrom('companies').select(['id', 'is_group']).where('id', 'in', ids).execute()).map((c) => [c.id, c.is_group]));
  const allowed = (id: number) => id === filer.company_id || (filer.is_group && companies.get(id) === true);
  const out: Violation[] = [];
  for (const { id, propertyPath } of found) {
    if (Number.isInteger(id) && companies.has(id as number) && !allowed(id as number)) {
      out.push({ propertyPath, message: t('server.integrity.companyScope') });
    }
  }
  return out;
}

/**
 * Every approver named must be eligible for their step (`eligibility.ts`); a violation is the
 * spec's approvers message at `approvals` (once). Entries naming an unknown step are left to the
 * reference check.
 */
export async function approverViolations(db: Kysely<Database>, data: FormData, steps: StepRule[], scope: EligibilityScope, t: Translate, routed = false): Promise<Violation[]> {
  const approvals = (Array.isArray(data.approvals) ? data.approvals : []) as Array<Record<string, unknown>>;
  // A document must go through at least one step: with only optional steps, one must be chosen
  // (unless the route already resolved approvers for a step: `routed`).
  const named = (step: StepRule) => approvals.some((a) => Number(a.master_process_id) === step.id && Number.isInteger(a.approver_id));
  if (!routed && !steps.some(named)) return [{ propertyPath: 'approvals', message: t('engine.messages.approvers') }];
  const namedOf = steps.map((step) => [...new Set(approvals.filter((a) => Number(a.master_process_id) === step.id).map((a) => a.approver_id).filter(Number.isInteger) as number[])]);
  // Every step's named approvers judged in one statement.
  const eligible = await eligibleAmongSteps(db, steps.map((rule, i) => ({ rule, userIds: namedOf[i] })), scope);
  // A step that is not any-of takes exactly one approver (the definition's `anyOf: false`).
  const wrong = steps.some((step, i) => namedOf[i].some((id) => !eligible[i].has(id)) || (!step.any_of && namedOf[i].length > 1));
  return wrong ? [{ propertyPath: 'approvals', message: t('engine.messages.approvers') }] : [];
}

/**
 * The finance users a document may be forwarded to: enabled finance users of the document's
 * company (the `/users/finance` picker lists exactly these). Returns the query to filter further.
 */
export function forwardableUsers(db: Kysely<Database>, companyId: number | null) {
  // No company known: nobody (a document is forwarded within its company only).
  return usersBase(db).where('users.is_finance', '=', true).where('users.company_id', '=', companyId ?? -1);
}

/** `user_finances` only names forwardable users (see `forwardableUsers`). */
export async function forwardingViolations(db: Kysely<Database>, data: FormData, companyId: number | null, t: Translate): Promise<Violation[]> {
  const ids = [...new Set((Array.isArray(data.user_finances) ? data.user_finances : []).filter(Number.isInteger) as number[])];
  if (ids.length === 0) return [];
  const rows = await forwardableUsers(db, companyId).select('users.id').where('users.id', 'in', ids).execute();
  return rows.length === ids.length ? [] : [{ propertyPath: 'user_finances', message: t('server.integrity.forwarding') }];
}
