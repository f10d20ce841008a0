import type { Kysely } from 'kysely';
import { resolverReferences, toApiDate, type DefinitionSet, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { notFound, validationFailed, type Violation } from '../lib/errors';
import { findPosition } from '../repositories/position-repository';
import type { EntityChangeRequest, EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertOrganisationScope } from './organisation-scope';

/** The position form's data (the `positions` module). */
interface PositionData {
  company_id: number; code: string; name: string; name_ja?: string | null; name_zh?: string | null;
  effective_from?: string | null; retired_on?: string | null;
}

/** A position code as routes name it: `finance-manager`. */
const CODE = /^[a-z][a-z0-9-]{1,39}$/;
const today = () => toApiDate(new Date())!;
const dateOf = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
const names = (data: PositionData) => ({ name: data.name.trim(), name_ja: data.name_ja?.trim() || null, name_zh: data.name_zh?.trim() || null });

/**
 * The titles of the published modules whose route names `code` in an approver rule (a position
 * parameter of any resolver kind, e.g. `{position, of}`) — every enabled module of the definition
 * set the request runs with. A route names a code, not a company's row: any company's documents may resolve it.
 */
function routesNaming(definitions: DefinitionSet, code: string, t: Translate): string[] {
  return Object.values(definitions.modules)
    .filter((m) => m.kind === 'module' && !definitions.disabled.has(m.code))
    .filter((m) => resolverReferences((m.process ?? []).flatMap((step) => step.approvers ?? [])).positions.includes(code))
    .map((m) => t(m.meta.title));
}

/** Users of the position's company whose post with this position has not ended before `day`. */
async function holdersOn(db: Kysely<Database>, companyId: number, code: string, day: string): Promise<number> {
  const row = await db.selectFrom('user_posts').innerJoin('departments', 'departments.id', 'user_posts.department_id')
    .select((eb) => eb.fn.count<string>('user_posts.user_id').distinct().as('n'))
    .where('departments.company_id', '=', companyId).where('user_posts.position_code', '=', code)
    .where((eb) => eb.or([eb('user_posts.effective_to', 'is', null), eb('user_posts.effective_to', '>=', day)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Why retiring `code` of `companyId` on `day` is refused now (routes naming it, posts holding it), or none. */
async function retireViolations(db: Kysely<Database>, definitions: DefinitionSet, companyId: number, code: string, day: string, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  const routes = routesNaming(definitions, code, t);
  if (routes.length) out.push({ propertyPath: 'retired_on', message: t('server.admin.errors.positionInRoute', { code, routes: routes.join(', ') }) });
  const holders = await holdersOn(db, companyId, code, day);
  if (holders) out.push({ propertyPath: 'retired_on', message: t('server.admin.errors.positionHeld', { code, count: holders, date: day }) });
  return out;
}

/** Checks of a request that need the database or the operation (the form's rules check blanks and formats). */
async function violationsOf(db: Kysely<Database>, request: EntityChangeRequest, current: PositionData | null, definitions: DefinitionSet, t: Translate): Promise<Violation[]> {
  const data = request.data as unknown as PositionData;
  const out: Violation[] = [];
  const retire = dateOf(data.retired_on);
  const start = dateOf(data.effective_from);
  if (!current) {
    if (retire) out.push({ propertyPath: 'retired_on', message: t('server.admin.errors.positionRetireOnCreate') });
    if (!CODE.test(data.code)) out.push({ propertyPath: 'code', message: t('server.admin.errors.positionCodeFormat') });
    const taken = await db.selectFrom('positions').select('id').where('company_id', '=', data.company_id).where('code', '=', data.code).executeTakeFirst();
    if (taken) out.push({ propertyPath: 'code', message: t('server.admin.errors.positionCodeTaken', { code: data.code }) });
    return out;
  }
  if (data.company_id !== current.company_id) out.push({ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') });
  if (data.code !== current.code) out.push({ propertyPath: 'code', message: t('server.admin.errors.positionCodeFixed') });
  if (start !== dateOf(current.effective_from)) out.push({ propertyPath: 'effective_from', message: t('server.admin.errors.positionStartFixed') });
  if (retire && retire !== dateOf(current.retired_on)) {
    if (retire < today()) out.push({ propertyPath: 'retired_on', message: t('server.admin.errors.positionRetirePast') });
    else if (start && retire <= start) out.push({ propertyPath: 'retired_on', message: t('server.admin.errors.positionRetireBeforeStart') });
    else out.push(...await retireViolations(db, definitions, current.company_id, current.code, retire, t));
  }
  return out;
}

/**
 * Positions of a company (issue #20 item 1; `positions`, migrations 0910 and 0960): created,
 * renamed (names in en/ja/zh) or retired — a retirement is an edit with `retired_on`, optionally
 * dated later; a new position may start later (`effective_from`). Requested by a group admin
 * (any company) or the company's authorizer. A position's company and code never change (posts
 * and routes name the code). Retiring is refused while an enabled module's route names the code
 * or a post of the company holds it on that day. Renames take effect on approval. Documents in
 * progress keep their filed approvers (routes are pinned at filing), whatever happens here.
 */
export const positionEntity: EntityHandler = {
  kind: 'position',

  companyScope(user, companyId, t) {
    assertOrganisationScope(user, companyId, t);
  },

  async load(db, id) {
    const row = await findPosition(db, id);
    if (!row || (row.retired_on !== null && String(row.retired_on) <= today())) return null;
    return {
      company_id: row.company_id, code: row.code, name: row.name, name_ja: row.name_ja, name_zh: row.name_zh,
      effective_from: dateOf(row.effective_from), retired_on: dateOf(row.retired_on),
    };
  },

  async authorize(db, request, user, t, definitions) {
    const data = request.data as unknown as PositionData;
    let current: PositionData | null = null;
    if (request.targetId !== null) {
      current = await positionEntity.load(db, request.targetId) as PositionData | null;
      if (!current) throw notFound(t('server.errors.notFound', { what: t('server.entities.position') }));
    }
    assertOrganisationScope(user, current?.company_id ?? (Number.isInteger(data.company_id) ? data.company_id : null), t);
    const violations = await violationsOf(db, request, current, definitions, t);
    if (violations.length) throw validationFailed(violations);
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as PositionData;
    if (change.operation === 'create') {
      const taken = await trx.selectFrom('positions').select('id').where('company_id', '=', data.company_id).where('code', '=', data.code).executeTakeFirst();
      if (taken) throw illegalTransition(ctx.t('server.admin.errors.positionCodeTaken', { code: data.code }));
      return (await trx.insertInto('positions').values({
        company_id: data.company_id, code: data.code, ...names(data), effective_from: dateOf(data.effective_from),
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
    const id = change.targetId!;
    const live = await trx.selectFrom('positions').select(['company_id', 'code', 'retired_on']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!live || (live.retired_on !== null && String(live.retired_on) <= today())) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    const retire = dateOf(data.retired_on);
    if (retire && retire !== dateOf(live.retired_on)) {
      // A route or a post may have come to name it while the request waited: refused now, nothing applied.
      const refused = await retireViolations(trx, ctx.definitions, live.company_id, live.code, retire, ctx.t);
      if (refused.length) throw illegalTransition(refused.map((v) => v.message).join(' '));
    }
    await trx.updateTable('positions').set({ ...names(data), retired_on: retire }).where('id', '=', id).execute();
    return id;
  },
};
