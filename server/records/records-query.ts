import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { badRequest } from '../lib/errors';
import { likePattern } from '../lib/paging';
import type { KeyTerm } from '../lib/keyset';
import { recordsInCompanies } from './records-access';
import type { RecordFilter, RecordMember } from '../../src/wire/records';
import type { StatisticsContext } from '../statistics/statistics-context';

/** Newest transaction first; the file id breaks ties within a document. */
export const RECORD_ORDER: KeyTerm[] = [
  { key: 'date', column: 'r.record_date', direction: 'desc', type: 'date' },
  { key: 'document', column: 'r.buffer_id', direction: 'desc', type: 'integer' },
  { key: 'file', column: 'r.file_id', direction: 'desc', type: 'integer' },
];

/** The conditions of a filter within the companies (null = all); a reversed range is a 400. */
export async function recordConditions(db: Kysely<Database>, ctx: StatisticsContext, filter: RecordFilter, companies: number[] | null): Promise<Expression<SqlBool>[]> {
  const after = filter['date[after]'];
  const before = filter['date[before]'];
  if (after && before && after > before) throw badRequest(ctx.t('server.records.badDateRange', { after, before }));
  const low = filter['amount[gte]'];
  const high = filter['amount[lte]'];
  if (low !== undefined && high !== undefined && low > high) throw badRequest(ctx.t('server.records.badAmountRange', { low, high }));
  return recordConditionsFor(db, filter, companies);
}

/** The conditions of an already checked filter (the export job runs them after the request). */
export async function recordConditionsFor(db: Kysely<Database>, filter: RecordFilter, companies: number[] | null): Promise<Expression<SqlBool>[]> {
  const after = filter['date[after]'];
  const before = filter['date[before]'];
  const low = filter['amount[gte]'];
  const high = filter['amount[lte]'];
  const out: Expression<SqlBool>[] = [recordsInCompanies(companies)];
  if (!filter.include_removed) out.push(sql<SqlBool>`r.removed_at is null`);
  if (after) out.push(sql<SqlBool>`r.record_date >= ${after}::date`);
  if (before) out.push(sql<SqlBool>`r.record_date <= ${before}::date`);
  if (low !== undefined) out.push(sql<SqlBool>`r.amount >= ${low}`);
  if (high !== undefined) out.push(sql<SqlBool>`r.amount <= ${high}`);
  // counterparty_search is lower(counterparty): LIKE on it is ILIKE without lowering every row.
  if (filter.counterparty) out.push(sql<SqlBool>`r.counterparty_search like ${likePattern(filter.counterparty.toLowerCase())}`);
  if (filter['module.code']) out.push(sql<SqlBool>`r.module_code = ${filter['module.code']}`);
  // 申請番号 / 決裁番号 (issue #36): the numbers are the document's (part of one, case-insensitive).
  for (const column of ['application_number', 'decision_number'] as const) {
    const value = filter[column];
    if (value) out.push(sql<SqlBool>`r.buffer_id in (select b.id from buffers b where ${sql.ref(`b.${column}`)} ilike ${likePattern(value)})`);
  }
  if (filter.registration_no) out.push(sql<SqlBool>`r.registration_no like ${likePattern(filter.registration_no)}`);
  if (filter.currency) {
    const currency = /^\d+$/.test(filter.currency)
      ? (await db.selectFrom('currencies').select('code').where('id', '=', Number(filter.currency)).executeTakeFirst())?.code
      : filter.currency.toUpperCase();
    out.push(currency ? sql<SqlBool>`r.currency = ${currency}` : sql<SqlBool>`false`);
  }
  return out;
}

/** The selected columns of a record row (aliases read by `recordMember`). */
export const RECORD_COLUMNS = sql`r.record_date::text as date, r.amount::text as amount, r.currency, r.counterparty, r.registration_no,
  r.buffer_id, r.code, r.module_code, r.file_id, r.file_name, r.sha256, r.document_type, r.removed_at,
  (select b.application_number from buffers b where b.id = r.buffer_id) as application_number,
  (select b.decision_number from buffers b where b.id = r.buffer_id) as decision_number`;

interface RecordRow {
  date: string; amount: string | null; currency: string | null; counterparty: string | null; registration_no: string | null;
  buffer_id: number; code: string; module_code: string; file_id: number; file_name: string; sha256: string; document_type: string;
  removed_at: Date | string | null;
  application_number: string | null; decision_number: string | null;
}

/** The API shape of a selected row. */
export function recordMember(row: Record<string, unknown>): RecordMember {
  const r = row as unknown as RecordRow;
  return {
    date: r.date, amount: r.amount === null ? null : Number(r.amount), currency: r.currency, counterparty: r.counterparty,
    registration_no: r.registration_no, document: {
      id: r.buffer_id, code: r.code, module: r.module_code, application_number: r.application_number ?? null, decision_number: r.decision_number ?? null,
    },
    file: { id: r.file_id, name: r.file_name, sha256: r.sha256, document_type: r.document_type },
    removed_at: r.removed_at === null ? null : new Date(r.removed_at).toISOString(),
  };
}

/** Every record of a filter in the list's order, at most `limit` (the export). */
export async function recordRows(db: Kysely<Database>, conditions: Expression<SqlBool>[], limit: number): Promise<RecordMember[]> {
  const rows = await sql<Record<string, unknown>>`select ${RECORD_COLUMNS} from records r where ${sql.join(conditions, sql` and `)}
    order by r.record_date desc, r.buffer_id desc, r.file_id desc limit ${limit}`.execute(db);
  return rows.rows.map(recordMember);
}
