import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { nextUserNotified } from '../../workflow/mail/next-user-notified';
import { assertVisible } from '../request-context';
import { doc } from '../route-schemas';
import { NextUserNotified } from '../../../src/wire/workflow';
import { IdParams } from '../../../src/wire/common';

/**
 * `GET /api/remember_email_push/next_user/{id}` ({id} = document): whether the approver's
 * "notify the next approver" checkbox starts ticked — the user's last choice, else the next
 * step's approvers' own `is_notified` flag.
 */
const rememberEmailPush: FastifyPluginAsync = async (app) => {
  app.get<{ Params: IdParams }>('/remember_email_push/next_user/:id', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Default of the notify-next-approver checkbox for document {id}: the current user\'s last send_email_push choice, else whether any approver of the next step has is_notified. False when there is no next step.'),
      params: IdParams,
      response: {
        200: NextUserNotified,
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema,
      },
    },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    return nextUserNotified(app.db, request.params.id, request.user.id);
  });
};

export default rememberEmailPush;
