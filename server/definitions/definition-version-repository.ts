import type { Kysely } from 'kysely';
import type { CompiledModule } from '../../src/engine';
import type { Database } from '../db/database';

/**
 * Definitions known to be stored: an insert that found its row already there saw it committed
 * (a row another transaction is inserting is waited for), and stored versions are never removed.
 * Keyed by the compiled module itself: each app compiles its own set (`definition-store.ts`).
 */
const stored = new WeakSet<CompiledModule>();

/**
 * Remember a compiled definition under its version (once), so documents filed with it keep
 * rendering. Once the row is known to be there, nothing is sent: every filing called this, and
 * each call sent the whole compiled module (tens of kilobytes of JSON) for the database to parse
 * and drop.
 */
export async function recordVersion(db: Kysely<Database>, module: CompiledModule): Promise<void> {
  if (stored.has(module)) return;
  const result = await db.insertInto('module_definition_versions')
    .values({ code: module.code, version: module.version, definition: JSON.stringify(module) })
    .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
    .executeTakeFirst();
  if (result.numInsertedOrUpdatedRows === 0n) stored.add(module);
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
