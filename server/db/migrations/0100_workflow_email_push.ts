import { sql, type Kysely } from 'kysely';

/**
 * The workflow's own table: each approver's last choice of "notify the next approver"
 * (`send_email_push`), the default offered by GET /remember_email_push/next_user/{id}.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table email_push_preferences (user_id integer primary key references users(id) on delete cascade,
    is_notified boolean not null, updated_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists email_push_preferences`.execute(db);
}
