import { sql, type Kysely } from 'kysely';

/**
 * Numbering rules per module (issue #36 item 1). A document gets an application number
 * (`buffers.application_number`, 申請番号) in the submitting transaction and a decision number
 * (`buffers.decision_number`, 決裁番号) in the final approval's, each from its module's
 * `ui:module.numbering` format. The sequence is a counter row per (kind, company, scope, fiscal
 * year) — scope = the module's code, or `*` for the company's shared sequence — taken by
 * `insert … on conflict do update … returning` in the same transaction: concurrent transactions
 * wait on the row, a rolled-back one gives its number back. Each company's fiscal year starts on
 * `companies.fiscal_year_start` (`MM-DD`, default `01-01`).
 */
const STATEMENTS = [
  `alter table companies add column fiscal_year_start text not null default '01-01'`,
  `alter table buffers add column application_number text`,
  `alter table buffers add column decision_number text`,
  `create index buffers_application_number_idx on buffers (application_number text_pattern_ops) where application_number is not null`,
  `create index buffers_decision_number_idx on buffers (decision_number text_pattern_ops) where decision_number is not null`,
  `create table numbering_counters (
     kind text not null check (kind in ('application', 'decision')),
     company_id integer not null,
     scope text not null,
     fiscal_year integer not null,
     last_value integer not null,
     updated_at timestamptz not null default now(),
     primary key (kind, company_id, scope, fiscal_year)
   )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists numbering_counters`.execute(db);
  await sql`drop index if exists buffers_decision_number_idx`.execute(db);
  await sql`drop index if exists buffers_application_number_idx`.execute(db);
  await sql`alter table buffers drop column if exists decision_number`.execute(db);
  await sql`alter table buffers drop column if exists application_number`.execute(db);
  await sql`alter table companies drop column if exists fiscal_year_start`.execute(db);
}
