import { sql, type Kysely } from 'kysely';

/**
 * The first page of a PDF attachment as a picture (issue #33 item 6): drawn by the server from the
 * stored bytes once after the upload (server/files/file-previews.ts), so a phone shows page 1 at
 * once while its viewer still reads the file. `bytes` null with `failure` set: the PDF could not
 * be drawn (the viewer draws it itself, or says it is damaged); never tried again.
 */
const STATEMENTS = [
  `create table file_previews (
     file_id integer primary key references files(id) on delete cascade,
     mime_type text,
     width integer,
     height integer,
     page_count integer,
     bytes bytea,
     failure text,
     created_at timestamptz not null default now(),
     check ((bytes is null) <> (failure is null)))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists file_previews').execute(db);
}
