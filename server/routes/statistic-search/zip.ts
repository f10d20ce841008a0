import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import yazl from 'yazl';
import { FileStorage } from '../../files/file-storage';
import { notFound } from '../../lib/errors';
import { companyScope } from '../../statistics/access';
import { inCompanies } from '../../statistics/company-condition';
import { fileRefs } from '../../statistics/file-refs';
import { zipEntryName } from '../../lib/zip-entry-name';
import { statisticsContext } from '../request-context';

/**
 * Streams the chosen files as one zip. Entries are stored (uploads are mostly already
 * compressed images and PDFs), so the size is known before the first byte and the browser can
 * show real progress from Content-Length. Every id must be a file of a document in scope.
 */
export async function sendZip(request: FastifyRequest, reply: FastifyReply, ids: number[], fieldNames: string[]) {
  const db = request.server.db;
  const rows = await sql<{ id: number; name: string; size: number; storage_key: string; created_at: Date; code: string }>`
    select distinct on (files.id) files.id, files.name, files.size, files.storage_key, files.created_at, buffers.code
    from buffers cross join lateral ${fileRefs(fieldNames)} join files on files.id = refs.file_id
    where files.id in (${sql.join(ids)}) and ${inCompanies(companyScope(statisticsContext(request)))}
    order by files.id, buffers.id`.execute(db);
  const found = new Set(rows.rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(request.t('server.statistics.fileNotFound', { id: missing }));

  const storage = new FileStorage(request.server.config.dataDir, request.server.db);
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  for (const id of ids) {
    const row = rows.rows.find((r) => r.id === id)!;
    zip.addReadStream(storage.open(row.storage_key), zipEntryName(row.code, row.name, taken), { compress: false, size: row.size, mtime: new Date(row.created_at) });
  }
  // The types declare the callback without its argument; yazl passes the total size (or -1).
  const end = zip.end.bind(zip) as unknown as (options: object, done: (total: number) => void) => void;
  const size = await new Promise<number>((resolve) => end({}, resolve));
  const stamp = new Date().toISOString().slice(0, 10);
  reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="documents-${stamp}.zip"`)
    .header('cache-control', 'private, no-store');
  if (size >= 0) reply.header('content-length', size);
  return reply.send(zip.outputStream);
}
