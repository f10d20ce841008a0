import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { documentView } from '../../workflow/document-view';
import { ListQuery } from '../../../src/wire/list-query';
import { myApprovals } from '../../workflow/lists';
import { visibleStepBuffer, workflowContext } from '../../workflow/route-helpers';
import { approvalCollectionSchema, doc, documentViewSchema, documentStatusSchema } from '../../workflow/schemas';
import { actOnStep } from '../../workflow/step-action';
import { StepActionBody, StepActionResult } from '../../../src/wire/workflow';
import { stepBack } from '../../workflow/step-back';
import { readSendBackTarget, sendBack } from '../../workflow/send-back';
import { IdParams } from '../../../src/wire/common';
import { BULK_APPROVE_MAX, BulkApproveBody, BulkApproveResult } from '../../../src/wire/bulk-approvals';
import { badRequest, validationFailed } from '../../lib/errors';
import { bulkApprove } from '../../workflow/bulk-approve';
import { idempotencyClaim, idempotencyHooks } from '../../workflow/idempotency';

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
    const bufferId = await visibleStepBuffer(request, request.params.id);
    return documentView(app.db, request.definitions, bufferId, request.user.id, request.lang);
  });

  app.post<{ Params: IdParams; Body: StepActionBody }>('/approvals/:id/action', {
    schema: {
      ...doc('Approve (true), reject (false) or, on a p-treasury step, complete it with data {account_id, payment_date, deal_slips: [one file id]} (approve null); on a step whose process fills fields (p-signer: the signed contract or seal files) approve true may carry data {<field>: [file ids]} of that step only (any other step refuses them, 422). Only a candidate of the active step (403); a step or document not in that state is 409 ILLEGAL_TRANSITION. send_email_push mails the next step\'s approvers and is remembered. Send back: approve false with back_to = the id of an earlier approved step (it is active again, its approvers decide again, the steps after it start over) or "requester" (every step starts over; the requester may edit, resubmit with POST /buffer/{id}/resubmit, or withdraw); any other back_to, or back_to with approve true/null, is 422.'),
      params: IdParams,
      body: StepActionBody,
      response: { 200: StepActionResult, ...errors },
    },
  }, async (request) => {
    const bufferId = await visibleStepBuffer(request, request.params.id);
    const ctx = await workflowContext(request);
    const result = request.body.back_to !== undefined
      ? await sendBack(app.db, bufferId, request.params.id, readSendBackTarget(request.body, ctx.t), ctx)
      : await actOnStep(app.db, bufferId, request.params.id, request.body, ctx);
    app.mailer.kick();
    return result;
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
    app.mailer.kick();
    return { results };
  });

  app.post<{ Params: IdParams }>('/approvals/:id/step_back', {
    schema: {
      ...doc('Our path: a candidate of the active step {id} returns the document one step (the previous step pending and active again). 409 on the first step (reject instead).'),
      params: IdParams,
      response: { 200: documentStatusSchema, ...errors },
    },
  }, async (request) => {
    const bufferId = await visibleStepBuffer(request, request.params.id);
    return stepBack(app.db, bufferId, { approver: true, stepId: request.params.id }, await workflowContext(request));
  });
};

export default approvals;
