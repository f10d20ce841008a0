import { sql, type Kysely } from 'kysely';

/**
 * Live events are no longer sent by a trigger on `approval_logs` inside the writing transaction
 * (migrations 1101/1102): PostgreSQL lets transactions that sent a NOTIFY commit one at a time,
 * WAL flush included, so every filing and decision queued behind the others' commits. The writer
 * announces instead (`writeApprovalLog`): a request after its response, in a statement of its own;
 * a background job inside its transaction (server/live/README.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists approval_logs_notify on approval_logs`.execute(db);
  await sql`drop function if exists ringi_document_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_document_notify() returns trigger language plpgsql as $$
   begin
     perform pg_notify('ringi_documents', json_build_object('id', new.buffer_id, 'kind', new.log_text, 'step', new.approval_id, 'schema', current_schema())::text);
     return new;
   end $$`).execute(db);
  await sql.raw(`create trigger approval_logs_notify after insert on approval_logs
   for each row execute function ringi_document_notify()`).execute(db);
}
