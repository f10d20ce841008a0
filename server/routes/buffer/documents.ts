import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { fileDocument } from '../../workflow/filing';
import { recordExplicitHistories } from '../../workflow/explicit-histories';
import { lastHistory } from '../../workflow/histories';
import { ListQuery } from '../../../src/wire/list-query';
import { forwardedBuffers } from '../../workflow/lists';
import { assertVisible, workflowContext } from '../../workflow/route-helpers';
import { bufferCollectionSchema, doc, documentStatusSchema } from '../../workflow/schemas';
import { stepBack } from '../../workflow/step-back';
import { withdrawDocument } from '../../workflow/withdraw';
import { resubmitDocument } from '../../workflow/send-back';
import { registerCirculationRoutes } from './circulation';
import { BufferIdBody, DocumentStatus, EditBody, Edited, HistoriesRecorded, LastHistory } from '../../../src/wire/workflow';
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
    schema: { ...doc('Documents forwarded to the current user (user_finances); paged, filtered, searched and sorted.'), querystring: ListQuery, response: { 200: bufferCollectionSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
  }, async (request) => forwardedBuffers(app.db, request.definitions, request.user.id, request.query, request.lang));

  app.post<{ Body: BufferIdBody }>('/buffer/withdrawal', {
    schema: { ...doc('The requester withdraws a document on process before any step is done (status 10); else 409 ILLEGAL_TRANSITION.'), body: BufferIdBody, response: { 200: documentStatusSchema, ...errors } },
  }, async (request): Promise<DocumentStatus> => {
    await assertVisible(request, request.body.buffer_id);
    return withdrawDocument(app.db, request.body.buffer_id, await workflowContext(request));
  });

  app.post<{ Body: BufferIdBody }>('/buffer/step_back', {
    schema: { ...doc('The requester returns the document one step (the previous step active again); on the first step 409 advising withdrawal.'), body: BufferIdBody, response: { 200: documentStatusSchema, ...errors } },
  }, async (request): Promise<DocumentStatus> => {
    await assertVisible(request, request.body.buffer_id);
    return stepBack(app.db, request.body.buffer_id, { approver: false }, await workflowContext(request));
  });

  app.post<Id>('/buffer/:id/resubmit', {
    schema: { ...doc('Our path: the requester resubmits a document an approver sent back to them (back_to "requester"): its first pending step is active again and its approvers are mailed. 403 for others; 409 ILLEGAL_TRANSITION when the document is not with the requester.'), params: IdParams, response: { 200: documentStatusSchema, ...errors } },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    const result = await resubmitDocument(app.db, request.params.id, await workflowContext(request));
    app.mailer.kick();
    return result;
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
      kind: 'edit', bufferId: request.params.id, input: request.body.data, expectedUpdatedAt: request.body.expected_updated_at,
    }, await workflowContext(request));
    // A restarted route mails its first step's approvers and those whose approvals it cleared.
    if (edited.approvals_cleared) app.mailer.kick();
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
