import { sql, type Kysely } from 'kysely';

/**
 * Budgets (issue #36 item 4, docs/MODULES.md "Budgets"). One row per company × department ×
 * expense account × fiscal year (the company's, `companies.fiscal_year_start`), its amount set and
 * changed through approval (the budget entity module). A document of a module whose definition
 * opts in (`ui:module.budget`) holds `budget_reservations` rows: `reserved` from submit (moved by an
 * edit), `consumed` from the final approval, deleted on rejection or withdrawal. What remains is the
 * amount less every row of the budget, read under the budget row's lock (`select … for update`) in
 * the filing transaction, so two documents racing for the last of a budget cannot both fit.
 */
const STATEMENTS = [
  `create table budgets (
     id serial primary key,
     company_id integer not null references companies (id),
     department_id integer not null references departments (id),
     expense_account_id integer not null references expense_accounts (id),
     fiscal_year integer not null check (fiscal_year between 1900 and 9999),
     amount numeric(18, 2) not null check (amount >= 0),
     updated_by integer references users (id),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (company_id, fiscal_year, department_id, expense_account_id)
   )`,
  `create table budget_reservations (
     buffer_id integer not null references buffers (id) on delete cascade,
     budget_id integer not null references budgets (id),
     amount numeric(18, 2) not null check (amount >= 0),
     state text not null check (state in ('reserved', 'consumed')),
     updated_at timestamptz not null default now(),
     primary key (buffer_id, budget_id)
   )`,
  'create index budget_reservations_budget_idx on budget_reservations (budget_id, state)',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists budget_reservations`.execute(db);
  await sql`drop table if exists budgets`.execute(db);
}
