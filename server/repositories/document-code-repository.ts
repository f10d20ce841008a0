import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';

/** Zero-padded width of the sequence part of a document code (`PUR-2026-000001`). */
const CODE_DIGITS = 6;
/** Zero-padded width of a stamp number's sequence (`CS2026-0001`). */
const STAMP_DIGITS = 4;

type Db = Kysely<Database> | Transaction<Database>;

/** The last sequence number used under `prefix` in `column`, 0 when none. */
async function lastSequence(db: Db, column: 'code' | 'stamp_no', prefix: string): Promise<number> {
  // Byte order (`~>~`) over the text_pattern_ops index (migration 0801): the prefix's range is an
  // index range and its last code the first row backwards; the sequence is zero-padded, so the
  // byte-wise last is the highest number.
  const row = await db.selectFrom('buffers')
    .select(sql<string | null>`${sql.ref(column)}`.as('last'))
    .where(column, 'like', `${prefix.replace(/[%_\\]/g, '\\$&')}%`)
    .orderBy(sql`${sql.ref(column)} using ~>~`)
    .limit(1)
    .executeTakeFirst();
  const last = row?.last ?? null;
  return last ? Number(last.slice(prefix.length)) || 0 : 0;
}

/**
 * Take the next number under `prefix` inside the caller's transaction. A transaction-scoped
 * advisory lock per prefix serialises concurrent submissions on PostgreSQL (PGlite already runs
 * one transaction at a time), and the unique index on `buffers.code` is the last guard.
 */
export async function takeNextNumber(trx: Transaction<Database>, column: 'code' | 'stamp_no', prefix: string): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${column}:${prefix}`}))`.execute(trx);
  const next = (await lastSequence(trx, column, prefix)) + 1;
  return `${prefix}${String(next).padStart(column === 'code' ? CODE_DIGITS : STAMP_DIGITS, '0')}`;
}

/** Preview of the next number under `prefix` (not reserved: another submission may take it first). */
export async function peekNextNumber(db: Db, column: 'code' | 'stamp_no', prefix: string): Promise<string> {
  const next = (await lastSequence(db, column, prefix)) + 1;
  return `${prefix}${String(next).padStart(column === 'code' ? CODE_DIGITS : STAMP_DIGITS, '0')}`;
}

/** Prefix of document codes: `<codePrefix>-<year>-`. */
export function codePrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}-${now.getUTCFullYear()}-`;
}

/** Prefix of stamp numbers: `<codePrefix><year>-`. */
export function stampPrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}${now.getUTCFullYear()}-`;
}
