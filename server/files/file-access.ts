import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { visibleToOne } from '../workflow/core/visibility';
import { documentReferencesFile } from './file-references';

/**
 * A document grants `userId` access to a file it references when the user may see the document
 * and the file's uploader filed it or acted on one of its steps (treasury deal slips), so nobody
 * reads someone else's upload by putting its id into a document of their own.
 */
function grants(userId: number, uploaderId: number, fileId: number, fieldNames: string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${visibleToOne(userId)}
    and (buffers.requester_id = ${uploaderId}
      or exists (select 1 from approvals acted where acted.buffer_id = buffers.id and acted.approver_id = ${uploaderId}))
    and ${documentReferencesFile(fileId, fieldNames)})`;
}

/**
 * Whether a user may read a file: its uploader, or anyone a referencing document grants it to
 * (see `grants`). Indexed lookups: the file by id; then the document recorded in
 * `files.buffer_id` (written when a document is filed with the file) by id; only when that one
 * does not grant it, the documents the uploader filed or acted on (by index), never a scan of
 * every document the user can see.
 */
export async function canReadFile(db: Kysely<Database>, fileId: number, userId: number, fieldNames: string[]): Promise<boolean> {
  const file = await db.selectFrom('files').select(['uploader_id', 'buffer_id']).where('id', '=', fileId).executeTakeFirst();
  if (!file) return false;
  if (file.uploader_id === userId) return true;
  const condition = grants(userId, file.uploader_id, fileId, fieldNames);
  if (file.buffer_id !== null) {
    const linked = await db.selectFrom('buffers').select('id').where('id', '=', file.buffer_id).where(condition).executeTakeFirst();
    if (linked) return true;
  }
  const other = await db.selectFrom('buffers').select('id')
    .where((eb) => eb.or([
      eb('buffers.requester_id', '=', file.uploader_id),
      eb('buffers.id', 'in', eb.selectFrom('approvals').select('approvals.buffer_id').where('approvals.approver_id', '=', file.uploader_id)),
    ]))
    .where(condition).limit(1).executeTakeFirst();
  return other !== undefined;
}

/**
 * Whether any filed document (whoever filed it) references the file: then it may not be deleted.
 * The recorded document first (by id); otherwise every document is checked, which is rare
 * (deleting an upload) and must not miss a reference.
 */
export async function isFileReferenced(db: Kysely<Database>, fileId: number, fieldNames: string[]): Promise<boolean> {
  const file = await db.selectFrom('files').select('buffer_id').where('id', '=', fileId).executeTakeFirst();
  if (file?.buffer_id != null) {
    const linked = await db.selectFrom('buffers').select('id').where('id', '=', file.buffer_id)
      .where(documentReferencesFile(fileId, fieldNames)).executeTakeFirst();
    if (linked) return true;
  }
  const row = await db.selectFrom('buffers').select('buffers.id').where(documentReferencesFile(fileId, fieldNames)).limit(1).executeTakeFirst();
  return row !== undefined;
}
