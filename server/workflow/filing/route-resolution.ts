import { sql, type Kysely } from 'kysely';
import {
  resolveRoute, resolverReferences, STEP_ROLES, toApiDate, type CompiledModule, type FormData, type Lang, type OrganisationSnapshot, type ResolvedStep, type RouteRequester,
  type Translate,
} from '../../../src/engine';
import type { Database } from '../../db/database';
import { currencyRows } from '../../repositories/currency-repository';
import { positionInEffect } from '../../repositories/position-repository';
import { usersBase } from '../../repositories/user-repository';
import { eligibleCondition, stepRulesOf, type StepRule } from '../core/eligibility';
import type { FilingPost } from './filing-post';

/** Posts in effect on `day` (YYYY-MM-DD): open-ended dates count as always. */
function postsOn(db: Kysely<Database>, day: string) {
  return db.selectFrom('user_posts')
    .innerJoin('users', 'users.id', 'user_posts.user_id')
    .where('users.disabled', '=', false)
    .where((eb) => eb.or([eb('user_posts.effective_from', 'is', null), eb('user_posts.effective_from', '<=', day)]))
    .where((eb) => eb.or([eb('user_posts.effective_to', 'is', null), eb('user_posts.effective_to', '>=', day)]));
}

/** E-mail addresses a module's route names (the e-mail parameters of its approver rules, e.g. `{users: […]}`). */
function namedEmails(module: CompiledModule): string[] {
  return resolverReferences((module.process ?? []).flatMap((s) => s.approvers ?? [])).emails;
}

/** The requester as the organisation needs them. */
export interface OrgRequesterRow { id: number; company_id: number | null; department_id: number | null }

/**
 * The organisation a route resolves from, as in effect on `day`: every department, the posts in
 * effect and the enabled users a rule can reach (post holders, role holders of the document's
 * company, the requester's colleagues, named users) — not the whole directory.
 */
export async function loadOrganisation(db: Kysely<Database>, options: {
  requesterId: number; companyId: number | null; emails: string[]; day: string;
  /** The post a filing names (兼務): the requester is seen in that department (and company) alone. */
  post?: FilingPost | null;
  /** The requester's row when the caller has read it (the filer). */
  user?: OrgRequesterRow;
}): Promise<{ requester: RouteRequester; organisation: OrganisationSnapshot }> {
  const user = options.user ?? await db.selectFrom('users').select(['id', 'company_id', 'department_id']).where('id', '=', options.requesterId).executeTakeFirstOrThrow();
  const chosen = options.post?.chosen ? options.post : null;
  const me = chosen ? { ...user, company_id: chosen.company_id, department_id: chosen.department_id } : user;
  const departments = await db.selectFrom('departments').select(['id', 'company_id', 'parent_id']).execute();
  // A post's position counts only while the company's position is in effect (a retired or not yet started one: no position).
  const rows = await postsOn(db, options.day).select(['user_posts.user_id', 'user_posts.department_id', 'user_posts.position_code',
    (eb) => eb.exists(eb.selectFrom('positions').innerJoin('departments as post_department', 'post_department.company_id', 'positions.company_id')
      .select('positions.id').whereRef('post_department.id', '=', 'user_posts.department_id').whereRef('positions.code', '=', 'user_posts.position_code')
      .where(positionInEffect(options.day))).as('position_live'),
  ]).execute();
  const posts = rows.map((p) => ({ user_id: p.user_id, department_id: p.department_id, position_code: p.position_live ? p.position_code : null }));
  const holders = [...new Set(posts.filter((p) => p.position_code).map((p) => p.user_id))];
  const users = await db.selectFrom('users')
    .select(['id', 'email', 'company_id', 'department_id', ...STEP_ROLES.map((r) => `is_${r}` as const)])
    .where('disabled', '=', false)
    .where((eb) => eb.or([
      ...(holders.length ? [eb('id', 'in', holders)] : []),
      ...(options.companyId !== null ? [eb.and([eb('company_id', '=', options.companyId), eb.or(STEP_ROLES.map((r) => eb(`is_${r}`, '=', true)))])] : []),
      ...(me.department_id !== null ? [eb('department_id', '=', me.department_id)] : []),
      ...(options.emails.length ? [eb(sql<string>`lower(email)`, 'in', options.emails)] : []),
      eb('id', '=', me.id),
    ]))
    .execute();
  return {
    requester: {
      id: me.id, company_id: me.company_id, department_id: me.department_id,
      // A chosen post is the one department the route starts from; else any of the requester's own the form names.
      other_department_ids: chosen ? [] : [...new Set(posts.filter((p) => p.user_id === me.id && p.department_id !== me.department_id).map((p) => p.department_id))],
    },
    organisation: {
      departments,
      posts: posts.filter((p) => p.position_code).map((p) => ({ user_id: p.user_id, department_id: p.department_id, position: p.position_code! })),
      users: users.map((u) => ({ id: u.id, email: u.email, company_id: u.company_id, department_id: u.department_id, roles: STEP_ROLES.filter((r) => u[`is_${r}`]) })),
    },
  };
}

/**
 * The route of a filing, resolved on the server (the authority): the module's steps (from its
 * definition, with their `master_processes` ids) over the computed form data, for the requester
 * and the document's company, with the organisation as in effect today. `values` are the route
 * values derived for the document (the amount in the reporting currency, `exchangeRouteValues`).
 * `post`: the requester's post the document is filed as (兼務, `filing-post.ts`); `rules`: the
 * module's step rules when the caller has read them (`stepRulesOf`), else they are read here.
 */
export async function resolveFilingRoute(
  db: Kysely<Database>, module: CompiledModule, data: FormData, requesterId: number, companyId: number | null,
  { values, post, rules: known, requester: row }: { values?: Record<string, unknown>; post?: FilingPost | null; rules?: StepRule[]; requester?: OrgRequesterRow } = {},
): Promise<ResolvedStep[]> {
  const rules = known ?? await stepRulesOf(db, module.code);
  const stepIds = Object.fromEntries(rules.map((r) => [r.process_code, r.id]));
  const { requester, organisation } = await loadOrganisation(db, { requesterId, companyId, emails: namedEmails(module), day: toApiDate(new Date())!, post, user: row?.id === requesterId ? row : undefined });
  const currencies = await currencyRows(db, data[module.meta.currencyField ?? 'currency_id']);
  // Steps the database does not know (a definition not yet synced) cannot be filed: left out.
  const route = resolveRoute({ steps: module.process ?? [], stepIds, data, requester, companyId, organisation, currencies, values }).filter((s) => s.id !== null);
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  for (const step of route) {
    const rule = ruleOf.get(step.id!);
    if (step.by === 'choice' && rule && !step.optional && !step.circulation) step.blocked = await choiceGap(db, rule, requesterId, companyId);
  }
  return route;
}

/**
 * A mandatory step the requester chooses approvers for is blocked when the eligibility rule (the
 * picker's) leaves nobody: `requester` when the requester alone would qualify (legal filing a
 * corporate seal whose signer must be legal), else `vacant`.
 */
async function choiceGap(db: Kysely<Database>, rule: StepRule, requesterId: number, companyId: number | null): Promise<ResolvedStep['blocked']> {
  const scope = { requesterId, companyId };
  const anyone = await usersBase(db).select('users.id').where((eb) => eligibleCondition(eb, rule, scope)).limit(1).executeTakeFirst();
  if (anyone) return null;
  const self = await usersBase(db).select('users.id').where('users.id', '=', requesterId)
    .where((eb) => eligibleCondition(eb, { ...rule, allow_requester: true }, scope)).executeTakeFirst();
  return self ? 'requester' : 'vacant';
}

/**
 * Why a blocked step stops the filing and what to do, in the reader's language. A step whose
 * approvers are chosen among role holders names the role (an administrator gives it to a colleague).
 */
export function blockedReason(module: CompiledModule, step: ResolvedStep, lang: Lang, t: Translate): string {
  const name = step.names[lang] || step.names.en;
  const roles = step.by === 'choice' ? module.process?.find((s) => s.code === step.code)?.roles ?? [] : [];
  if (roles.length) {
    const role = roles.map((r) => t(`server.routes.roles.${r}`)).join(' / ');
    return t(step.blocked === 'requester' ? 'server.routes.blockedRoleRequester' : 'server.routes.blockedRoleVacant', { step: name, role });
  }
  return t(step.blocked === 'requester' ? 'server.routes.blockedRequester' : 'server.routes.blockedVacant', { step: name });
}
