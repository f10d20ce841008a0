import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { visibleTo } from '../workflow/visibility';
import { bufferReferencesFile } from './file-references';

/**
 * Whether a user may read a file: its uploader, or anyone who can see a filed document (the
 * workflow's rule: requester, step candidates and approvers, forwarded finance users) whose
 * data references it. The reference only counts when the file's uploader is that document's
 * requester or acted on one of its steps (treasury deal slips), so nobody reads someone
 * else's upload by putting its id into a document of their own.
 */
export async function canReadFile(db: Kysely<Database>, fileId: number, userId: number, fieldNames: string[]): Promise<boolean> {
  const row = await db.selectFrom('files')
    .select('files.id')
    .where('files.id', '=', fileId)
    .where((eb) => eb.or([
      eb('files.uploader_id', '=', userId),
      eb.exists(eb.selectFrom('buffers').select(sql`1`.as('one'))
        .where(visibleTo(userId))
        .where((inner) => inner.or([
          inner('buffers.requester_id', '=', inner.ref('files.uploader_id')),
          inner.exists(inner.selectFrom('approvals as acted').select(sql`1`.as('one'))
            .whereRef('acted.buffer_id', '=', 'buffers.id').whereRef('acted.approver_id', '=', 'files.uploader_id')),
        ]))
        .where(bufferReferencesFile(sql<number>`files.id`, fieldNames))),
    ]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any filed document (whoever filed it) references the file: then it may not be deleted. */
export async function isFileReferenced(db: Kysely<Database>, fileId: number, fieldNames: string[]): Promise<boolean> {
  const row = await db.selectFrom('buffers').select('buffers.id').where(bufferReferencesFile(fileId, fieldNames)).limit(1).executeTakeFirst();
  return row !== undefined;
}
