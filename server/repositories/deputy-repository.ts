import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';

/**
 * Deputy arrangements (代理, migration 0930): the rows and the one "in effect" condition every
 * reader shares — on `day` (YYYY-MM-DD, both ends inclusive), for `moduleCode` (an arrangement
 * without modules covers every module), the deputy an enabled user.
 */

/** One arrangement as stored. */
export interface DeputyRow {
  id: number;
  principal_id: number;
  deputy_id: number;
  from_date: string;
  to_date: string;
  module_codes: string[] | null;
  created_at: Date | string;
}

/**
 * The SQL condition "arrangement `alias` is in effect on `day` for the module `moduleCode`" (a
 * value or an SQL expression such as `buffers.module_code`), its deputy enabled.
 */
export function deputyInEffect(alias: string, day: string, moduleCode: Expression<string> | string): Expression<SqlBool> {
  return arrangementInEffect(alias, day, moduleCode, 'deputy_id');
}

/**
 * The "in effect" condition of any arrangement of this shape (principal, person, days, modules):
 * a deputy (`deputies.deputy_id`) or a filer allowed to file for the principal
 * (`proxy_filers.filer_id`, 代理申請) — on `day`, for `moduleCode`, the person enabled.
 */
export function arrangementInEffect(alias: string, day: string, moduleCode: Expression<string> | string, person: 'deputy_id' | 'filer_id'): Expression<SqlBool> {
  const a = sql.table(alias);
  const module = typeof moduleCode === 'string' ? sql`${moduleCode}::text` : moduleCode;
  return sql<SqlBool>`(${a}.from_date <= ${day}::date and ${a}.to_date >= ${day}::date
    and (${a}.module_codes is null or ${a}.module_codes @> jsonb_build_array(${module}))
    and exists (select 1 from users d_u where d_u.id = ${sql.ref(`${alias}.${person}`)} and not d_u.disabled))`;
}

/** The deputies (enabled users) acting for each of `principalIds` on `day` for `moduleCode`: pairs, each once. */
export async function deputiesOfPrincipals(db: Kysely<Database>, principalIds: number[], moduleCode: string, day: string): Promise<Array<{ principal_id: number; deputy_id: number }>> {
  if (principalIds.length === 0) return [];
  return db.selectFrom('deputies as d')
    .select(['d.principal_id', 'd.deputy_id']).distinct()
    .where('d.principal_id', 'in', principalIds)
    .where(deputyInEffect('d', day, moduleCode))
    .orderBy('d.principal_id').orderBy('d.deputy_id')
    .execute();
}

/** Does `deputyId` act for anyone on `day` (any module)? The pending list takes its indexed path when not. */
export async function actsForAnyone(db: Kysely<Database>, deputyId: number, day: string): Promise<boolean> {
  const row = await db.selectFrom('deputies').select('id')
    .where('deputy_id', '=', deputyId).where('from_date', '<=', day).where('to_date', '>=', day)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A principal's arrangements with the deputy's name: current and upcoming first (by start), then ended ones. */
export async function arrangementsOf(db: Kysely<Database>, principalId: number, day: string) {
  return db.selectFrom('deputies as d')
    .innerJoin('users as deputy', 'deputy.id', 'd.deputy_id')
    .innerJoin('users as principal', 'principal.id', 'd.principal_id')
    .select(['d.id', 'd.from_date', 'd.to_date', 'd.module_codes', 'd.created_at',
      'deputy.id as deputy_id', 'deputy.name as deputy_name', 'deputy.disabled as deputy_disabled',
      'principal.id as principal_id', 'principal.name as principal_name'])
    .where('d.principal_id', '=', principalId)
    .orderBy(sql`d.to_date < ${day}::date`).orderBy('d.from_date').orderBy('d.id')
    .execute();
}

/** Arrangements of the principal with this deputy whose period overlaps `from`..`to` (for the duplicate check). */
export async function overlappingArrangements(db: Kysely<Database>, principalId: number, deputyId: number, from: string, to: string): Promise<DeputyRow[]> {
  return db.selectFrom('deputies').selectAll()
    .where('principal_id', '=', principalId).where('deputy_id', '=', deputyId)
    .where('from_date', '<=', to).where('to_date', '>=', from)
    .execute();
}

/** Stores an arrangement; its id. */
export async function insertArrangement(db: Kysely<Database>, row: { principal_id: number; deputy_id: number; from_date: string; to_date: string; module_codes: string[] | null }): Promise<number> {
  const { id } = await db.insertInto('deputies')
    .values({ ...row, module_codes: row.module_codes === null ? null : JSON.stringify(row.module_codes) })
    .returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Deletes one of the principal's arrangements; false when there is none with this id (or it is someone else's). */
export async function deleteArrangement(db: Kysely<Database>, id: number, principalId: number): Promise<boolean> {
  const result = await db.deleteFrom('deputies').where('id', '=', id).where('principal_id', '=', principalId).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
