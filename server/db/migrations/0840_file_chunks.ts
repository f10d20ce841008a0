import { sql, type Kysely } from 'kysely';

/**
 * Uploads stored in chunks (issue #19): `file_chunks` holds an upload's bytes as rows of at most
 * 256 KiB, written one by one from the spooled upload and read one by one when served, so neither
 * storing nor serving a 20 MiB file holds it whole in memory (nor its hex form on the wire).
 * `file_contents` stays for mail attachments and uploads stored before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table file_chunks (
    storage_key text not null,
    seq integer not null,
    bytes bytea not null,
    primary key (storage_key, seq)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists file_chunks`.execute(db);
}
