import { sql, type Kysely } from 'kysely';

/**
 * Company bank accounts and expense accounts are managed through approval (entity modules
 * `company-bank-account`, `expense-account`). A completed delete *retires* the row (`retired_at`)
 * instead of removing it: documents filed against the account keep showing its name and number,
 * while lists, pickers and new filings no longer offer it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table company_bank_accounts add column retired_at timestamptz`.execute(db);
  await sql`alter table expense_accounts add column retired_at timestamptz`.execute(db);
  // The lists read live rows of one company.
  await sql`create index company_bank_accounts_live_idx on company_bank_accounts(company_id, id) where retired_at is null`.execute(db);
  await sql`create index expense_accounts_live_idx on expense_accounts(company_id, module_type, id) where retired_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists expense_accounts_live_idx`.execute(db);
  await sql`drop index if exists company_bank_accounts_live_idx`.execute(db);
  await sql`alter table expense_accounts drop column if exists retired_at`.execute(db);
  await sql`alter table company_bank_accounts drop column if exists retired_at`.execute(db);
}
