import type { FastifyPluginAsync } from 'fastify';
import { MailActionBody, MailActionParams, MailActionView } from '../../../src/wire/mail-actions';
import { StepActionResult } from '../../../src/wire/workflow';
import { errorResponseSchema } from '../../lib/errors';
import { actByMail, mailActionView } from '../../workflow/mail/mail-actions';
import { workflowContext } from '../request-context';
import { doc } from '../route-schemas';

/**
 * Deciding from the mail (issue #33 item 1): the Approve and Reject links of a "waiting for your
 * approval" mail open the web app's `/m/{token}`, which reads and acts here. Signed in only: a
 * link acts for the user it was mailed to and nobody else. Rules: server/workflow/README.md
 * "Deciding from the mail"; the action is the app's own (`actOnStep`).
 */
const mailActions: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Params: MailActionParams }>('/mail-actions/:token', {
    schema: {
      ...doc('What the confirm page of a mail link shows: whether the link still acts (`usable`) and why not (`reason`: not_yours — mailed to another user; expired — after 72 h; used; decided — the step was decided, sent back or stepped back, or the document withdrawn or ended; edited — an edit restarted the approval; not_allowed — the reader no longer approves the step), what it proposes (`approve`), and to the user it was mailed to the document\'s card (`buffer`), the step and, for a deputy, the principal. Never changes anything, however often it is read (mail scanners open links). 404 for an unknown token.'),
      params: MailActionParams,
      response: { 200: MailActionView, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request) => mailActionView(app.db, request.definitions, request.params.token, request.user.id, request.lang));

  app.post<{ Params: MailActionParams; Body: MailActionBody }>('/mail-actions/:token', {
    schema: {
      ...doc('The confirm page\'s button: approve (true) or reject (false) the link\'s step as the signed-in user, through the same action as POST /approvals/{id}/action (same mails, history and refusals); the timeline says "via mail" and shows the comment. 403 when the link was mailed to another user or the reader no longer approves the step (reason not_yours / not_allowed); 409 when the link expired or was used (CONFLICT) or the step is no longer waiting for the reader: decided, sent or stepped back, withdrawn, or voided by an edit (ILLEGAL_TRANSITION); `reason` says which. 422 when rejecting without a comment (at `comment`), or approving a treasury step (its form is filled in the app). Nothing changes on a refusal. The next step\'s approvers are mailed as the app proposes by default. 404 for an unknown token.'),
      params: MailActionParams,
      body: MailActionBody,
      response: {
        200: StepActionResult,
        400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema,
      },
    },
  }, async (request) => {
    return actByMail(app.db, request.params.token, request.body, await workflowContext(request));
  });
};

export default mailActions;
