import { sql, type Kysely } from 'kysely';

/**
 * SCIM 2.0 provisioning (issue #34 items 5 and 6; docs/IDENTITY.md):
 * - `scim_tokens`: a company's bearer tokens for its IdP's provisioning client. Only the
 *   SHA-256 of a token is stored (the token is shown once); `revoked_at` ends one (the row stays,
 *   for who made it and when); `last_used_at` is written at most once a minute per token.
 * - `users.external_id`: the IdP's own id of the person (SCIM `externalId`), unique per company.
 * - `users.scim_attributes`: the SCIM attributes Ringi keeps only to answer them back
 *   (`name.givenName`/`familyName`/`formatted`, a department text no department matched).
 */
const STATEMENTS = [
  `create table scim_tokens (
     id serial primary key,
     company_id integer not null references companies(id),
     name text not null check (char_length(name) between 1 and 100),
     token_hash text not null unique,
     created_by integer not null references users(id),
     created_at timestamptz not null default now(),
     last_used_at timestamptz,
     revoked_at timestamptz,
     revoked_by integer references users(id))`,
  `create index scim_tokens_company_idx on scim_tokens(company_id) where revoked_at is null`,
  `alter table users add column external_id text check (external_id is null or char_length(external_id) between 1 and 255)`,
  `alter table users add column scim_attributes jsonb`,
  `create unique index users_company_external_id_idx on users(company_id, external_id) where external_id is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists users_company_external_id_idx').execute(db);
  await sql.raw('alter table users drop column if exists scim_attributes').execute(db);
  await sql.raw('alter table users drop column if exists external_id').execute(db);
  await sql.raw('drop table if exists scim_tokens').execute(db);
}
