import { sql, type Kysely } from 'kysely';

/**
 * The module studio: definitions as immutable published versions (`module_sources`), a
 * per-module disabled flag (`module_states`), one revision counter every instance compares
 * cheaply to know its definitions are current (`definition_revision`), and the step data a
 * definition now carries (several eligible roles, any-of, retired steps keep their ids).
 */
const STATEMENTS = [
  `alter table processes add column approver_roles text[] not null default '{}'`,
  `update processes set approver_roles = array[approver_role] where approver_role is not null`,
  `alter table master_processes add column any_of boolean not null default true`,
  `alter table master_processes add column retired_at timestamptz`,
  `create table module_sources (code text not null, version integer not null, content_hash text not null,
    source jsonb not null, origin text not null check (origin in ('files', 'studio')),
    published_by integer references users(id) on delete set null, created_at timestamptz not null default now(),
    primary key (code, version))`,
  `create table module_states (code text primary key, disabled boolean not null default false,
    updated_at timestamptz not null default now())`,
  `create table definition_revision (id integer primary key check (id = 1), revision bigint not null)`,
  `insert into definition_revision (id, revision) values (1, 0)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['definition_revision', 'module_states', 'module_sources']) await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql`alter table master_processes drop column if exists retired_at, drop column if exists any_of`.execute(db);
  await sql`alter table processes drop column if exists approver_roles`.execute(db);
}
