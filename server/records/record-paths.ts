import { sql, type Kysely } from 'kysely';
import type { CompiledModule, RecordFields } from '../../src/engine';
import { arrayLiteral } from '../statistics/statistic-paths';

/** One row of `record_paths` (migration 0900). */
export interface RecordPathRow {
  module_code: string;
  doc_type: string;
  field: 'date' | 'amount' | 'currency' | 'counterparty' | 'registration_no';
  position: number;
  head: string[];
  tail: string[] | null;
}

/** Documents refilled per statement when a module's record fields change. */
const REFILL_BATCH = 5000;

/** `a.b` or `items[].c.d` as head and tail (the rule of `ringi_stat_values`). */
function splitPath(path: string): { head: string[]; tail: string[] | null } {
  const [head, tail] = path.split('[]');
  return { head: head.split('.'), tail: tail === undefined ? null : tail.replace(/^\./, '').split('.').filter(Boolean) };
}

function rowsOf(code: string, docType: string, fields: RecordFields): RecordPathRow[] {
  const of = (field: RecordPathRow['field'], paths: string[] | undefined) =>
    (paths ?? []).map((path, position) => ({ module_code: code, doc_type: docType, field, position, ...splitPath(path) }));
  return [
    ...of('date', fields.date), ...of('amount', fields.amount ? [fields.amount] : undefined),
    ...of('currency', fields.currency ? [fields.currency] : undefined), ...of('counterparty', fields.counterparty),
    ...of('registration_no', fields.registrationNo),
  ];
}

/** The rows `record_paths` must hold for the modules' `statistics.records`, by module code. */
export function recordPathRows(modules: Record<string, CompiledModule>): Map<string, RecordPathRow[]> {
  const out = new Map<string, RecordPathRow[]>();
  for (const module of Object.values(modules)) {
    if (module.kind !== 'module') continue;
    const records = module.meta.statistics?.records;
    out.set(module.code, records
      ? [...rowsOf(module.code, '', records), ...Object.entries(records.kinds ?? {}).flatMap(([kind, fields]) => rowsOf(module.code, kind, fields))]
      : []);
  }
  return out;
}

const signature = (rows: RecordPathRow[]) => JSON.stringify([...rows]
  .sort((a, b) => a.doc_type.localeCompare(b.doc_type) || a.field.localeCompare(b.field) || a.position - b.position)
  .map((r) => [r.doc_type, r.field, r.position, r.head, r.tail]));

/**
 * Makes `record_paths` follow the definitions and refills the records of every module whose
 * record fields changed; returns the codes refilled. Run at start and in the publish transaction
 * (beside `syncStatisticPaths`, whose file rows the records read), serialised by a table lock.
 */
export async function syncRecordPaths(db: Kysely<any>, modules: Record<string, CompiledModule>): Promise<string[]> {
  const wanted = recordPathRows(modules);
  const run = async (trx: Kysely<any>) => {
    await sql`lock table record_paths in share row exclusive mode`.execute(trx);
    const current = await sql<RecordPathRow>`select module_code, doc_type, field, position, head, tail from record_paths`.execute(trx);
    const have = new Map<string, RecordPathRow[]>();
    for (const row of current.rows) have.set(row.module_code, [...(have.get(row.module_code) ?? []), row]);
    const changed = [...new Set([...wanted.keys(), ...have.keys()])]
      .filter((code) => signature(wanted.get(code) ?? []) !== signature(have.get(code) ?? []));
    if (!changed.length) return [];
    await sql`delete from record_paths where module_code in (${sql.join(changed)})`.execute(trx);
    for (const row of changed.flatMap((code) => wanted.get(code) ?? [])) {
      await sql`insert into record_paths (module_code, doc_type, field, position, head, tail)
        values (${row.module_code}, ${row.doc_type}, ${row.field}, ${row.position}, ${arrayLiteral(row.head)}::text[],
          ${row.tail === null ? null : arrayLiteral(row.tail)}::text[])`.execute(trx);
    }
    let after = 0;
    for (;;) {
      const batch = await sql<{ id: number }>`select id from buffers where module_code in (${sql.join(changed)}) and id > ${after}
        order by id limit ${REFILL_BATCH}`.execute(trx);
      if (!batch.rows.length) break;
      await sql`select ringi_records_fill(${arrayLiteral(batch.rows.map((r) => r.id))}::integer[])`.execute(trx);
      after = batch.rows[batch.rows.length - 1].id;
    }
    return changed;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
