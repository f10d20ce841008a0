import { sql, type Kysely } from 'kysely';

/**
 * Positions as data (issue #20 item 1): admins create, rename and retire a company's positions
 * through approval (the `positions` entity module). A position is in effect from
 * `effective_from` (null: always) until the day before `retired_on` (null: not retired); a
 * request may date either for later. Rows are never deleted: posts and filed documents keep
 * naming the code, and the checker's list of known codes is the live ones.
 */
const STATEMENTS = [
  `alter table positions add column effective_from date, add column retired_on date`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table positions drop column if exists effective_from, drop column if exists retired_on`).execute(db);
}
