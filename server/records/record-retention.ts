import { sql, type Kysely } from 'kysely';

/**
 * Until when (`YYYY-MM-DD`) a file must be kept because it is, or was, an electronic record of a
 * filed document: forever while a document holds it (null is never returned then, the day is
 * far ahead), else `retentionYears` after it was taken off the last document. Null when the file
 * was never a record or its period has passed.
 */
export async function recordRetainedUntil(db: Kysely<any>, fileId: number, retentionYears: number): Promise<string | null> {
  const result = await sql<{ until: string | null }>`
    select case when bool_or(removed_at is null) then '9999-12-31'
                else to_char(max(removed_at) + make_interval(years => ${retentionYears}), 'YYYY-MM-DD') end as until
    from records where file_id = ${fileId}
    having bool_or(removed_at is null) or max(removed_at) + make_interval(years => ${retentionYears}) > now()`.execute(db);
  return result.rows[0]?.until ?? null;
}
