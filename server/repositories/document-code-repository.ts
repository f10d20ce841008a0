import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** What a filing numbers from a sequence per prefix (migration 1400): the `buffers` column and its zero-padded width. */
const WIDTH = {
  /** The document code, `PUR-2026-000001`. */
  code: 6,
  /** The stamp number of a module that needs one, `CS2026-0001`. */
  stamp_no: 4,
} as const;

export type SequenceNumber = keyof typeof WIDTH;

/**
 * The next `kind` under `prefix` (`PUR-2026-` → `PUR-2026-000124`), from the prefix's sequence
 * (migration 1400): no lock is held afterwards, so concurrent filings of a module do not wait for
 * each other's commits. A filing that fails after this leaves the number unused; it is never handed
 * out twice (the unique index on `buffers.code` is the last guard).
 */
export async function takeNextNumber(db: Kysely<Database>, kind: SequenceNumber, prefix: string): Promise<string> {
  const { rows } = await sql<{ number: string }>`select ringi_take_number(${kind}, ${prefix}, ${WIDTH[kind]}::integer) as number`.execute(db);
  return rows[0].number;
}

/** Preview of the next `kind` under `prefix` (not reserved: another submission may take it first). */
export async function peekNextNumber(db: Kysely<Database>, kind: SequenceNumber, prefix: string): Promise<string> {
  const { rows } = await sql<{ number: string }>`select ringi_peek_number(${kind}, ${prefix}, ${WIDTH[kind]}::integer) as number`.execute(db);
  return rows[0].number;
}

/** Prefix of document codes: `<codePrefix>-<year>-`. */
export function codePrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}-${now.getUTCFullYear()}-`;
}

/** Prefix of stamp numbers: `<codePrefix><year>-`. */
export function stampPrefix(modulePrefix: string, now = new Date()): string {
  return `${modulePrefix}${now.getUTCFullYear()}-`;
}
