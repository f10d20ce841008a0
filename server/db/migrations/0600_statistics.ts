import { sql, type Kysely } from 'kysely';

/**
 * The Statistic area's own table and indexes (docs/PERFORMANCE.md "Statistics queries").
 * `invoice_managements`: one row per document taken into invoice management — registered
 * (`shown_at`, by `shown_by`) and later confirmed as obtained (`approved_at`, `approved_by`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table invoice_managements (
    id serial primary key,
    buffer_id integer not null unique references buffers(id) on delete cascade,
    shown_at timestamptz not null default now(),
    shown_by integer references users(id) on delete set null,
    approved_at timestamptz,
    approved_by integer references users(id) on delete set null
  )`.execute(db);
  // Document search by submission / completion period (the required filter), newest first.
  await sql`create index buffers_created_idx on buffers(created_at desc, id desc)`.execute(db);
  await sql`create index buffers_completed_idx on buffers(completed_at) where completed_at is not null`.execute(db);
  // Company scope + period, the common statistics shape for a non-group user.
  await sql`create index buffers_company_created_idx on buffers(company_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists buffers_company_created_idx`.execute(db);
  await sql`drop index if exists buffers_completed_idx`.execute(db);
  await sql`drop index if exists buffers_created_idx`.execute(db);
  await sql`drop table if exists invoice_managements`.execute(db);
}
