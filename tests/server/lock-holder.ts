import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/database';

/**
 * Another transaction that takes a document's lock (`FOR UPDATE` on its `buffers` row, as every
 * action does), makes `change` and holds both until `commit()` — for tests of what an action does
 * when it meets a transaction in progress (PostgreSQL only: PGlite has one connection).
 */
export async function holdDocumentLock(db: Kysely<Database>, documentId: number, change: (trx: Kysely<Database>) => Promise<void>): Promise<{ commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => { holding = resolve; });
  const holder = db.transaction().execute(async (trx) => {
    await sql`select 1 from buffers where id = ${documentId} for update`.execute(trx);
    await change(trx);
    holding();
    await released;
  });
  await held;
  return { commit: async () => { release(); await holder; } };
}

/** How many sessions of this database wait on a lock whose statement contains `like` (all with none). */
export async function waitingOnLock(db: Kysely<Database>, like = '%'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where wait_event_type = 'Lock' and datname = current_database() and query like ${like}`.execute(db);
  return rows[0].n;
}
