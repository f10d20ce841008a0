import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Records that a user read a document circulated to them (回覧): the first time stays. Called by
 * `POST /buffer/{id}/circulation/read` and by opening the document (`GET /buffers/{id}`, issue
 * #31 item 5), so a reader who opened it is never left with it unread. Returns the read time, or
 * null when the document was not circulated to the user (nothing changes then).
 */
export async function markCirculationRead(db: Kysely<Database>, documentId: number, userId: number): Promise<Date | null> {
  await db.updateTable('circulations').set({ read_at: new Date() })
    .where('buffer_id', '=', documentId).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  const row = await db.selectFrom('circulations').select('read_at')
    .where('buffer_id', '=', documentId).where('user_id', '=', userId).executeTakeFirst();
  return row?.read_at ? new Date(row.read_at) : null;
}
