import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { FileStorage } from '../../files/file-storage';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { keysetPaginate } from '../../repositories/keyset-paginate';
import { queueExport } from '../../statistics/export-jobs';
import { doc } from '../route-schemas';
import { contentDisposition } from '../files/reply-helpers';
import { verifyRecords } from '../../records/record-verify';
import { documentsIn, recordsInCompanies, recordsScope } from '../../records/records-access';
import type { RecordsExportParams } from '../../records/records-export';
import { RECORD_COLUMNS, RECORD_ORDER, recordConditions, recordMember } from '../../records/records-query';
import {
  RecordCollection, RecordExportJob, RecordExportQuery, RecordQuery, VerifyQuery, VerifyReport,
} from '../../../src/wire/records';
import { IdParams } from '../../../src/wire/common';
import { statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
/**
 * Records counted per list answer at most (pages past it stay reachable by `nextCursor`; the app
 * shows no total). Counting up to 100,000 was most of a common filter's cost at the decade bench's
 * size (currency=JPY: p95 147 ms, the target 100 ms).
 */
export const RECORD_COUNT_CAP = 10_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());


/**
 * Electronic records (電子帳簿保存法; docs/COMPLIANCE.md): every file of a filed document with the
 * document's transaction date, amount, currency, counterparty and registration number (fields
 * named by each module's `ui:module.statistics.records`), searched by any combination
 * (`GET /records`), downloaded for a tax officer (`GET /records/export`, a mailed job), their
 * files read even after removal (`GET /records/files/{id}`), and the hash-chained history of
 * every change (`GET /records/verify`; a document's own history, `GET /buffers/{id}/history`, is
 * served from routes/buffers). Statistic roles and Company Internal Auditors; company-scoped
 * (server/records/records-access.ts).
 */
const records: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const storage = new FileStorage(app.config.dataDir, app.db);

  app.get<{ Querystring: RecordQuery }>('/records', {
    schema: {
      ...doc('Electronic records, newest transaction first, keyset-paged (`cursor` = the previous page\'s `nextCursor`; `hydra:totalItems` '
        + `counts at most ${RECORD_COUNT_CAP.toLocaleString('en')}). Filters, any `
        + 'combination: `date[after]`/`date[before]` (transaction date, inclusive), `amount[gte]`/`amount[lte]`, `counterparty` (part of '
        + 'the name, any case), `module.code`, `company.id` (in the user\'s scope, else 403), `currency` (code or id), `registration_no` '
        + '(part), `include_removed` (records of files taken off their document, kept for the retention period). A reversed range → 400. '
        + 'Authorizer, finance, treasury or Company Internal Auditor (403 otherwise).'),
      querystring: RecordQuery,
      response: { 200: RecordCollection, ...errors },
    },
  }, async (request) => {
    const ctx = statisticsContext(request);
    const companies = await recordsScope(app.db, ctx, request.query['company.id']);
    const conditions = await recordConditions(app.db, ctx, request.query, companies);
    const filtered = app.db.selectFrom('records as r').where((eb) => eb.and(conditions));
    const page = await keysetPaginate(app.db, filtered as never, (q) => (q as typeof filtered).select(RECORD_COLUMNS as never) as never, RECORD_ORDER, request.query, RECORD_COUNT_CAP);
    return { ...page, 'hydra:member': (page['hydra:member'] as Array<Record<string, unknown>>).map(recordMember) };
  });

  app.get<{ Querystring: VerifyQuery }>('/records/verify', {
    schema: {
      ...doc('Checks the electronic records of the user\'s scope (or one company; docs/COMPLIANCE.md): recomputes every entry\'s SHA-256 and '
        + 'checks its link and its seal (the application\'s HMAC under a key the database does not hold: `unsealed` = written outside the '
        + 'application, `seal` = forged), each document against its last entry (`data`), every record against the document\'s data and '
        + 'history (`record`), and reads back the stored bytes of a random sample of files (`files=sample`, default), of all of them '
        + '(`files=all`) or none (`files=none`) against the recorded SHA-256 (`file`). For the whole store (a group admin without '
        + '`company.id`) it also compares the last daily anchor kept outside the database (`deleted`, `anchor`). `unattributed` lists '
        + 'entries without an actor. `ok` is false when anything is broken or unattributed. `npm run records:verify` runs the same check '
        + 'with progress.'),
      querystring: VerifyQuery,
      response: { 200: VerifyReport, ...errors },
    },
  }, async (request) => {
    const companies = await recordsScope(app.db, statisticsContext(request), request.query['company.id']);
    return verifyRecords(app.db, {
      documents: documentsIn(companies), key: app.recordsKey, files: request.query.files ?? 'sample', storage,
      anchorDir: companies === null ? app.config.dataDir : undefined, modules: request.definitions.modules,
    });
  });

  app.get<{ Querystring: RecordExportQuery }>('/records/export', {
    schema: {
      ...doc('Starts the download a tax officer asks for, with the filters of `GET /records`: `format` csv (default; columns date, amount, '
        + 'currency, counterparty, registration number, document code, module, file name, SHA-256) in `encoding` utf-8 (default, with a '
        + 'byte-order mark) or shift_jis, or zip (the files and that CSV as records.csv, and each document\'s printed 稟議書 as <code>/ringi-<code>.pdf beside its files, in the requester\'s language). Answers 202 with a job; the file is mailed to '
        + 'the requester. `GET /records/export/jobs/{id}` reports it. Three of the user\'s exports (of any kind) already queued or running → '
        + '429 (one is already being prepared; Retry-After); 32 queued or running across the instances → 503 (Retry-After).'),
      querystring: RecordExportQuery,
      response: { 202: RecordExportJob, ...errors, 429: errorResponseSchema, 503: errorResponseSchema },
    },
  }, async (request, reply) => {
    const { format = 'csv', encoding = 'utf-8', ...filter } = request.query;
    const ctx = statisticsContext(request);
    const companies = await recordsScope(app.db, ctx, filter['company.id']);
    await recordConditions(app.db, ctx, filter, companies);
    const params: RecordsExportParams = { kind: 'records', lang: request.lang, filter, companies, format, encoding };
    const created = await queueExport(app.db, request.user.id, request.t, (trx) => trx.insertInto('export_jobs')
      .values({ user_id: request.user.id, params: JSON.stringify(params) })
      .returning(['id', 'status', 'progress', 'created_at']).executeTakeFirstOrThrow());
    app.exportJobs.kick();
    return reply.code(202).send({ ...created, format, row_count: null, error: null, created_at: iso(created.created_at), finished_at: null });
  });

  app.get<{ Params: IdParams }>('/records/export/jobs/:id', {
    schema: { ...doc('A records export job of the signed-in user: status, progress 0–100, row count, the failure\'s message.'), params: IdParams, response: { 200: RecordExportJob, ...errors } },
  }, async (request) => {
    const row = await app.db.selectFrom('export_jobs').select(['id', 'status', 'progress', 'params', 'row_count', 'error', 'created_at', 'finished_at'])
      .where('id', '=', request.params.id).where('user_id', '=', request.user.id).executeTakeFirst();
    const params = row?.params as Record<string, unknown> | undefined;
    if (!row || params?.kind !== 'records') throw notFound(request.t('server.errors.notFound', { what: request.t('server.export.job') }));
    return { id: row.id, status: row.status, progress: row.progress, format: String(params.format), row_count: row.row_count, error: row.error, created_at: iso(row.created_at), finished_at: iso(row.finished_at) };
  });

  app.get<{ Params: IdParams }>('/records/files/:id', {
    schema: {
      ...doc('A record\'s file content — also of a file taken off its document (kept for the retention period) — for a records user whose '
        + 'scope holds a record of it; else 404.'),
      params: IdParams,
      response: { 200: { type: 'string', format: 'binary' }, ...errors },
    },
  }, async (request, reply) => {
    const companies = await recordsScope(app.db, statisticsContext(request));
    const missing = () => notFound(request.t('server.errors.notFound', { what: request.t('server.files.entity') }));
    const held = await sql<{ one: number }>`select 1 as one from records r where r.file_id = ${request.params.id} and ${recordsInCompanies(companies)} limit 1`.execute(app.db);
    if (!held.rows.length) throw missing();
    const row = await app.db.selectFrom('files').select(['name', 'mime_type', 'size', 'storage_key']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw missing();
    return reply.header('content-type', row.mime_type).header('content-length', row.size)
      .header('content-disposition', contentDisposition(row.name, row.mime_type))
      .header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store')
      .send(storage.open(row.storage_key));
  });
};

export default records;
