import { sql, type Kysely } from 'kysely';

/**
 * Filing for someone (代理申請, issue #36 item 3):
 * - `proxy_filers`: a user (the principal) allows a colleague (the filer) to file documents for
 *   them from `from_date` to `to_date` (both inclusive), optionally for some modules only
 *   (`module_codes`, a JSON array; null: every module) — the shape of `deputies` (migration 0930).
 * - `buffers.filed_by`: who filed a document for its requester (null: the requester filed it).
 *   The document is the requester's (route, lists, visibility); the filer sees what they filed.
 * - `buffer_temporaries.filed_for`: a draft of a filing for someone is the filer's, kept apart
 *   from their own draft of the module and from the principal's.
 */
const STATEMENTS = [
  `create table proxy_filers (
     id serial primary key,
     principal_id integer not null references users(id),
     filer_id integer not null references users(id),
     from_date date not null,
     to_date date not null,
     module_codes jsonb,
     created_at timestamptz not null default now(),
     check (principal_id <> filer_id),
     check (to_date >= from_date))`,
  `create index proxy_filers_filer_idx on proxy_filers(filer_id, to_date)`,
  `create index proxy_filers_principal_idx on proxy_filers(principal_id, to_date)`,
  `alter table buffers add column filed_by integer references users(id)`,
  `create index buffers_filed_by_idx on buffers(filed_by, created_at desc) where filed_by is not null`,
  `alter table buffer_temporaries add column filed_for integer references users(id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `alter table buffer_temporaries drop column if exists filed_for`,
    `drop index if exists buffers_filed_by_idx`,
    `alter table buffers drop column if exists filed_by`,
    `drop table if exists proxy_filers`,
  ]) await sql.raw(statement).execute(db);
}
