import type { Kysely } from 'kysely';
import type { CompiledModule, FormData } from '../../src/engine';
import type { Database } from '../db/database';
import { fileFieldNames } from './file-field-names';
import { fileIdsIn } from './file-ids-in';

/**
 * Records the document a filed submission's uploads belong to (`files.buffer_id`), inside the
 * filing transaction, so file access is a lookup by id (`file-access.ts`). A file already
 * recorded for another document keeps that record; access still follows every reference.
 */
export async function linkFiles(trx: Kysely<Database>, module: CompiledModule, documentId: number, data: FormData): Promise<void> {
  const ids = [...new Set(fileIdsIn(data, new Set(fileFieldNames({ [module.code]: module }))).map((f) => f.id))];
  if (!ids.length) return;
  await trx.updateTable('files').set({ buffer_id: documentId }).where('id', 'in', ids).where('buffer_id', 'is', null).execute();
}
