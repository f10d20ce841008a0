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

/**
 * The definition a document keeps (its `buffers.definition_version`, issue #20 item 10: a filed
 * document keeps its route): `current` when that is the same version, else the stored version,
 * else `current` (a version recorded before versions were kept).
 */
export async function pinnedDefinition(db: Kysely<Database>, current: CompiledModule | null, code: string, version: string): Promise<CompiledModule | null> {
  if (current && current.version === version) return current;
  return (await findVersion(db, code, version)) ?? current;
}
