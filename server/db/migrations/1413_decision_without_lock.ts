import { sql, type Kysely } from 'kysely';

/**
 * `ringi_expect(ok)`: true, or the statement fails whole with SQLSTATE `RG409` ("the document
 * changed since it was read"). A decision written as one statement without a transaction of its
 * own (`server/workflow/decisions/step-action.ts`, `passWithoutLock`) asks it of its parts — the
 * document's touch found the version it read, the step's close found the step still waiting — so
 * that a write that lost a race leaves nothing behind, and the decision is taken again under the
 * document's lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_expect(ok boolean) returns boolean language plpgsql volatile as $$
    begin
      if ok is not true then raise exception 'the document changed since it was read' using errcode = 'RG409'; end if;
      return true;
    end $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ringi_expect(boolean)`.execute(db);
}
