import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';

/** Zero-padded width of the sequence part of a document code (`PUR-2026-000001`). */
const CODE_DIGITS = 6;
/** Zero-padded width of a stamp number's sequence (`CS2026-0001`). */
const STAMP_DIGITS = 4;

type Db = Kysely<Database> | Transaction<Database>;

/** The last stamp number's sequence used under `prefix`, 0 when none. */
async function lastStampSequence(db: Db, prefix: string): Promise<number> {
  // Byte order (`~>~`) over the text_pattern_ops index (migration 0801): the prefix's range is an
  // index range and its last number the first row backwards; the sequence is zero-padded, so the
  // byte-wise last is the highest number.
  const row = await db.selectFrom('buffers')
    .select('stamp_no as last')
    .where('stamp_no', 'like', `${prefix.replace(/[%_\\]/g, '\\$&')}%`)
    .orderBy(sql`stamp_no using ~>~`)
    .limit(1)
    .executeTakeFirst();
  const last = row?.last ?? null;
  return last ? Number(last.slice(prefix.length)) || 0 : 0;
}

/**
 * The next document code under `prefix` (`PUR-2026-` → `PUR-2026-000124`), from the prefix's
 * sequence (migration 1400): no lock is held afterwards, so concurrent filings of a module do not
 * wait for each other's commits. A filing that fails after this leaves the code unused; the unique
 * index on `buffers.code` is the last guard.
 */
export async function takeNextCode(db: Db, prefix: string): Promise<string> {
  const { rows } = await sql<{ code: string }>`select ringi_take_code(${prefix}, ${CODE_DIGITS}::integer) as code`.execute(db);
  return rows[0].code;
}

/**
 * Take the next stamp number under `prefix` inside the caller's transaction, without gaps: a
 * transaction-scoped advisory lock per prefix serialises concurrent submissions on PostgreSQL
 * (PGlite already runs one transaction at a time) until the commit.
 */
export async function takeNextStampNo(trx: Transaction<Database>, prefix: string): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext(${`stamp_no:${prefix}`}))`.execute(trx);
  return stampNumber(prefix, (await lastStampSequence(trx, prefix)) + 1);
}

/** Preview of the next code under `prefix` (not reserved: another submission may take it first). */
export async function peekNextCode(db: Db, prefix: string): Promise<string> {
  const { rows } = await sql<{ code: string }>`select ringi_peek_code(${prefix}, ${CODE_DIGITS}::integer) as code`.execute(db);
  return rows[0].code;
}

/** Preview of the next stamp number under `prefix` (not reserved). */
export async function peekNextStampNo(db: Db, prefix: string): Promise<string> {
  return stampNumber(prefix, (await lastStampSequence(db, prefix)) + 1);
}

const stampNumber = (prefix: string, sequence: number) => `${prefix}${String(sequence).padStart(STAMP_DIGITS, '0')}`;

/** Prefix of document codes: `<codePrefix>-<year>-`. */
export function codePrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}-${now.getUTCFullYear()}-`;
}

/** Prefix of stamp numbers: `<codePrefix><year>-`. */
export function stampPrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}${now.getUTCFullYear()}-`;
}
