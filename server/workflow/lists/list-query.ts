import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CompiledModule } from '../../../src/engine';
import { likePattern } from '../../lib/paging';
import type { KeyTerm } from '../../lib/keyset';
import { anyAtPath } from '../../statistics/data-path';
import { LIST_PERIODS, type ListPeriod, type ListQuery } from '../../../src/wire/list-query';

/** The column of each period filter (`createdAt[after]`, …). */
const PERIOD_COLUMNS: Record<ListPeriod, string> = {
  createdAt: 'buffers.created_at', updatedAt: 'buffers.updated_at', completionDate: 'buffers.completed_at',
};

/** The document's amount for `amount[lte|gte]`: the first numeric common total field. */
const AMOUNT = sql`(case when jsonb_typeof(buffers.data->'total') = 'number' then (buffers.data->>'total')::numeric
  when jsonb_typeof(buffers.data->'amount') = 'number' then (buffers.data->>'amount')::numeric
  when jsonb_typeof(buffers.data->'total_estimated') = 'number' then (buffers.data->>'total_estimated')::numeric end)`;

const inList = (column: RawBuilder<unknown>, values: readonly unknown[]) => sql<SqlBool>`${column} in (${sql.join(values)})`;

/**
 * `search`: the code, the requester's name, the stamp number, the application or decision number, or any value at one of the
 * definitions' `ui:module.listSearch` paths (`listSearchPaths`).
 */
function searchCondition(search: string, paths: readonly string[]): Expression<SqlBool> {
  const p = likePattern(search);
  return sql<SqlBool>`(${sql.join([
    sql`buffers.code ilike ${p}`, sql`requester.name ilike ${p}`, sql`buffers.stamp_no ilike ${p}`,
    sql`buffers.application_number ilike ${p}`, sql`buffers.decision_number ilike ${p}`,
    ...paths.map((path) => anyAtPath(path, (value) => sql<SqlBool>`${value} ilike ${p}`)),
  ], sql` or `)})`;
}

const searchPathsOf = new WeakMap<Record<string, CompiledModule>, string[]>();

/**
 * Every data path a list search matches: the union of the modules' `ui:module.listSearch`, sorted
 * (kept per compiled module set: a publish compiles a new one).
 */
export function listSearchPaths(modules: Record<string, CompiledModule>): string[] {
  let paths = searchPathsOf.get(modules);
  if (!paths) {
    paths = [...new Set(Object.values(modules).flatMap((m) => (m.kind === 'module' ? m.meta.listSearch ?? [] : [])))].sort();
    searchPathsOf.set(modules, paths);
  }
  return paths;
}

/**
 * The filter conditions of a list query over `buffers` joined with `users as requester`.
 * Every value is a bound parameter; an empty list means no filter.
 */
export function listConditions(q: ListQuery, searchPaths: readonly string[] = []): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  const both = <T>(a?: T[], b?: T[]) => [...(a ?? []), ...(b ?? [])];
  const modules = both(q['module.code'], q['module.code[]']);
  if (modules.length) out.push(inList(sql.ref('buffers.module_code') as RawBuilder<unknown>, modules));
  const status = both(q.status, q['status[]']);
  if (status.length) out.push(inList(sql.ref('buffers.status') as RawBuilder<unknown>, status));
  const requesters = [...both(q['requester.id'], q['requester.id[]']), ...(q['applicant.id'] ?? [])];
  if (requesters.length) out.push(inList(sql.ref('buffers.requester_id') as RawBuilder<unknown>, requesters));
  const companies = q['company.id'] ?? [];
  if (companies.length) {
    // Payments and reimbursements name the company per item; the others on the document.
    out.push(sql<SqlBool>`(buffers.company_id in (${sql.join(companies)}) or exists (select 1 from jsonb_array_elements(
      case when jsonb_typeof(buffers.data->'transaction_items') = 'array' then buffers.data->'transaction_items' else '[]'::jsonb end) c_item
      where c_item->>'company_id' in (${sql.join(companies.map(String))})))`);
  }
  const parties = q['contract_party.id'] ?? [];
  if (parties.length) {
    out.push(sql<SqlBool>`coalesce(buffers.data->>'contract_party_id', buffers.company_id::text) in (${sql.join(parties.map(String))})`);
  }
  if (q.stamp_no) out.push(sql<SqlBool>`buffers.stamp_no ilike ${likePattern(q.stamp_no)}`);
  if (q.currency) {
    const byId = /^\d+$/.test(q.currency);
    out.push(byId
      ? sql<SqlBool>`buffers.data->>'currency_id' = ${q.currency}`
      : sql<SqlBool>`buffers.data->>'currency_id' in (select id::text from currencies where upper(code) = upper(${q.currency}))`);
  }
  if (q['amount[gte]'] !== undefined) out.push(sql<SqlBool>`${AMOUNT} >= ${q['amount[gte]']}`);
  if (q['amount[lte]'] !== undefined) out.push(sql<SqlBool>`${AMOUNT} <= ${q['amount[lte]']}`);
  for (const period of LIST_PERIODS) {
    const after = q[`${period}[after]`];
    const before = q[`${period}[before]`];
    if (after) out.push(sql<SqlBool>`${sql.ref(PERIOD_COLUMNS[period])} >= ${after}::date`);
    if (before) out.push(sql<SqlBool>`${sql.ref(PERIOD_COLUMNS[period])} < ${before}::date + 1`);
  }
  if (q.search?.trim()) out.push(searchCondition(q.search.trim(), searchPaths));
  return out;
}

/**
 * ORDER BY terms: the given `sort[...]` keys in a stable order, default createdAt desc, then id
 * (every column NOT NULL, so the order is total and a keyset cursor can continue it).
 */
export function listOrder(q: ListQuery): KeyTerm[] {
  const terms: KeyTerm[] = [];
  if (q['sort[code]']) terms.push({ key: 'code', column: 'buffers.code', direction: q['sort[code]'], type: 'text' });
  if (q['sort[createdAt]']) terms.push({ key: 'createdAt', column: 'buffers.created_at', direction: q['sort[createdAt]'], type: 'timestamptz' });
  if (q['sort[updatedAt]']) terms.push({ key: 'updatedAt', column: 'buffers.updated_at', direction: q['sort[updatedAt]'], type: 'timestamptz' });
  if (terms.length === 0) terms.push({ key: 'createdAt', column: 'buffers.created_at', direction: 'desc', type: 'timestamptz' });
  terms.push({ key: 'document', column: 'buffers.id', direction: terms[0].direction, type: 'integer' });
  return terms;
}

/**
 * The leading term of the pending list (issue #33 item 8): urgent documents first, whatever the
 * chosen sort (`buffers.urgent`, NOT NULL; a pending document is on process or with its requester).
 */
export const URGENT_FIRST: KeyTerm = { key: 'urgent', column: 'buffers.urgent', direction: 'desc', type: 'boolean' };

/**
 * The leading term of the requester's own list (`/my-buffers`): documents still on process that
 * are urgent first (a decided document no longer sorts first). Index `buffers_requester_urgent_idx`.
 */
export const URGENT_OPEN_FIRST: KeyTerm = {
  key: 'urgentOpen', column: 'buffers.urgent', direction: 'desc', type: 'boolean', expression: sql`(buffers.urgent and buffers.status = 0)`,
};
