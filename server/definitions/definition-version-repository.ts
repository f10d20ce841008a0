import type { Kysely } from 'kysely';
import type { CompiledModule } from '../../src/engine';
import type { Database } from '../db/database';

/** Remember a compiled definition under its version (once), so documents filed with it keep rendering. */
export async function recordVersion(db: Kysely<Database>, module: CompiledModule): Promise<void> {
  await db.insertInto('module_definition_versions')
    .values({ code: module.code, version: module.version, definition: JSON.stringify(module) })
    .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
    .execute();
}

/** A stored definition by code and version, or null. */
export async function findVersion(db: Kysely<Database>, code: string, version: string): Promise<CompiledModule | null> {
  const row = await db.selectFrom('module_definition_versions')
    .select('definition')
    .where('code', '=', code)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? (row.definition as unknown as CompiledModule) : null;
}
