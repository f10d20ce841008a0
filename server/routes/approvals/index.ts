import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { documentView } from '../../workflow/lists/document-view';
import { ListQuery } from '../../../src/wire/list-query';
import { myApprovals } from '../../workflow/lists/lists';
import { visibleStepDocument, workflowContext } from '../request-context';
import { approvalCollectionSchema, doc, documentViewSchema, documentStatusSchema } from '../route-schemas';
import { actOnStep } from '../../workflow/decisions/step-action';
import { StepActionBody, StepActionResult } from '../../../src/wire/workflow';
import { stepBack } from '../../workflow/decisions/step-back';
import { readSendBackTarget, sendBack } from '../../workflow/decisions/send-back';
import { IdParams } from '../../../src/wire/common';
import { BULK_APPROVE_MAX, BulkApproveBody, BulkApproveResult } from '../../../src/wire/bulk-approvals';
import { badRequest, forbidden, validationFailed } from '../../lib/errors';
import { bulkApprove } from '../../workflow/decisions/bulk-approve';
import { storedAnswer } from '../../workflow/core/idempotency';
import { idempotencyClaim, idempotencyHooks, storedAnswerAfterConflict } from '../idempotency-hooks';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema } as const;

/**
 * Approver side of the workflow ({id} is an approval STEP id): the pending/done list, the
 * document of a step, the action (approve, reject, treasury) and our step-back path.
 * Transitions and errors: server/workflow/README.md.
 */
const approvals: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ListQuery }>('/approvals/my', {
    schema: {
      ...doc('What waits for the current user: steps to decide (active, pending, user a candidate; awaiting "approver") and documents sent back to the user as their requester, to fix and resubmit or withdraw (awaiting "requester"; id is the step a resubmit activates); with isDone=1 the steps the user handled (latest per document; hydra:totalItems counts at most 1000 there, page on with nextCursor). Paged (itemsPerPage 5), filtered, searched and sorted like every approval list.'),
      querystring: ListQuery,
      response: { 200: approvalCollectionSchema, 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request) => myApprovals(app.db, request.definitions, request.user.id, request.query, request.lang));

  app.get<{ Params: IdParams }>('/approvals/:id/buffer', {
    schema: {
      ...doc('The document of an approval step, with its steps (timeline), logs and what the user may do (`can`). 404 when the user may not see it.'),
      params: IdParams,
      response: { 200: documentViewSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request) => {
    const documentId = await visibleStepDocument(request, request.params.id);
    return documentView(app.db, request.definitions, documentId, request.user.id, request.lang);
  });

  app.post<{ Params: IdParams; Body: StepActionBody }>('/approvals/:id/action', {
    ...idempotencyHooks,
    schema: {
      ...doc('Approve (true), reject (false) or, on a p-treasury step, complete it with data {account_id, payment_date, deal_slips: [one file id]} (approve null); on a step whose process fills fields (p-signer: the signed contract or seal files) approve true may carry data {<field>: [file ids]} of that step only (any other step refuses them, 422). Only a candidate of the active step (403); a step or document not in that state is 409 ILLEGAL_TRANSITION. send_email_push mails the next step\'s approvers and is remembered. Send back: approve false with back_to = the id of an earlier approved step (it is active again, its approvers decide again, the steps after it start over) or "requester" (every step starts over; the requester may edit, resubmit with POST /buffer/{id}/resubmit, or withdraw); any other back_to, or back_to with approve true/null, is 422. With expected_updated_at (the document\'s updated_at as the approver read it: a decision taken offline sends it) a document changed since — an edit, another decision, a send back — answers 409 "changed since you read it" and nothing is recorded; a step no longer the user\'s keeps its 403/409. With an Idempotency-Key (1–200 visible ASCII characters; the app sends one with each queued decision) the answer is stored with the decision: the same key and body sent again answers the same 200 (header Idempotency-Replayed: true) without deciding twice; the same key with another body is 409. With queued_by (the id of the user who took a decision offline: the app sends it with each queued decision) any other signed-in user is refused (403) before anything else: a decision queued on a shared device is sent only as the user who took it.'),
      params: IdParams,
      body: StepActionBody,
      response: { 200: StepActionResult, ...errors },
    },
  }, async (request, reply) => {
    // A decision queued offline is sent only by the user who took it (another user signed in on the device since).
    if (request.body.queued_by !== undefined && request.body.queued_by !== request.user.id) throw forbidden(request.t('server.workflow.errors.queuedByOther'));
    const ctx = await workflowContext(request);
    const read = { expectedUpdatedAt: request.body.expected_updated_at, claim: idempotencyClaim(request) };
    try {
      // A decision checks that the user may see the step inside its transaction, with the document's lock.
      const result = request.body.back_to !== undefined
        ? await sendBack(app.db, await visibleStepDocument(request, request.params.id), request.params.id, readSendBackTarget(request.body, ctx.t), ctx, read)
        : await actOnStep(app.db, null, request.params.id, request.body, ctx, { read });
      return result;
    } catch (error) {
      // The same key sent twice at once: the first one's answer stands, nothing is decided twice
      // (the second waited for the document's lock and found the step decided, or lost the key's insert).
      const won = read.claim && await storedAnswer(app.db, read.claim);
      if (won && won.request_hash === read.claim!.hash) {
        reply.header('idempotency-replayed', 'true');
        return won.response_body;
      }
      const stored = await storedAnswerAfterConflict(request, error);
      if (stored === undefined) throw error;
      return stored;
    }
  });

  app.post<{ Body: BulkApproveBody }>('/approvals/bulk', {
    ...idempotencyHooks,
    schema: {
      ...doc(`Approve many at once (一括承認): at most ${BULK_APPROVE_MAX} approval (step) ids, each once (more, or an id twice: 400 saying so); approve must be true (bulk reject is not offered: 422 at approve). Each id is checked and recorded on its own, in the order sent, exactly as POST /approvals/{id}/action with approve true (its own transaction, history entry, mails, deputy rules; the timeline says "bulk approval" and shows the comment), and one refusal never stops the others. 200 with one result per id: done; skipped (decided by someone else or no longer waiting, or a step that needs input in the app — the treasury form, a step sub-form or files the approver adds); failed (not the user's step, unknown or invisible, or refused), each with its reason. With an Idempotency-Key each item's answer is stored with it: the same batch sent again answers done for the items it approved without acting twice.`),
      body: BulkApproveBody,
      response: { 200: BulkApproveResult, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema },
    },
  }, async (request) => {
    const { ids } = request.body;
    if (ids.length > BULK_APPROVE_MAX) throw badRequest(request.t('server.bulkApprove.tooMany', { max: BULK_APPROVE_MAX, count: ids.length }));
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw badRequest(request.t('server.bulkApprove.twice', { id: twice }));
    if (request.body.approve !== true) throw validationFailed([{ propertyPath: 'approve', message: request.t('server.bulkApprove.noReject') }]);
    const results = await bulkApprove(app.db, request.body, await workflowContext(request), idempotencyClaim(request), (error) => request.log.error({ err: error }, 'bulk approval item failed'));
    return { results };
  });

  app.post<{ Params: IdParams }>('/approvals/:id/step_back', {
    schema: {
      ...doc('Our path: a candidate of the active step {id} returns the document one step (the previous step pending and active again). 409 on the first step (reject instead).'),
      params: IdParams,
      response: { 200: documentStatusSchema, ...errors },
    },
  }, async (request) => {
    const documentId = await visibleStepDocument(request, request.params.id);
    return stepBack(app.db, documentId, { approver: true, stepId: request.params.id }, await workflowContext(request));
  });
};

export default approvals;
