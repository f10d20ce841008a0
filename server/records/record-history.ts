import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { likePattern } from '../lib/paging';
import type { ChainProblem, HistoryEntry, HistoryFilter, VerifyReport } from '../../src/wire/records';

/** The entries of a document matching the filter, oldest first (the chain's order). */
export async function historyEntries(db: Kysely<Database>, bufferId: number, filter: HistoryFilter = {}): Promise<HistoryEntry[]> {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`h.buffer_id = ${bufferId}`];
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

/**
 * Recomputes every chain of the documents the condition selects (over `buffers b`, e.g. the
 * records scope) in the database, with the same function that wrote the hashes; at most
 * `limit` problems are listed (the counts are complete).
 */
export async function verifyChains(db: Kysely<Database>, documents: Expression<SqlBool>, limit = 1000): Promise<VerifyReport> {
  const problems = await sql<{ buffer_id: number; code: string | null; seq: number | null; problem: ChainProblem['problem'] }>`
    with docs as (select b.id, b.code, b.data, b.status from buffers b where ${documents}),
    h as (
      select h.*, lag(h.hash) over w as lag_hash, row_number() over w as rn,
        ringi_history_hash(h.prev_hash, h.buffer_id, h.seq, h.at, h.actor_id, h.reason, h.kind, h.before, h.after,
          h.files_added, h.files_removed, h.data_hash, h.on_behalf_of_id) as recomputed
      from record_history h where h.buffer_id in (select id from docs) window w as (partition by h.buffer_id order by h.seq)),
    found as (
      select h.buffer_id, h.seq, case when h.recomputed <> h.hash then 'hash' when coalesce(h.lag_hash, '') <> h.prev_hash then 'link'
        when h.seq <> h.rn then 'gap' end as problem from h
      union all
      select d.id, last.seq, 'data' from docs d join lateral (select x.seq, x.data_hash from record_history x where x.buffer_id = d.id
        order by x.seq desc limit 1) last on true where last.data_hash <> ringi_data_hash(d.data, d.status)
      union all
      select d.id, null, 'missing' from docs d where not exists (select 1 from record_history x where x.buffer_id = d.id))
    select f.buffer_id, d.code, f.seq, f.problem from found f join docs d on d.id = f.buffer_id where f.problem is not null
    order by f.buffer_id, f.seq nulls first limit ${limit}`.execute(db);
  const counts = await sql<{ documents: number; entries: number }>`
    select (select count(*)::int from buffers b where ${documents}) as documents,
      (select count(*)::int from record_history h where h.buffer_id in (select b.id from buffers b where ${documents})) as entries`.execute(db);
  const unattributed = await sql<{ buffer_id: number; code: string | null; seq: number }>`
    select h.buffer_id, b.code, h.seq from record_history h join buffers b on b.id = h.buffer_id
    where h.actor_id is null and ${documents} order by h.buffer_id, h.seq limit ${limit}`.execute(db);
  return {
    documents: counts.rows[0].documents, entries: counts.rows[0].entries, ok: problems.rows.length === 0,
    broken: problems.rows.map((p) => ({ document: { id: p.buffer_id, code: p.code }, seq: p.seq, problem: p.problem })),
    unattributed: unattributed.rows.map((u) => ({ document: { id: u.buffer_id, code: u.code }, seq: u.seq })),
  };
}
