import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Lang, StatisticFacts } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';
import { inCompanies } from './company-condition';
import { anyAtPath, dateTextBetween, numberAt } from './data-path';

/** The most rows one export holds (issue #11: 10,000 rows within 30 s and 300 MB). */
export const MAX_EXPORT_ROWS = 10000;

/** What an export covers (spec 001 §3 "Export filter"). */
export interface ExportParams {
  moduleCode: string;
  companyId: number;
  /** Inclusive `YYYY-MM-DD` days. */
  from: string;
  to: string;
  dateType: 'completion' | 'payment';
  fileType: 'pdf' | 'xlsx';
  lang: Lang;
}

/** One line of the report. */
export interface ExportRow {
  code: string;
  /** 申請番号 and 決裁番号 (issue #36), null where the module numbers none or not yet. */
  application_number: string | null;
  decision_number: string | null;
  status: number;
  requester: string;
  company: string | null;
  currency: string | null;
  amount: number | null;
  payment_date: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** The earliest `YYYY-MM-DD` value at a statistics path (`a.b` or `items[].c`), as text. */
function firstDateAt(path: string): RawBuilder<string | null> {
  const [head, tail] = path.split('[]');
  const outer = head.split('.');
  const day = (v: RawBuilder<unknown>) => sql`case when ${v} ~ '^\\d{4}-\\d{2}-\\d{2}$' then ${v} end`;
  if (tail === undefined) return sql<string | null>`${day(sql`(buffers.data #>> ${outer}::text[])`)}`;
  const inner = tail.replace(/^\./, '').split('.').filter(Boolean);
  return sql<string | null>`(select min(${day(sql`(x_el.value #>> ${inner}::text[])`)}) from jsonb_array_elements(case when jsonb_typeof(buffers.data #> ${outer}::text[]) = 'array'
    then buffers.data #> ${outer}::text[] else '[]'::jsonb end) x_el)`;
}

/**
 * The documents of the export: the module's documents of the company completed in the period
 * (`completion`), or on process or completed with a payment date in the period (`payment`),
 * oldest first; at most `MAX_EXPORT_ROWS + 1` (one more tells the caller the report is too large).
 */
export async function exportRows(db: Kysely<Database>, facts: StatisticFacts, p: ExportParams): Promise<ExportRow[]> {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`buffers.module_code = ${p.moduleCode}`, inCompanies([p.companyId])];
  if (p.dateType === 'completion') {
    conditions.push(sql<SqlBool>`buffers.status = 2 and buffers.completed_at >= ${p.from}::date and buffers.completed_at < ${p.to}::date + 1`);
  } else {
    const paths = facts.paymentDate ?? [];
    conditions.push(sql<SqlBool>`buffers.status in (0, 2)`);
    conditions.push(paths.length
      ? sql<SqlBool>`(${sql.join(paths.map((path) => anyAtPath(path, (v) => dateTextBetween(v, p.from, p.to))), sql` or `)})`
      : sql<SqlBool>`false`);
  }
  const paymentDate = facts.paymentDate?.length
    ? sql`coalesce(${sql.join(facts.paymentDate.map(firstDateAt), sql`, `)})` : sql`null`;
  const amount = facts.amount ? numberAt(facts.amount) : sql`null`;
  const order = p.dateType === 'completion' ? sql`buffers.completed_at, buffers.id` : sql`payment_date, buffers.id`;
  const result = await sql<Omit<ExportRow, 'amount'> & { amount: string | number | null }>`select buffers.code, buffers.application_number, buffers.decision_number, buffers.status,
      requester.name as requester, ${localizedName(p.lang, 'companies')} as company, currencies.code as currency,
      ${amount} as amount, ${paymentDate} as payment_date, buffers.created_at, buffers.completed_at
    from buffers
    join users requester on requester.id = buffers.requester_id
    left join companies on companies.id = buffers.company_id
    left join currencies on currencies.id::text = buffers.data->>'currency_id'
    where ${sql.join(conditions, sql` and `)}
    order by ${order}
    limit ${MAX_EXPORT_ROWS + 1}`.execute(db);
  return result.rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount) }));
}
