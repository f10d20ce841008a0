import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

/**
 * Brings the schema up to date; throws with the failing migration's name on error. `schema`
 * names where Kysely keeps its migration tables: needed when several schemas of one database
 * are migrated (tests), since Kysely looks for its tables across all schemas.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema,
    // Areas number their migrations in their own ranges (0001 core, 0100 workflow, 0200 files),
    // so a data folder migrated before a lower-numbered one was added must still start.
    allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
