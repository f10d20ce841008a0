import type { FastifyPluginAsync } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { historyPdf } from '../../records/history-pdf';
import { historyEntries } from '../../records/record-history';
import { verifyRecords } from '../../records/record-verify';
import { documentsIn, recordsScope } from '../../records/records-access';
import { exportFonts } from '../../statistics/export-files';
import { canSeeDocument } from '../../workflow/core/visibility';
import { markCirculationRead } from '../../workflow/decisions/circulation-read';
import { errorResponseSchema } from '../../lib/errors';
import { documentView } from '../../workflow/lists/document-view';
import { ListQuery } from '../../../src/wire/list-query';
import { myDocuments } from '../../workflow/lists/lists';
import { assertVisible, documentNotFound, statisticsContext } from '../request-context';
import { documentCollectionSchema, doc, documentViewSchema } from '../route-schemas';
import { IdParams } from '../../../src/wire/common';
import { HistoryCollection, HistoryQuery } from '../../../src/wire/records';
import { registerFollowUpRoutes } from './follow-ups';

type Id = { Params: IdParams };

/**
 * The applicant's list, one document and its history: `GET /my-buffers`, `GET /buffers/{id}`,
 * `GET /buffers/{id}/history` (the electronic records' hash-chained history, server/records/),
 * `GET /buffers/{id}/follow_ups` and `/follow_up_data` (follow-up documents, `follow-ups.ts`; the
 * `/buffer/*` actions on a document are routes/buffer's). Transitions and errors: server/workflow/README.md.
 */
const buffers: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // 関連書類 (issue #36 item 5): a document's follow-up links and a follow-up's start.
  registerFollowUpRoutes(app);

  app.get<{ Querystring: ListQuery }>('/my-buffers', {
    schema: { ...doc('Documents the current user filed; paged (itemsPerPage 5), filtered, searched and sorted.'), querystring: ListQuery, response: { 200: documentCollectionSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
  }, async (request) => myDocuments(app.db, request.definitions, request.user.id, request.query, request.lang));

  app.get<Id>('/buffers/:id', {
    schema: { ...doc('One document with its steps (timeline), logs and `can`; 404 unless the user filed it, is or was its approver, or it was forwarded or circulated to them. Opening a document circulated to the user marks it read for them (as `POST /buffer/{id}/circulation/read`).'), params: IdParams, response: { 200: documentViewSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    // Opening a document circulated to the reader is reading it (回覧, issue #31 item 5).
    await markCirculationRead(app.db, request.params.id, request.user.id);
    return documentView(app.db, request.definitions, request.params.id, request.user.id, request.lang);
  });

  app.get<{ Params: IdParams; Querystring: HistoryQuery }>('/buffers/:id/history', {
    schema: {
      ...doc('The append-only history of a document: every change of its data, status or files with before and after, who, when and why, '
        + 'and each entry\'s SHA-256 chain hash (sealed by the application\'s HMAC); `on_behalf_of` names the principal when their deputy acted (the actor; it is in the hash); `chain_ok` says whether the whole chain, its seals and the document\'s records still verify (`GET /records/verify` says what broke). Searchable: `q` (any text of the '
        + 'entry), `kind`, `actor.id`, `at[after]`/`at[before]`. `format=pdf` prints it (the CJK font embedded). For whoever sees the '
        + 'document, and records users whose scope holds it; else 404.'),
      params: IdParams,
      querystring: HistoryQuery,
      response: { 200: HistoryCollection, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request, reply) => {
    const id = request.params.id;
    const viaRecords = await recordsScope(app.db, statisticsContext(request)).then(
      async (companies) => (await sql<{ id: number }>`select b.id from buffers b where b.id = ${id} and ${documentsIn(companies)}`.execute(app.db)).rows.length > 0,
      () => false,
    );
    if (!viaRecords && !(await canSeeDocument(app.db, id, request.user.id))) throw documentNotFound(request);
    const { format = 'json', ...filter } = request.query;
    const entries = await historyEntries(app.db, id, filter);
    const report = await verifyRecords(app.db, { documents: sql<SqlBool>`b.id = ${id}`, key: app.recordsKey, limit: 10 });
    if (format === 'pdf') {
      const code = (await app.db.selectFrom('buffers').select('code').where('id', '=', id).executeTakeFirst())?.code ?? String(id);
      const t = request.t;
      const pdf = await historyPdf(entries, {
        title: t('server.records.history.title', { code }),
        subtitle: t(report.ok ? 'server.records.history.chainOk' : 'server.records.history.chainBroken', { printed: new Date().toISOString() }),
        labels: Object.fromEntries(['seq', 'at', 'actor', 'reason', 'kind', 'before', 'after', 'filesAdded', 'filesRemoved', 'hash', 'nobody']
          .map((key) => [key, t(`server.records.history.${key}`)])) as Parameters<typeof historyPdf>[1]['labels'],
        kind: (kind) => t(`server.records.history.kinds.${kind}`),
        onBehalf: (deputy, principal) => t('server.records.history.onBehalf', { deputy, principal }),
      }, exportFonts(request.lang, app.config.exportFont));
      return reply.header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="history-${code}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
    }
    return { 'hydra:member': entries, 'hydra:totalItems': entries.length, chain_ok: report.ok };
  });
};

export default buffers;
