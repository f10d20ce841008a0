import { createHmac } from 'node:crypto';
import { CompiledQuery, sql, type DatabaseConnection, type Kysely } from 'kysely';
import type { CommitHook } from '../db/commit-hooks';
import { noteQueued } from '../lib/outbox-kicks';

/**
 * The seals of the records' history (migration 0980): each entry's HMAC-SHA256 under the
 * records key, which the database never holds (`RECORDS_KEY` or `<dataDir>/records-key`). The
 * SHA-256 chain the trigger writes shows an entry was not changed afterwards; the seal shows the
 * application wrote it. Someone with database rights can recompute SHA-256, not the seal.
 */

/** What a seal covers: the entry's document, place in the chain and hash (the hash covers every other field). */
export interface SealedEntry {
  buffer_id: number;
  seq: number;
  hash: string;
}

/** The seal of an entry; `legacy` for an entry written before sealing existed, adopted by the first start after it. */
export function entryMac(key: Buffer, entry: SealedEntry, legacy = false): string {
  const mac = createHmac('sha256', key)
    .update(`ringi-history-v1\x1e${legacy ? 'legacy' : 'sealed'}\x1e${entry.buffer_id}\x1e${entry.seq}\x1e${entry.hash}`).digest('hex');
  return legacy ? `legacy:${mac}` : mac;
}

/** Whether an entry's stored `mac` is its valid seal (an adopted legacy seal included). */
export function sealHolds(key: Buffer, entry: SealedEntry & { mac: string | null }): boolean {
  if (!entry.mac || entry.mac === 'legacy') return false;
  return entry.mac === entryMac(key, entry, entry.mac.startsWith('legacy:'));
}

/** The record key as HMAC key bytes. */
export const sealKey = (key: string): Buffer => Buffer.from(key, 'utf8');

/**
 * The entries this transaction wrote and has not sealed: the ids the trigger noted in the
 * transaction-local `ringi.unsealed`, and only rows this very transaction wrote — so no row written
 * by another session is ever sealed here, whatever that session noted. A row is this transaction's
 * when its `xmin` is the transaction's xid or one of its subtransactions' (a row written inside a
 * savepoint — also every write after `ROLLBACK TO SAVEPOINT`, which leaves the savepoint open —
 * carries the subtransaction's xid): a visible row whose `xmin` is still in progress can only be
 * ours, since no other session's uncommitted row is visible. Subtransaction xids come after the
 * transaction's own, so the xid's epoch is the transaction's, or the next one when the 32-bit
 * counter wrapped in between.
 */
const UNSEALED = `select h.id, h.buffer_id, h.seq, h.hash, t.webhooks from record_history h
  cross join (select pg_current_xact_id_if_assigned() as top,
    exists (select 1 from webhook_endpoints where disabled_at is null and events @> '["record.changed"]'::jsonb) as webhooks) t
  where h.id = any(string_to_array(nullif(current_setting('ringi.unsealed', true), ''), ',')::bigint[])
    and h.mac is null
    and case when h.xmin = t.top::xid then true
      else pg_xact_status((((t.top::text::bigint >> 32) << 32) + h.xmin::text::bigint
        + case when h.xmin::text::bigint < (t.top::text::bigint & 4294967295) then 4294967296 else 0 end)::text::xid8) = 'in progress' end`;

/**
 * The commit hook that seals, just before COMMIT, every history entry the committing transaction
 * wrote (one indexed read when it wrote none). An entry written by any other session — psql
 * after `set_config('ringi.actor', …)`, an import around the app — stays unsealed, and
 * `verifyRecords` reports it.
 */
export function historySealer(key: Buffer): CommitHook {
  return async (connection: DatabaseConnection) => {
    const rows = (await connection.executeQuery<SealedEntry & { id: number; webhooks: boolean }>(CompiledQuery.raw(UNSEALED, []))).rows;
    if (!rows.length) return;
    // Where an endpoint listens for `record.changed` (the condition the history's trigger checks
    // first, migration 1120), the entries may have queued its messages: the request's response
    // kicks the dispatcher (server/plugins/outbox-kicks.ts). Nowhere else: it would claim nothing.
    if (rows[0].webhooks) noteQueued('webhooks');
    const ids = `{${rows.map((r) => r.id).join(',')}}`;
    const macs = `{${rows.map((r) => entryMac(key, r)).join(',')}}`;
    await connection.executeQuery(CompiledQuery.raw(`update record_history h set mac = v.mac
      from unnest($1::bigint[], $2::text[]) as v(id, mac) where h.id = v.id and h.mac is null`, [ids, macs]));
    await connection.executeQuery(CompiledQuery.raw(`select set_config('ringi.unsealed', '', true)`, []));
  };
}

/**
 * Seals the entries written before sealing existed (marked `legacy` by migration 0980), once:
 * the caller runs it at the first start after the upgrade only (the data folder remembers it,
 * server/plugins/records-integrity.ts). Returns how many were sealed.
 */
export async function adoptLegacyEntries(db: Kysely<any>, key: Buffer): Promise<number> {
  let sealed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await sql<SealedEntry & { id: number }>`select id, buffer_id, seq, hash from record_history
        where mac = 'legacy' order by id limit 5000`.execute(trx);
      if (!rows.rows.length) return 0;
      const ids = `{${rows.rows.map((r) => r.id).join(',')}}`;
      const macs = `{${rows.rows.map((r) => entryMac(key, r, true)).join(',')}}`;
      await sql`update record_history h set mac = v.mac from unnest(${ids}::bigint[], ${macs}::text[]) as v(id, mac)
        where h.id = v.id and h.mac = 'legacy'`.execute(trx);
      return rows.rows.length;
    });
    if (!done) return sealed;
    sealed += done;
  }
}
