import { sql, type Kysely } from 'kysely';

/**
 * Live lists (issue #33 item 7): the notification names the step its timeline entry is about
 * (`step`: `approval_logs.approval_id`, null for a document-wide entry), so an instance can also
 * tell the deputies in effect for that step's candidates — their pending lists showed it
 * (server/live/live-hub.ts). Otherwise as migration 1101.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_document_notify() returns trigger language plpgsql as $$
   begin
     perform pg_notify('ringi_documents', json_build_object('id', new.buffer_id, 'kind', new.log_text, 'step', new.approval_id, 'schema', current_schema())::text);
     return new;
   end $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_document_notify() returns trigger language plpgsql as $$
   begin
     perform pg_notify('ringi_documents', json_build_object('id', new.buffer_id, 'kind', new.log_text, 'schema', current_schema())::text);
     return new;
   end $$`).execute(db);
}
