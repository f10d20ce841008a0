import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { likePattern } from '../lib/paging';
import type { HistoryEntry, HistoryFilter } from '../../src/wire/records';

/** The entries of a document matching the filter, oldest first (the chain's order). */
export async function historyEntries(db: Kysely<Database>, documentId: number, filter: HistoryFilter = {}): Promise<HistoryEntry[]> {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`h.buffer_id = ${documentId}`];
  if (filter.kind) where.push(sql<SqlBool>`h.kind = ${filter.kind}`);
  if (filter['actor.id']) where.push(sql<SqlBool>`h.actor_id = ${filter['actor.id']}`);
  if (filter['at[after]']) where.push(sql<SqlBool>`h.at >= ${filter['at[after]']}::date`);
  if (filter['at[before]']) where.push(sql<SqlBool>`h.at < ${filter['at[before]']}::date + 1`);
  // Searchable (通達 10-2): any text of the entry — the reason, the changed fields and values, the files, who.
  if (filter.q) {
    where.push(sql<SqlBool>`concat_ws(' ', h.reason, h.kind, h.before::text, h.after::text, h.files_added::text, h.files_removed::text, u.name, p.name) ilike ${likePattern(filter.q)}`);
  }
  const rows = await sql<{
    seq: number; at: Date; actor_id: number | null; actor_name: string | null; principal_id: number | null; principal_name: string | null;
    reason: string | null; kind: string;
    before: Record<string, unknown> | null; after: Record<string, unknown> | null; files_added: HistoryEntry['files_added'];
    files_removed: HistoryEntry['files_removed']; hash: string; prev_hash: string;
  }>`select h.seq, h.at, h.actor_id, u.name as actor_name, h.on_behalf_of_id as principal_id, p.name as principal_name, h.reason, h.kind,
      h.before, h.after, h.files_added, h.files_removed, h.hash, h.prev_hash
    from record_history h left join users u on u.id = h.actor_id left join users p on p.id = h.on_behalf_of_id where ${sql.join(where, sql` and `)} order by h.seq`.execute(db);
  return rows.rows.map((r) => ({
    seq: r.seq, at: new Date(r.at).toISOString(), actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? '' },
    on_behalf_of: r.principal_id === null ? null : { id: r.principal_id, name: r.principal_name ?? '' },
    reason: r.reason, kind: r.kind, before: r.before, after: r.after, files_added: r.files_added, files_removed: r.files_removed,
    hash: r.hash, prev_hash: r.prev_hash,
  }));
}
