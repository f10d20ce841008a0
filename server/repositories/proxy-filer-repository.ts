import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { arrangementInEffect } from './deputy-repository';

/**
 * Permissions to file for someone (代理申請, migration 1241): the rows, read with the deputies'
 * "in effect" condition (`arrangementInEffect`) — same days, same module rule, the person enabled.
 */

/** A principal's permissions (`principalId`) or a filer's (`filerId`), with both names: current and upcoming first, then ended ones. */
export async function proxyFilersOf(db: Kysely<Database>, who: { principalId: number } | { filerId: number }, day: string) {
  return db.selectFrom('proxy_filers as p')
    .innerJoin('users as filer', 'filer.id', 'p.filer_id')
    .innerJoin('users as principal', 'principal.id', 'p.principal_id')
    .select(['p.id', 'p.from_date', 'p.to_date', 'p.module_codes', 'p.created_at',
      'filer.id as filer_id', 'filer.name as filer_name', 'principal.id as principal_id', 'principal.name as principal_name'])
    .$if('principalId' in who, (q) => q.where('p.principal_id', '=', (who as { principalId: number }).principalId))
    .$if('filerId' in who, (q) => q.where('p.filer_id', '=', (who as { filerId: number }).filerId).where('principal.disabled', '=', false))
    .orderBy(sql`p.to_date < ${day}::date`).orderBy('p.from_date').orderBy('p.id')
    .execute();
}

/** May `filerId` file a document of `moduleCode` for `principalId` on `day` (a permission in effect, the filer enabled)? */
export async function mayFileFor(db: Kysely<Database>, filerId: number, principalId: number, moduleCode: string, day: string): Promise<boolean> {
  const row = await db.selectFrom('proxy_filers as p').select('p.id')
    .where('p.filer_id', '=', filerId).where('p.principal_id', '=', principalId)
    .where(arrangementInEffect('p', day, moduleCode, 'filer_id'))
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Permissions of the principal with this filer whose period overlaps `from`..`to` (the duplicate check). */
export async function overlappingProxyFilers(db: Kysely<Database>, principalId: number, filerId: number, from: string, to: string) {
  return db.selectFrom('proxy_filers').select(['id', 'module_codes'])
    .where('principal_id', '=', principalId).where('filer_id', '=', filerId)
    .where('from_date', '<=', to).where('to_date', '>=', from)
    .execute();
}

/** Stores a permission; its id. */
export async function insertProxyFiler(db: Kysely<Database>, row: { principal_id: number; filer_id: number; from_date: string; to_date: string; module_codes: string[] | null }): Promise<number> {
  const { id } = await db.insertInto('proxy_filers')
    .values({ ...row, module_codes: row.module_codes === null ? null : JSON.stringify(row.module_codes) })
    .returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Withdraws one of the principal's permissions; false when there is none with this id (or it is someone else's). */
export async function deleteProxyFiler(db: Kysely<Database>, id: number, principalId: number): Promise<boolean> {
  const result = await db.deleteFrom('proxy_filers').where('id', '=', id).where('principal_id', '=', principalId).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
