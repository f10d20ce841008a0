import multipart from '@fastify/multipart';
import { accessOrigin, recordAccess } from '../../auth/access-log';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { detectContentOf, ACCEPTED_EXTENSIONS } from '../../files/detect-content';
import { fileSource } from '../../files/content-source';
import { UploadGate } from '../../files/upload-gate';
import { removeSpooled, spoolUpload, type SpooledUpload } from '../../files/upload-spool';
import { UploadAbortedError, watchUpload, type UploadWatch } from '../../files/upload-watch';
import { privateDir } from '../../security/private-dir';
import { attachmentKinds } from '../../files/attachment-kinds';
import { canReadFile, isFileReferenced } from '../../files/file-access';
import { fileFieldNames } from '../../files/file-field-names';
import { formatFileSize } from '../../../src/engine/files/format-file-size';
import { fileRecord, safeFileName } from '../../files/file-record';
import { FileStorage } from '../../files/file-storage';
import { FilePreviews } from '../../files/file-previews';
import { fileLinkReader } from '../../files/file-link-reader';
import { uploadMaxBytes } from '../../files/upload-max-bytes';
import { AppError, badRequest, conflict, errorResponseSchema, notFound, tooLarge, unauthorized, unsupportedMediaType } from '../../lib/errors';
import { FileLinkQuery, FileRecord } from '../../../src/wire/files';
import { contentDisposition, requestedRange, wantsJson } from './reply-helpers';
import { recordRetainedUntil } from '../../records/record-retention';
import { IdParams } from '../../../src/wire/common';
import { fileInStatisticScope } from '../../statistics/scope-checks';
import { statisticFileRecord } from '../../statistics/document-search';
import { statisticsContext } from '../request-context';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));

interface Upload {
  file: SpooledUpload;
  fileName: string;
  documentType: unknown;
}

/**
 * Files (spec 000 §7, 001 §7): `POST /files` (multipart `file` + `document_type`), `GET
 * /files/{id}` (the content, or the record for a JSON client), `GET /files/{id}/meta` (the record) and
 * `DELETE /files/{id}`.
 * Content is checked against its extension by magic bytes; reading needs the bearer header or
 * the short-lived `?token=` of the record's `url`. See README.md.
 */
const files: FastifyPluginAsync = async (app) => {
  const maxBytes = uploadMaxBytes();
  const storage = new FileStorage(app.config.dataDir, app.db);
  // First pages of PDFs as pictures, drawn after the upload (GET /files/{id}/preview).
  const previews = new FilePreviews(app.db, storage);
  app.addHook('onClose', () => previews.close());
  // Per request's set: a publish may add file fields or attachment kinds at any time.
  const fieldNamesOf = perSet((set) => fileFieldNames(set.modules));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 4, parts: 6, fieldSize: 1024 } });
  const config = app.config;
  const gate = new UploadGate({ concurrency: config.uploadConcurrency ?? 4, queue: config.uploadQueue ?? 16, perUser: config.uploadsPerUser ?? 3 });
  const pace = { idleMs: config.uploadIdleTimeoutMs ?? 10_000, minBytesPerSecond: config.uploadMinBytesPerSecond ?? 4096 };
  // Uploads are spooled here while they arrive (private, emptied at start: a crash leaves nothing behind for long).
  const spoolDir = join(config.dataDir, 'upload-spool');
  await rm(spoolDir, { recursive: true, force: true });
  privateDir(spoolDir);

  /**
   * Reads the one file (spooled to a private temporary file as it arrives, never whole in
   * memory) and the document type. The caller removes the spooled file. The file's bytes are
   * reported to `watch` as they arrive; once its signal aborted, that is the failure.
   */
  async function readUpload(request: FastifyRequest, watch: UploadWatch): Promise<Upload> {
    const t = request.t;
    if (!request.isMultipart()) throw unsupportedMediaType(t('server.files.notMultipart'));
    let upload: Partial<Upload> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || upload.file) {
            // Drained without keeping it: a second file must not cost memory either.
            await (async () => { for await (const _ of part.file) { /* discard */ } })().catch(() => undefined);
            throw badRequest(t('server.files.oneFile'));
          }
          upload = { ...upload, file: await spoolUpload(part.file, spoolDir, { onBytes: watch.received, signal: watch.signal }), fileName: part.filename };
          if (upload.file!.truncated) throw tooLarge(t('server.files.tooLarge', { max: formatFileSize(maxBytes) }));
        } else if (part.fieldname === 'document_type') {
          upload.documentType = part.value;
        }
      }
    } catch (error) {
      if (upload.file) await removeSpooled(upload.file.path);
      watch.signal.throwIfAborted();
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(t('server.files.tooLarge', { max: formatFileSize(maxBytes) }));
      if (code === 'FST_FILES_LIMIT') throw badRequest(t('server.files.oneFile'));
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') throw badRequest(t('server.files.badForm'));
      // Anything else the multipart reader throws (no boundary, a truncated part, …) is the client's malformed form.
      throw badRequest(t('server.security.badMultipart'));
    }
    if (!upload.file) throw badRequest(t('server.files.noFile'));
    return upload as Upload;
  }

  /** The reader: the bearer user, or the user a valid `?token=` was issued to (404 on a bad one would hide expiry). */
  async function readerOf(request: FastifyRequest<{ Params: IdParams; Querystring: FileLinkQuery }>, reply: FastifyReply): Promise<number> {
    const token = request.query.token;
    if (token === undefined) {
      await app.authenticate(request, reply);
      return request.user.id;
    }
    const userId = await fileLinkReader(app.db, app.config.jwtSecret, request.params.id, token);
    if (userId === null) throw unauthorized(request.t('server.files.linkExpired'));
    return userId;
  }

  app.post('/files', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Uploads one file (multipart: `file`, `document_type` = an attachment kind a module definition declares). '
        + `Accepts the kind's file types (at most ${ACCEPTED_EXTENSIONS.join(', ')}) whose content matches the extension by magic bytes; `
        + 'at most the kind\'s maxBytes and UPLOAD_MAX_BYTES (20 MiB). Answers the File record with a signed `url` valid 10 minutes. '
        + 'A few uploads run at once per instance (UPLOAD_CONCURRENCY, 4) and a few more wait (UPLOAD_QUEUE, 16; beyond, 503 with Retry-After); '
        + 'one user may have UPLOADS_PER_USER (3, always fewer than the instance runs) running or waiting (beyond, 429 with Retry-After). '
        + 'While the body is read, no bytes for UPLOAD_IDLE_TIMEOUT_MS (10 s), or less than UPLOAD_MIN_BYTES_PER_SECOND (4 KiB/s) on average '
        + 'over the last 30 s, answers 408 and closes the connection; a client that leaves at any stage frees its place at once.'),
      consumes: ['multipart/form-data'],
      response: { 201: FileRecord, ...errors(400, 401, 408, 413, 415, 429, 503) },
    },
  }, async (request, reply) => {
    const t = request.t;
    // From here until the answer: a client that leaves frees the upload's place at any stage; one
    // that stalls or trickles while its body is read is cut off (408).
    const watch = watchUpload(reply.raw, pace);
    try {
      // The answer is sent after the gate released the slot and the spooled file is gone, so a
      // client that uploads again right after its answer is not counted twice.
      const record = await gate.run(request.user.id, (max) => t('server.files.tooManyUploads', { max }), async () => {
        watch.reading();
        const upload = await readUpload(request, watch);
        watch.storing();
        try {
          return await store(request, upload, watch.signal);
        } finally {
          await removeSpooled(upload.file.path);
        }
      }, watch.signal);
      if (record.type === 'pdf') previews.schedule(record.id);
      return reply.status(201).send(record);
    } catch (error) {
      if (!(error instanceof UploadAbortedError)) throw error;
      if (error.reason === 'closed') throw badRequest(t('server.files.uploadCancelled'));
      // The rest of the body is not waited for: the connection closes after the answer.
      reply.header('connection', 'close');
      throw error.reason === 'idle'
        ? new AppError('REQUEST_TIMEOUT', t('server.files.uploadIdle', { seconds: Math.ceil(pace.idleMs / 1000) }))
        : new AppError('REQUEST_TIMEOUT', t('server.files.uploadTooSlow', { rate: formatFileSize(pace.minBytesPerSecond) }));
    } finally {
      watch.stop();
    }
  });

  /**
   * Checks a spooled upload (kind, size, content and structure) and stores it chunk by chunk; an
   * aborted `signal` (its client left) stops it before the row is written, removing what was stored.
   */
  async function store(request: FastifyRequest, upload: Upload, signal: AbortSignal) {
    const t = request.t;
    const { file } = upload;
    // Attachment kinds are definition data (attachments/<code>.json): types, accepted files, size.
    const kinds = attachmentKinds(request.definitions.modules);
    const kind = typeof upload.documentType === 'string' ? kinds.get(upload.documentType) : undefined;
    if (!kind) throw badRequest(t('server.files.documentType', { types: [...kinds.keys()].sort().join(', ') }));
    if (file.size === 0) throw badRequest(t('server.files.empty'));
    if (file.size > kind.maxBytes) throw tooLarge(t('server.files.tooLarge', { max: formatFileSize(kind.maxBytes) }));
    const source = await fileSource(file.path, file.size, file.head);
    const detected = await detectContentOf(source, upload.fileName).finally(() => source.close());
    if ('problem' in detected) {
      throw unsupportedMediaType(t(`server.files.${detected.problem}`, { name: safeFileName(upload.fileName, 'bin'), types: kind.accept.join(', ') }));
    }
    if (!kind.accept.includes(detected.ext)) {
      throw unsupportedMediaType(t('server.files.extension', { name: safeFileName(upload.fileName, 'bin'), types: kind.accept.join(', ') }));
    }
    const name = safeFileName(upload.fileName, detected.ext);
    const key = await storage.saveStream(createReadStream(file.path, { signal }));
    try {
      signal.throwIfAborted();
      const row = await app.db.insertInto('files').values({
        name, mime_type: detected.mime, size: file.size, document_type: String(upload.documentType), storage_key: key,
        sha256: file.sha256, uploader_id: request.user.id,
      }).returning(['id', 'name', 'mime_type', 'size', 'document_type', 'created_at']).executeTakeFirstOrThrow();
      return fileRecord(row, request.user.id, app.config.jwtSecret);
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
  }

  app.get<{ Params: IdParams; Querystring: FileLinkQuery }>('/files/:id', {
    schema: {
      ...doc('The file content (Content-Type from the detected type, nosniff) for its uploader or anyone who can see a '
        + 'document referencing it; with the bearer header and `Accept: application/json` first, the File record instead. '
        + '`?token=` (from the record `url`) replaces the bearer header for 10 minutes. Anyone else: 404. '
        + 'One byte range (`Range: bytes=a-b`, `a-` or `-n`) answers 206 with `Content-Range`; a range starting past the end, 416.'),
      params: IdParams,
      querystring: FileLinkQuery,
      response: { 200: FileRecord, ...errors(400, 401, 404, 416) },
    },
  }, async (request, reply) => {
    const userId = await readerOf(request, reply);
    const missing = () => notFound(request.t('server.errors.notFound', { what: request.t('server.files.entity') }));
    if (!(await canReadFile(app.db, request.params.id, userId, fieldNamesOf(request.definitions)))) throw missing();
    const row = await app.db.selectFrom('files').select(['id', 'name', 'mime_type', 'size', 'document_type', 'created_at', 'storage_key'])
      .where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw missing();
    if (request.query.token === undefined && wantsJson(request.headers.accept)) return fileRecord(row, userId, app.config.jwtSecret);
    reply
      .header('content-type', row.mime_type)
      .header('content-disposition', contentDisposition(row.name, row.mime_type))
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store');
    // One byte range (the PDF viewer reads a large PDF's end, then the pages it shows).
    const range = requestedRange(request.headers.range, request.headers['if-range'] as string | undefined, row.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${row.size}`);
      throw new AppError('RANGE_NOT_SATISFIABLE', request.t('server.files.rangeNotSatisfiable', { size: row.size }));
    }
    // A download is one access-log entry: a ranged read counts at its first byte only (a viewer reads a file in many ranges).
    if (!range || range.start === 0) {
      await recordAccess(app.db, { event: 'file.download', userId, ...accessOrigin(request), detail: { file_id: row.id, name: row.name, ...(request.query.token !== undefined ? { by_link: true } : {}) } });
    }
    if (range) {
      return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
        .header('content-length', range.end - range.start + 1).send(storage.open(row.storage_key, range));
    }
    return reply.header('content-length', row.size).send(storage.open(row.storage_key));
  });

  app.get<{ Params: IdParams; Querystring: FileLinkQuery }>('/files/:id/preview', {
    schema: {
      ...doc('The first page of a PDF attachment as a WebP picture, 780 pixels wide (a phone\'s width at twice its density), '
        + 'drawn by the server from the stored file after its upload (or now, if it was not yet), so a viewer can show page 1 '
        + 'before it has read the file; `X-Page-Count` gives the PDF\'s pages. Same readers as `GET /files/{id}` (bearer header '
        + 'or `?token=`), each read an access-log download entry. Not a PDF, a PDF that cannot be drawn, or anyone else: 404.'),
      params: IdParams,
      querystring: FileLinkQuery,
      response: errors(400, 401, 404),
    },
  }, async (request, reply) => {
    const userId = await readerOf(request, reply);
    const missing = () => notFound(request.t('server.errors.notFound', { what: request.t('server.files.preview') }));
    if (!(await canReadFile(app.db, request.params.id, userId, fieldNamesOf(request.definitions)))) throw missing();
    const row = await app.db.selectFrom('files').select(['id', 'name', 'mime_type']).where('id', '=', request.params.id).executeTakeFirst();
    if (row?.mime_type !== 'application/pdf') throw missing();
    const preview = await previews.get(row.id);
    if (!preview) throw missing();
    await recordAccess(app.db, { event: 'file.download', userId, ...accessOrigin(request), detail: { file_id: row.id, name: row.name, preview: true, ...(request.query.token !== undefined ? { by_link: true } : {}) } });
    return reply
      .header('content-type', preview.mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('x-page-count', String(preview.pageCount))
      .header('cache-control', 'private, max-age=600')
      .header('content-length', preview.bytes.byteLength)
      .send(Buffer.from(preview.bytes.buffer, preview.bytes.byteOffset, preview.bytes.byteLength));
  });

  app.get<{ Params: IdParams; Querystring: FileLinkQuery }>('/files/:id/meta', {
    schema: {
      ...doc('The File record (fresh signed `url`) whatever the Accept header says, for the same readers as '
        + '`GET /files/{id}` (bearer header or `?token=`), and with the bearer header for a Statistic user whose companies hold a document '
        + 'referencing it (opened from the document search; its `url` is then `/statistic_files/{id}`); anyone else: 404. Widgets use it for ids they only know by id.'),
      params: IdParams,
      querystring: FileLinkQuery,
      response: { 200: FileRecord, ...errors(400, 401, 404) },
    },
  }, async (request, reply) => {
    const userId = await readerOf(request, reply);
    const missing = () => notFound(request.t('server.errors.notFound', { what: request.t('server.files.entity') }));
    const fieldNames = fieldNamesOf(request.definitions);
    // A document-search reader (the Statistic scope: an auditor, the records officer) reads the
    // attachments of the documents it opens there: the record's url is the statistics content route.
    let viaStatistics = false;
    if (!(await canReadFile(app.db, request.params.id, userId, fieldNames))) {
      viaStatistics = request.query.token === undefined
        && await fileInStatisticScope(app.db, statisticsContext(request), request.params.id, fieldNames).catch(() => false);
      if (!viaStatistics) throw missing();
    }
    const row = await app.db.selectFrom('files').select(['id', 'name', 'mime_type', 'size', 'document_type', 'created_at'])
      .where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw missing();
    return viaStatistics ? statisticFileRecord(row, userId, app.config.jwtSecret) : fileRecord(row, userId, app.config.jwtSecret);
  });

  app.delete<{ Params: IdParams }>('/files/:id', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Deletes an upload: only its uploader (others: 404), and only while no filed document references it and it is not an electronic record within its retention period (409).'),
      params: IdParams,
      response: { 204: { type: 'null' }, ...errors(400, 401, 404, 409) },
    },
  }, async (request, reply) => {
    const row = await app.db.selectFrom('files').select(['id', 'storage_key']).where('id', '=', request.params.id)
      .where('uploader_id', '=', request.user.id).executeTakeFirst();
    if (!row) throw notFound(request.t('server.errors.notFound', { what: request.t('server.files.entity') }));
    if (await isFileReferenced(app.db, row.id, fieldNamesOf(request.definitions))) throw conflict(request.t('server.files.referenced'));
    // Once an electronic record, never deleted within the retention period (docs/COMPLIANCE.md).
    const keptUntil = await recordRetainedUntil(app.db, row.id, app.config.recordsRetentionYears ?? 7);
    if (keptUntil) throw conflict(request.t('server.records.retained', { until: keptUntil }));
    await app.db.deleteFrom('files').where('id', '=', row.id).execute();
    await storage.remove(row.storage_key);
    return reply.status(204).send();
  });
};

export default files;
