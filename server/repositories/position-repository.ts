import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * The position codes of the organisation (`positions`, per company, migration 0910): what a
 * route's approver rules may name (`{ "position": … }`). The studio's check and publish hand them
 * to the checker, so a route naming a position no company has is refused with its message.
 * Undefined while no company has any position yet (nothing to check against).
 */
export async function positionCatalogue(db: Kysely<Database>): Promise<string[] | undefined> {
  const rows = await db.selectFrom('positions').select('code').distinct().orderBy('code').execute();
  return rows.length ? rows.map((r) => r.code) : undefined;
}
