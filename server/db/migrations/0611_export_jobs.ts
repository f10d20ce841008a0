import { sql, type Kysely } from 'kysely';

/**
 * The export job (spec 001 §2 "Export", §7 `GET /buffer/export`): a report is generated in the
 * background and mailed as an attachment.
 * - `mail_outbox.attachments`: `[{filename, contentType, storageKey}]`, the bytes in
 *   `file_contents` (every instance's mailer can read them); null for mails without attachments.
 * - `export_jobs`: one row per requested export — queued → running → done (with the mail) or
 *   failed (with the reason the user is shown); `progress` 0–100 for the screen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_outbox add column attachments jsonb`.execute(db);
  await sql`create table export_jobs (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    progress integer not null default 0 check (progress between 0 and 100),
    params jsonb not null,
    row_count integer,
    error text,
    mail_id integer references mail_outbox(id) on delete set null,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index export_jobs_user_idx on export_jobs(user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists export_jobs`.execute(db);
  await sql`alter table mail_outbox drop column if exists attachments`.execute(db);
}
