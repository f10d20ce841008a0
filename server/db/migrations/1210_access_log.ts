import { sql, type Kysely } from 'kysely';

/**
 * The access log (issue #34 item 8; docs/IDENTITY.md "Access log"), separate from the documents'
 * hash-chained history: who signed in (method, IdP, success or why not), SCIM changes, admin
 * changes, exports and file downloads — each with the user, their company, the address and browser
 * it came from and the time. Rows are only inserted and, past the group's retention
 * (`access_log_settings`, 6 weeks to 10 years, default 3 years), deleted by the purge job.
 * `user_id`/`company_id` are null where nobody is known (a sign-in with an unknown e-mail).
 */
const STATEMENTS = [
  `create table access_log (
     id bigserial primary key,
     at timestamptz not null default now(),
     event text not null check (char_length(event) between 1 and 64),
     user_id integer references users(id),
     company_id integer references companies(id),
     method text check (method is null or method in ('password', 'oidc', 'saml', 'scim-token')),
     idp text check (idp is null or char_length(idp) <= 200),
     success boolean not null default true,
     reason text check (reason is null or char_length(reason) <= 200),
     ip text check (ip is null or char_length(ip) <= 64),
     user_agent text check (user_agent is null or char_length(user_agent) <= 300),
     detail jsonb not null default '{}'::jsonb)`,
  `create index access_log_company_at_idx on access_log(company_id, at desc, id desc)`,
  `create index access_log_at_idx on access_log(at desc, id desc)`,
  `create index access_log_user_at_idx on access_log(user_id, at desc, id desc)`,
  // One row for the whole group: how long the access log is kept (days), and the purge job's lease.
  `create table access_log_settings (
     id integer primary key default 1 check (id = 1),
     retention_days integer not null default 1096 check (retention_days between 42 and 3653),
     updated_at timestamptz not null default now(),
     updated_by integer references users(id),
     purge_lease_until timestamptz,
     purge_lease_owner text,
     purged_at timestamptz)`,
  `insert into access_log_settings (id) values (1)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists access_log_settings').execute(db);
  await sql.raw('drop table if exists access_log').execute(db);
}
