import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * A condition over `buffers.data` at a statistics data path (`ui:module.statistics`): true when
 * any value at the path satisfies `test`. Paths are `a.b` or `items[].c.d` (one item array);
 * segments travel as bound text arrays, never spliced into the SQL text.
 */
export function anyAtPath(path: string, test: (value: RawBuilder<unknown>) => Expression<SqlBool>): Expression<SqlBool> {
  const [head, tail] = path.split('[]');
  const outer = head.split('.');
  if (tail === undefined) return test(sql`(buffers.data #>> ${outer}::text[])`);
  const inner = tail.replace(/^\./, '').split('.').filter(Boolean);
  const element = sql`(p_el.value #>> ${inner}::text[])`;
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(buffers.data #> ${outer}::text[]) = 'array'
    then buffers.data #> ${outer}::text[] else '[]'::jsonb end) p_el where ${test(element)})`;
}

/** The numeric value of a top-level or nested field (`total`, `a.b`), null unless it is a JSON number. */
export function numberAt(field: string): RawBuilder<number | null> {
  const path = field.split('.');
  return sql<number | null>`(case when jsonb_typeof(buffers.data #> ${path}::text[]) = 'number' then (buffers.data #>> ${path}::text[])::numeric end)`;
}

/**
 * `YYYY-MM-DD` text within [from, to]: ISO dates order as text, so no cast can fail on bad data;
 * anything not shaped like a date never matches.
 */
export function dateTextBetween(text: RawBuilder<unknown>, from: string, to: string): Expression<SqlBool> {
  return sql<SqlBool>`(${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' and ${text} >= ${from} and ${text} <= ${to})`;
}
