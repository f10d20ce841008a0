import { sql, type Kysely } from 'kysely';

/**
 * Drafts kept apart per principal (代理申請, issue #36 item 3): a user's draft of a module is one
 * per `filed_for` (null: their own) — a draft written for A is neither the filer's own draft nor
 * their draft for B. The unique key of 0001 (user, module) becomes (user, module, filed_for or 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table buffer_temporaries drop constraint if exists buffer_temporaries_user_id_module_code_key`.execute(db);
  await sql`create unique index buffer_temporaries_owner_idx on buffer_temporaries (user_id, module_code, (coalesce(filed_for, 0)))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists buffer_temporaries_owner_idx`.execute(db);
  await sql`delete from buffer_temporaries where filed_for is not null`.execute(db);
  await sql`alter table buffer_temporaries add constraint buffer_temporaries_user_id_module_code_key unique (user_id, module_code)`.execute(db);
}
