import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { toApiDate, type Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';

/**
 * `positions.<column>` in effect on `day` (YYYY-MM-DD): started (`effective_from` null or not
 * after it) and not retired (`retired_on` null or after it). Migration 0960.
 */
export function positionInEffect(day: string, table = 'positions'): Expression<SqlBool> {
  const from = sql.ref(`${table}.effective_from`);
  const retired = sql.ref(`${table}.retired_on`);
  return sql<SqlBool>`((${from} is null or ${from} <= ${day}::date) and (${retired} is null or ${retired} > ${day}::date))`;
}

/**
 * The position codes of the organisation (`positions`, per company, migrations 0910 and 0960):
 * what a route's approver rules may name (`{ "position": … }`) — a code of a position not retired
 * by today in at least one company (one starting later counts: a route may be published before
 * its first holder starts). The studio's check and publish hand them to the checker, so a route
 * naming a position no company has is refused with its message. Undefined while no company has
 * any position yet (nothing to check against).
 */
export async function positionCatalogue(db: Kysely<Database>, day: string = toApiDate(new Date())!): Promise<string[] | undefined> {
  const all = await db.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(all.n) === 0) return undefined;
  const rows = await db.selectFrom('positions').select('code').distinct()
    .where((eb) => eb.or([eb('retired_on', 'is', null), eb('retired_on', '>', day)]))
    .orderBy('code').execute();
  return rows.map((r) => r.code);
}

/** A company's positions as the API lists them: code, names (three languages and the request's), dates and state on `day`. */
export async function companyPositions(db: Kysely<Database>, companyId: number, lang: Lang, day: string, includeRetired: boolean) {
  const rows = await db.selectFrom('positions')
    .select([
      'id', 'company_id', 'code', localizedName(lang, 'positions').as('name'), 'name as name_en', 'name_ja', 'name_zh', 'effective_from', 'retired_on',
      (eb) => eb.selectFrom('user_posts').innerJoin('departments', 'departments.id', 'user_posts.department_id')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('user_posts.position_code', '=', 'positions.code').whereRef('departments.company_id', '=', 'positions.company_id')
        .where((w) => w.or([w('user_posts.effective_to', 'is', null), w('user_posts.effective_to', '>=', day)]))
        .as('holders'),
    ])
    .where('company_id', '=', companyId)
    .$if(!includeRetired, (q) => q.where((eb) => eb.or([eb('retired_on', 'is', null), eb('retired_on', '>', day)])))
    .orderBy('code').execute();
  return rows.map((r) => ({
    ...r,
    effective_from: r.effective_from === null ? null : String(r.effective_from),
    retired_on: r.retired_on === null ? null : String(r.retired_on),
    holders: Number(r.holders ?? 0),
    state: r.retired_on !== null && String(r.retired_on) <= day ? 'retired' as const
      : r.effective_from !== null && String(r.effective_from) > day ? 'scheduled' as const : 'active' as const,
  }));
}

/** One position by id (any state), or undefined. */
export function findPosition(db: Kysely<Database>, id: number) {
  return db.selectFrom('positions').select(['id', 'company_id', 'code', 'name', 'name_ja', 'name_zh', 'effective_from', 'retired_on'])
    .where('id', '=', id).executeTakeFirst();
}
