import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Documents of the given companies: the document's company, or (payments and reimbursements
 * name the company per item) any item's `company_id`. Null = every company.
 */
export function inCompanies(companies: number[] | null): Expression<SqlBool> {
  if (companies === null) return sql<SqlBool>`true`;
  return sql<SqlBool>`(buffers.company_id in (${sql.join(companies)}) or exists (select 1 from jsonb_array_elements(
    case when jsonb_typeof(buffers.data->'transaction_items') = 'array' then buffers.data->'transaction_items' else '[]'::jsonb end) sc_item
    where sc_item->>'company_id' in (${sql.join(companies.map(String))})))`;
}

/**
 * The same rule over `buffer_stats s` (migration 0620), whose `company_keys` hold the document's
 * company and every item's `company_id` as text; GIN-indexed. Null = every company.
 */
export function statsInCompanies(companies: number[] | null): Expression<SqlBool> {
  if (companies === null) return sql<SqlBool>`true`;
  return sql<SqlBool>`s.company_keys && ${`{${companies.join(',')}}`}::text[]`;
}
