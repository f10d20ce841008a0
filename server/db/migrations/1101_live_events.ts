import { sql, type Kysely } from 'kysely';

/**
 * Live lists (issue #33 item 7): every timeline entry of a document (`approval_logs`: filed,
 * approved, rejected, sent back, withdrawn, edited, resubmitted, … — whichever path wrote it: the
 * app, a mail action, a bulk approval, a reminder) is announced with `pg_notify` on the channel
 * `ringi_documents`. PostgreSQL (and PGlite) delivers a notification only when its transaction
 * commits, to every session listening — every app instance on the database — and never for one
 * rolled back; identical payloads of one transaction are delivered once. The payload is small and
 * names no one: the document, what happened (the entry's action) and the schema it happened in
 * (instances listen database-wide; tests share one database with a schema each). Each instance
 * decides who is concerned from the committed visibility rule (`buffer_viewers`,
 * server/live/live-hub.ts).
 */
const STATEMENTS = [
  `create or replace function ringi_document_notify() returns trigger language plpgsql as $$
   begin
     perform pg_notify('ringi_documents', json_build_object('id', new.buffer_id, 'kind', new.log_text, 'schema', current_schema())::text);
     return new;
   end $$`,
  `create trigger approval_logs_notify after insert on approval_logs
   for each row execute function ringi_document_notify()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists approval_logs_notify on approval_logs`.execute(db);
  await sql`drop function if exists ringi_document_notify()`.execute(db);
}
