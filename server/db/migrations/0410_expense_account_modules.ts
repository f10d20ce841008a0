import { sql, type Kysely } from 'kysely';

/**
 * Which modules have expense accounts is definition data (`ui:module.expenseAccounts`), so the
 * table no longer lists module codes in a check constraint; the routes check the code against
 * the definitions instead. Existing rows keep their `module_type`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table expense_accounts drop constraint if exists expense_accounts_module_type_check`.execute(db);
  await sql`alter table expense_accounts add constraint expense_accounts_module_type_format check (module_type ~ '^[a-z][a-z0-9-]{0,63}$')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table expense_accounts drop constraint if exists expense_accounts_module_type_format`.execute(db);
}
