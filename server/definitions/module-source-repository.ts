import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ModuleSource } from './module-source';

/** The latest published version of one module. */
export interface PublishedSource {
  code: string;
  version: number;
  content_hash: string;
  origin: 'files' | 'studio';
  source: ModuleSource;
}

/** The latest published version of every module, by code. */
export async function latestSources(db: Kysely<Database>): Promise<Map<string, PublishedSource>> {
  const rows = await db.selectFrom('module_sources')
    .select(['code', 'version', 'content_hash', 'origin', 'source'])
    .distinctOn('code').orderBy('code').orderBy('version', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.code, { ...row, source: row.source as unknown as ModuleSource }]));
}

/** The content hash of the latest version each module got from the definition files. */
export async function latestFileHashes(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('module_sources').select(['code', 'content_hash'])
    .where('origin', '=', 'files').distinctOn('code').orderBy('code').orderBy('version', 'desc').execute();
  return new Map(rows.map((row) => [row.code, row.content_hash]));
}

/** Codes of disabled modules (no new documents; existing ones stay readable and actionable). */
export async function disabledCodes(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('module_states').select('code').where('disabled', '=', true).execute();
  return new Set(rows.map((row) => row.code));
}

/** The definitions revision: every publish and every enable/disable adds one. */
export async function currentRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('definition_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Bumps the revision (inside the changing transaction), so every instance reloads on its next request. */
export async function bumpRevision(db: Kysely<Database>): Promise<void> {
  await db.updateTable('definition_revision').set({ revision: sql`revision + 1` as never }).where('id', '=', 1).execute();
}

/** Serialises publishers (API and start-up of several instances): lock the revision row. */
export async function lockRevision(db: Kysely<Database>): Promise<void> {
  await sql`select revision from definition_revision where id = 1 for update`.execute(db);
}
