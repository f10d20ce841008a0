import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** A currency as the app reads it (`currencies`: seeded with the database, never changed by the app). */
export interface CurrencyRow {
  id: number;
  code: string;
  /** Digits of its minor unit (JPY 0, CNY 2). */
  decimals: number;
}

/**
 * The cached list per database: keyed by the database handle's adapter, which a transaction
 * shares with the handle it was opened from (one read serves filings in every transaction).
 */
const cache = new WeakMap<object, Promise<CurrencyRow[]>>();
const keyOf = (db: Kysely<Database>) => db.getExecutor().adapter;

function read(db: Kysely<Database>): Promise<CurrencyRow[]> {
  const rows = db.selectFrom('currencies').select(['id', 'code', 'decimals']).orderBy('id').execute();
  rows.catch(() => cache.delete(keyOf(db)));
  cache.set(keyOf(db), rows);
  return rows;
}

/**
 * Every currency, read once per database (filing needed the table four times per document). The
 * app never changes currencies; one added behind its back (a seed, a test) is read again as soon
 * as a caller names an id the copy lacks (`need`).
 */
export async function currencyRows(db: Kysely<Database>, need?: unknown): Promise<CurrencyRow[]> {
  const rows = await (cache.get(keyOf(db)) ?? read(db));
  if (Number.isInteger(need) && !rows.some((row) => row.id === need)) return read(db);
  return rows;
}

/** One currency by id (undefined when there is none), from the cached list. */
export async function currencyById(db: Kysely<Database>, id: unknown): Promise<CurrencyRow | undefined> {
  if (!Number.isInteger(id)) return undefined;
  return (await currencyRows(db, id)).find((row) => row.id === id);
}
