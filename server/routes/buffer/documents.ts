import type { FastifyPluginAsync } from 'fastify';
import { AppError, errorResponseSchema } from '../../lib/errors';
import { fileDocument } from '../../workflow/filing/filing';
import { recordExplicitHistories } from '../../workflow/decisions/explicit-histories';
import { lastHistory } from '../../workflow/filing/histories';
import { ListQuery } from '../../../src/wire/list-query';
import { forwardedDocuments } from '../../workflow/lists/lists';
import { assertVisible, documentNotFound, workflowContext } from '../request-context';
import { documentCollectionSchema, doc, documentStatusSchema } from '../route-schemas';
import { stepBack } from '../../workflow/decisions/step-back';
import { withdrawDocument } from '../../workflow/decisions/withdraw';
import { resubmitDocument } from '../../workflow/decisions/send-back';
import { registerCirculationRoutes } from './circulation';
import { ringiPdf } from '../../records/ringi-pdf';
import { ringiSheet } from '../../records/ringi-sheet';
import { exportFonts, MissingFontError } from '../../statistics/export-files';
import type { PdfFonts } from '../../lib/cjk-pdf';
import { BufferIdBody, DocumentStatusReply, EditBody, Edited, HistoriesRecorded, LastHistory } from '../../../src/wire/workflow';
import { IdParams } from '../../../src/wire/common';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema } as const;

type Id = { Params: IdParams };

/**
 * The applicant's actions on a filed document and the forwarded list: withdraw, the applicant's
 * step back, resubmit, the edit (our path /buffer/{id}/edit) and edit histories.
 * Transitions and errors: server/workflow/README.md.
 */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  registerCirculationRoutes(app);

  app.get<{ Querystring: ListQuery }>('/buffer/forwarded', {
    schema: { ...doc('Documents forwarded to the current user (user_finances); paged, filtered, searched and sorted.'), querystring: ListQuery, response: { 200: documentCollectionSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
  }, async (request) => forwardedDocuments(app.db, request.definitions, request.user.id, request.query, request.lang));

  app.get<Id>('/buffer/:id/pdf', {
    schema: {
      ...doc('Our path (issue #36 item 2): the document printed as its 稟議書 — an A4 PDF laid out from the detail card of the definition it was filed under, '
        + 'with the 承認欄 (one round red date stamp per decision: family name, date, 代 and the principal when a deputy decided; a 合議 step\'s stamps side by side; '
        + 'a rejection or send back marked as such), the application and decision numbers when given, and the attachments with their SHA-256; in the reader\'s language, '
        + 'Noto Sans JP and SC embedded (subsets; shipped with the server as npm packages, or `EXPORT_FONT`). The same document prints the same bytes until it changes. For whoever may see the document (as `GET /buffers/{id}`); else 404. '
        + '503 with the reason when `EXPORT_FONT` names no font file.'),
      params: IdParams,
      response: { 200: { type: 'string', format: 'binary' }, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
    },
  }, async (request, reply) => {
    await assertVisible(request, request.params.id);
    const sheet = await ringiSheet(app.db, request.definitions, request.params.id, request.lang);
    if (!sheet) throw documentNotFound(request);
    let fonts: PdfFonts;
    try {
      fonts = exportFonts(sheet.lang, app.config.exportFont);
    } catch (error) {
      if (error instanceof MissingFontError) throw new AppError('SERVICE_UNAVAILABLE', request.t('server.export.noFont', { detail: error.message }));
      throw error;
    }
    const pdf = await ringiPdf(sheet, fonts);
    const code = sheet.header[0].value.replace(/[^\w.-]/g, '_');
    return reply.header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="ringi-${code}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
  });

  app.post<{ Body: BufferIdBody }>('/buffer/withdrawal', {
    schema: { ...doc('The requester withdraws a document on process before any step is done (status 10); else 409 ILLEGAL_TRANSITION.'), body: BufferIdBody, response: { 200: documentStatusSchema, ...errors } },
  }, async (request): Promise<DocumentStatusReply> => {
    await assertVisible(request, request.body.buffer_id);
    return withdrawDocument(app.db, request.body.buffer_id, await workflowContext(request));
  });

  app.post<{ Body: BufferIdBody }>('/buffer/step_back', {
    schema: { ...doc('The requester returns the document one step (the previous step active again); on the first step 409 advising withdrawal.'), body: BufferIdBody, response: { 200: documentStatusSchema, ...errors } },
  }, async (request): Promise<DocumentStatusReply> => {
    await assertVisible(request, request.body.buffer_id);
    return stepBack(app.db, request.body.buffer_id, { approver: false }, await workflowContext(request));
  });

  app.post<Id>('/buffer/:id/resubmit', {
    schema: { ...doc('Our path: the requester resubmits a document an approver sent back to them (back_to "requester"): its first pending step is active again and its approvers are mailed. 403 for others; 409 ILLEGAL_TRANSITION when the document is not with the requester.'), params: IdParams, response: { 200: documentStatusSchema, ...errors } },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    return resubmitDocument(app.db, request.params.id, await workflowContext(request));
  });

  app.post<Id & { Body: EditBody }>('/buffer/:id/edit', {
    schema: {
      ...doc('Our path: edit a document of an editable module while on process (requester or a candidate of the active step). `data` is validated like a submission (422 with violations); each changed top-level field is recorded in the history. '
        + 'An approval is of the content approved: the route is re-resolved from the edited data, and when the edit changes a field that does not keep approvals (`ui:keepsApprovals`) after any decision, or the route itself, '
        + 'the filed steps are voided and the route restarts at its first step (`approvals_cleared: true`; the timeline says so with each change old → new; the first step\'s approvers are mailed, earlier approvers told). '
        + 'With `expected_updated_at` (the document\'s `updated_at` as the editor read it), a change since — a decision, another edit — answers 409 and stores nothing; an action on a step the edit voided answers 409.'),
      params: IdParams, body: EditBody,
      response: { 200: Edited, ...errors, 422: errorResponseSchema },
    },
  }, async (request): Promise<Edited> => {
    await assertVisible(request, request.params.id);
    const edited = await fileDocument(app.db, {
      kind: 'edit', documentId: request.params.id, input: request.body.data, expectedUpdatedAt: request.body.expected_updated_at,
    }, await workflowContext(request));
    return edited;
  });

  app.post<Id & { Body: EditBody }>('/buffer/:id/histories', {
    schema: {
      ...doc('Records explicit history entries: each key of `data` with its new value (the current value as the old one); the document is unchanged. Same permission as the edit.'),
      params: IdParams, body: EditBody,
      response: { 201: HistoriesRecorded, ...errors },
    },
  }, async (request, reply) => {
    await assertVisible(request, request.params.id);
    return reply.code(201).send(await recordExplicitHistories(app.db, request.params.id, request.body.data, await workflowContext(request)));
  });

  app.get<Id>('/buffer/:id/last-history', {
    schema: {
      ...doc('Per field the last change {field, user{id,name}, created_at, old_value, value}, plus merged_info (the same keyed by field).'),
      params: IdParams,
      response: { 200: LastHistory, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    return lastHistory(app.db, request.params.id);
  });
};
