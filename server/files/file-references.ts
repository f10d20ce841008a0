import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * An SQL condition over `buffers`: the document's data holds `fileId` under one of the file
 * fields (at any depth: items and sub-forms too). One JSON path, with the id and the names as
 * variables, never spliced into the path text.
 */
export function documentReferencesFile(fileId: Expression<number> | number, fieldNames: string[]): Expression<SqlBool> {
  const vars = sql`jsonb_build_object('id', ${fileId}::int, 'k', ${JSON.stringify(fieldNames)}::jsonb)`;
  return sql<SqlBool>`jsonb_path_exists(buffers.data,
    '$.** ? (@.type() == "object").keyvalue() ? (@.key == $k).value[*] ? (@ == $id)', ${vars})`;
}
