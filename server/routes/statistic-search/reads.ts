import type { FastifyInstance } from 'fastify';
import type { DefinitionSet } from '../../../src/engine';
import { FileStorage } from '../../files/file-storage';
import { fileLinkReader } from '../../files/file-link-reader';
import { fileRecord } from '../../files/file-record';
import { errorResponseSchema, notFound, unauthorized } from '../../lib/errors';
import { statisticFileRecord } from '../../statistics/document-search';
import { fileRefs } from '../../statistics/file-refs';
import { authUserById, fileInStatisticScope, inStatisticScope } from '../../statistics/scope-checks';
import { documentView } from '../../workflow/lists/document-view';
import { documentNotFound, statisticsContext } from '../request-context';
import { canSeeDocument } from '../../workflow/core/visibility';
import { doc, documentViewSchema } from '../route-schemas';
import { contentDisposition } from '../files/reply-helpers';
import { sql } from 'kysely';
import { StatisticFileQuery, TransactionFileCollection } from '../../../src/wire/files';
import { IdParams } from '../../../src/wire/common';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

type Id = { Params: IdParams };

/** The reads a search result opens: a document's files, the document itself, a file's content by signed link. */
export function registerStatisticReads(app: FastifyInstance, fieldNamesOf: (set: DefinitionSet) => string[]): void {
  app.get<Id>('/transaction_files/buffer/:id', {
    schema: {
      ...doc('The files of a document (transaction file records: updater = uploader, file, created_at), oldest first, for anyone who '
        + 'sees the document (workflow) or has it in their Statistic scope; anyone else: 404.'),
      params: IdParams,
      response: { 200: TransactionFileCollection, ...errors },
    },
  }, async (request): Promise<TransactionFileCollection> => {
    const id = request.params.id;
    const viaStatistics = await inStatisticScope(app.db, statisticsContext(request), id).catch(() => false);
    if (!viaStatistics && !(await canSeeDocument(app.db, id, request.user.id))) throw documentNotFound(request);
    const rows = await sql<{ id: number; name: string; mime_type: string; size: number; document_type: string; created_at: Date; updater_id: number; updater_name: string }>`
      select files.id, files.name, files.mime_type, files.size, files.document_type, files.created_at, users.id as updater_id, users.name as updater_name
      from buffers cross join lateral ${fileRefs(fieldNamesOf(request.definitions))} join files on files.id = refs.file_id join users on users.id = files.uploader_id
      where buffers.id = ${id} order by files.created_at, files.id`.execute(app.db);
    const secret = app.config.jwtSecret;
    const members = rows.rows.map((row) => ({
      updater: { id: row.updater_id, name: row.updater_name },
      file: viaStatistics ? statisticFileRecord(row, request.user.id, secret) : fileRecord(row, request.user.id, secret),
      created_at: new Date(row.created_at).toISOString(),
    }));
    return { 'hydra:member': members, 'hydra:totalItems': members.length };
  });

  app.get<Id>('/statistic/buffers/:id', {
    schema: {
      ...doc('One document as the detail page shows it, for a Statistic user whose companies it belongs to (opened from the document search); else 404.'),
      params: IdParams,
      response: { 200: documentViewSchema, ...errors },
    },
  }, async (request) => {
    if (!(await inStatisticScope(app.db, statisticsContext(request), request.params.id))) throw documentNotFound(request);
    return documentView(app.db, request.definitions, request.params.id, request.user.id, request.lang);
  });
}

/** `GET /statistic_files/{id}?token=`: public route (the signed link stands in for the bearer header). */
export function registerStatisticFileContent(app: FastifyInstance, fieldNamesOf: (set: DefinitionSet) => string[]): void {
  const storage = new FileStorage(app.config.dataDir, app.db);

  app.get<Id & { Querystring: StatisticFileQuery }>('/statistic_files/:id', {
    schema: {
      ...doc('A file\'s content by the signed `url` of a statistics file record (10 minutes), while its document is in the link owner\'s Statistic scope; else 404.'),
      params: IdParams,
      querystring: StatisticFileQuery,
      response: { 200: { type: 'string', format: 'binary' }, ...errors },
    },
  }, async (request, reply) => {
    const userId = await fileLinkReader(app.db, app.config.jwtSecret, request.params.id, request.query.token);
    const user = userId === null ? undefined : await authUserById(app.db, userId);
    if (!user) throw unauthorized(request.t('server.files.linkExpired'));
    request.user = user;
    const missing = () => notFound(request.t('server.errors.notFound', { what: request.t('server.files.entity') }));
    if (!(await fileInStatisticScope(app.db, statisticsContext(request), request.params.id, fieldNamesOf(request.definitions)).catch(() => false))) throw missing();
    const row = await app.db.selectFrom('files').select(['name', 'mime_type', 'size', 'storage_key']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw missing();
    return reply.header('content-type', row.mime_type).header('content-length', row.size)
      .header('content-disposition', contentDisposition(row.name, row.mime_type))
      .header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store')
      .send(storage.open(row.storage_key));
  });
}
