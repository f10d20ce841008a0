import { sql, type Kysely } from 'kysely';
import { indexedStatisticPaths, type CompiledModule, type StatisticPathKind, type StatisticFacts } from '../../src/engine';
import { fileFieldNames } from '../files/file-field-names';
import { statisticFacts } from './facts';

/** One row of `statistic_paths` (migration 0620). */
export interface StatisticPathRow {
  module_code: string;
  kind: StatisticPathKind | 'file_field';
  position: number;
  head: string[];
  tail: string[] | null;
}

/** The module code under which the file field names (one set for all modules) are kept. */
export const ALL_MODULES = '*';
/** Documents refilled per statement when a module's paths change. */
const REFILL_BATCH = 5000;

/** `a.b` or `items[].c.d` as head and tail, split exactly as `anyAtPath` (data-path.ts) reads it. */
function splitPath(path: string): { head: string[]; tail: string[] | null } {
  const [head, tail] = path.split('[]');
  return { head: head.split('.'), tail: tail === undefined ? null : tail.replace(/^\./, '').split('.').filter(Boolean) };
}

/** The rows `statistic_paths` must hold for these facts and file fields, by module code. */
export function statisticPathRows(facts: Map<string, StatisticFacts>, fileFields: string[]): Map<string, StatisticPathRow[]> {
  const out = new Map<string, StatisticPathRow[]>();
  for (const [code, f] of facts) {
    // The statistics-fact table says which paths each fact indexes, and how they are read.
    const rows: StatisticPathRow[] = [];
    const next = new Map<string, number>();
    for (const { kind, whole, path } of indexedStatisticPaths(f)) {
      const position = next.get(kind) ?? 0;
      next.set(kind, position + 1);
      rows.push({ module_code: code, kind, position, ...(whole ? { head: path.split('.'), tail: null } : splitPath(path)) });
    }
    out.set(code, rows);
  }
  out.set(ALL_MODULES, fileFields.map((name, position) => ({ module_code: ALL_MODULES, kind: 'file_field', position, head: [name], tail: null })));
  return out;
}

/** A PostgreSQL array literal (both drivers take it as text; PGlite does not serialise JS arrays). */
export function arrayLiteral(values: Array<string | number>): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

const signature = (rows: StatisticPathRow[]) => JSON.stringify([...rows]
  .sort((a, b) => a.kind.localeCompare(b.kind) || a.position - b.position)
  .map((r) => [r.kind, r.position, r.head, r.tail]));

/**
 * Makes `statistic_paths` follow the definitions and refills the statistics rows of every
 * module whose paths changed (all documents when the file fields changed); returns the codes
 * refilled. Serialised by a table lock, so instances starting together refill once. Run at
 * start (`buildApp`) and inside the publish transaction, so a document filed under a new
 * version is searched by the new paths from its first row on.
 */
export async function syncStatisticPaths(db: Kysely<any>, modules: Record<string, CompiledModule>): Promise<string[]> {
  const wanted = statisticPathRows(statisticFacts({ modules }), fileFieldNames(modules));
  const run = async (trx: Kysely<any>) => {
    await sql`lock table statistic_paths in share row exclusive mode`.execute(trx);
    const current = await sql<StatisticPathRow>`select module_code, kind, position, head, tail from statistic_paths`.execute(trx);
    const have = new Map<string, StatisticPathRow[]>();
    for (const row of current.rows) have.set(row.module_code, [...(have.get(row.module_code) ?? []), row]);
    const changed = [...new Set([...wanted.keys(), ...have.keys()])]
      .filter((code) => signature(wanted.get(code) ?? []) !== signature(have.get(code) ?? []));
    if (!changed.length) return [];
    await sql`delete from statistic_paths where module_code in (${sql.join(changed)})`.execute(trx);
    const rows = changed.flatMap((code) => wanted.get(code) ?? []);
    for (const row of rows) {
      await sql`insert into statistic_paths (module_code, kind, position, head, tail)
        values (${row.module_code}, ${row.kind}, ${row.position}, ${arrayLiteral(row.head)}::text[], ${row.tail === null ? null : arrayLiteral(row.tail)}::text[])`.execute(trx);
    }
    const refill = changed.includes(ALL_MODULES) ? sql`true` : sql`module_code in (${sql.join(changed)})`;
    let after = 0;
    for (;;) {
      const batch = await sql<{ id: number }>`select id from buffers where ${refill} and id > ${after} order by id limit ${REFILL_BATCH}`.execute(trx);
      if (!batch.rows.length) break;
      await sql`select ringi_stats_fill(${arrayLiteral(batch.rows.map((r) => r.id))}::integer[])`.execute(trx);
      after = batch.rows[batch.rows.length - 1].id;
    }
    return changed;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
