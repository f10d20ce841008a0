import { sql, type Kysely } from 'kysely';

/**
 * Journal exports (issue 35 items 1-4, docs/ACCOUNTING.md):
 * - `journal_mappings`: a company's mapping (JSON, `JournalMapping`), changed through approval.
 * - `journal_exported`: a document once exported (by which job, in which format, and its
 *   `updated_at` then): skipped by the next export unless asked; edited since → a correcting journal.
 * - `invoice_registration_checks`: each check of a qualified-invoice registration number with the
 *   day it was made (`checked_on`) and, where the register says so, the day it took effect.
 * - `export_jobs.file_*`: a job whose result is downloaded (journal exports) keeps its file here.
 */
const STATEMENTS = [
  `create table journal_mappings (
    company_id integer primary key references companies(id) on delete cascade,
    mapping jsonb not null,
    updated_by integer references users(id) on delete set null,
    updated_at timestamptz not null default now()
  )`,
  `create table journal_exported (
    buffer_id integer primary key references buffers(id) on delete cascade,
    company_id integer not null references companies(id) on delete cascade,
    job_id integer references export_jobs(id) on delete set null,
    format text not null,
    document_updated_at timestamptz not null,
    exported_at timestamptz not null default now()
  )`,
  `create index journal_exported_company_idx on journal_exported(company_id)`,
  `create table invoice_registration_checks (
    id serial primary key,
    number text not null,
    valid boolean not null,
    problem text,
    registered_from date,
    source text not null default 'format',
    checked_on date not null default current_date,
    checked_at timestamptz not null default now()
  )`,
  `create index invoice_registration_checks_number_idx on invoice_registration_checks(number, checked_on desc, id desc)`,
  `alter table export_jobs add column file_bytes bytea, add column file_name text, add column file_type text`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table export_jobs drop column if exists file_bytes, drop column if exists file_name, drop column if exists file_type`.execute(db);
  for (const table of ['invoice_registration_checks', 'journal_exported', 'journal_mappings']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
