import { sql, type RawBuilder } from 'kysely';

/**
 * A lateral set `refs(file_id)` of the file ids a document's data holds under any file field
 * (at any depth), for `cross join lateral`. Same JSON path as `files/file-references.ts`.
 */
export function fileRefs(fieldNames: string[]): RawBuilder<unknown> {
  const vars = sql`jsonb_build_object('k', ${JSON.stringify(fieldNames)}::jsonb)`;
  return sql`(select distinct (r.v #>> '{}')::int as file_id from jsonb_path_query(buffers.data,
    '$.** ? (@.type() == "object").keyvalue() ? (@.key == $k).value[*] ? (@.type() == "number" && @ > 0 && @ < 2147483648)', ${vars}) r(v)) refs`;
}
