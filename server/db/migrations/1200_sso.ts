import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on per company (issue #34 items 1–4; docs/IDENTITY.md "Single sign-on"):
 * - `company_sign_in`: a company's sign-in settings, written only by an approved request of the
 *   sign-in entity module: the method (`password`, `oidc`, `saml`), whether SSO is required (then
 *   only `break_glass_user_id` may still use a password), the e-mail domains that send a person to
 *   the company's IdP, just-in-time creation, and the IdP's settings. The OIDC client secret is
 *   stored here for the server's own use and never answered (GET shows its last four characters).
 * - `sso_secrets`: a client secret typed into a sign-in request, kept out of the request's
 *   document (which approvers read): the document holds its mask and this row's id; the approval
 *   moves it into `company_sign_in`.
 * - `sso_requests`: one row per sign-in sent to an IdP (the OIDC `state` or the SAML request id),
 *   with the PKCE verifier and nonce; used once, so any instance can take the answer.
 * - `sso_tickets`: the one-time ticket the browser brings back from a callback and exchanges for
 *   its sign-in token (a token never travels in a URL).
 * - `saml_assertion_ids`: the IDs of accepted SAML assertions until they expire, so a replayed
 *   assertion is refused by every instance.
 * - `user_sessions.end_reason` gains `sign_in` (a sign-in setting change ends the company's sessions).
 */
const STATEMENTS = [
  `create table company_sign_in (
     company_id integer primary key references companies(id),
     method text not null default 'password' check (method in ('password', 'oidc', 'saml')),
     sso_required boolean not null default false,
     break_glass_user_id integer references users(id),
     email_domains jsonb not null default '[]',
     jit boolean not null default false,
     oidc_issuer text,
     oidc_client_id text,
     oidc_client_secret text,
     saml_metadata_url text,
     saml_entity_id text,
     saml_sso_url text,
     saml_certificates jsonb not null default '[]',
     saml_email_attribute text,
     updated_at timestamptz not null default now())`,
  `create table sso_secrets (
     id text primary key,
     company_id integer not null references companies(id),
     secret text not null,
     created_at timestamptz not null default now())`,
  `create table sso_requests (
     id text primary key,
     company_id integer not null references companies(id),
     protocol text not null check (protocol in ('oidc', 'saml')),
     nonce text,
     code_verifier text,
     created_at timestamptz not null default now(),
     used_at timestamptz)`,
  `create table sso_tickets (
     id text primary key,
     user_id integer not null references users(id),
     session_id text not null,
     created_at timestamptz not null default now(),
     used_at timestamptz)`,
  `create table saml_assertion_ids (
     id text primary key,
     company_id integer not null references companies(id),
     expires_at timestamptz not null)`,
  `create index saml_assertion_ids_expires_idx on saml_assertion_ids(expires_at)`,
  `alter table user_sessions drop constraint if exists user_sessions_end_reason_check`,
  `alter table user_sessions add constraint user_sessions_end_reason_check check (end_reason in ('user', 'admin', 'password', 'deactivated', 'sign_in'))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`update user_sessions set end_reason = 'admin' where end_reason = 'sign_in'`).execute(db);
  await sql.raw('alter table user_sessions drop constraint if exists user_sessions_end_reason_check').execute(db);
  await sql.raw(`alter table user_sessions add constraint user_sessions_end_reason_check check (end_reason in ('user', 'admin', 'password', 'deactivated'))`).execute(db);
  for (const table of ['saml_assertion_ids', 'sso_tickets', 'sso_requests', 'sso_secrets', 'company_sign_in']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
