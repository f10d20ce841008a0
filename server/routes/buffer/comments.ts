import type { FastifyPluginAsync } from 'fastify';
import { CommentBody, CommentCollection, CommentParams, CommentView, MentionableCollection, MentionableQuery } from '../../../src/wire/comments';
import { IdParams } from '../../../src/wire/common';
import { errorResponseSchema } from '../../lib/errors';
import { addComment, listComments, mentionable, withdrawComment } from '../../workflow/decisions/comments';
import { assertVisible, workflowContext } from '../request-context';
import { doc } from '../route-schemas';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } as const;

/**
 * Comments and mentions on a document (issue #33 item 5): a thread by anyone who sees the
 * document (THE visibility rule, `assertVisible`: anyone else gets the 404 of an unknown
 * document), `@` mentions of people who see it only, comments never edited — only withdrawn by
 * their author with a trace. Rules: server/workflow/README.md "Comments"; the work: workflow/decisions/comments.ts.
 */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Params: IdParams }>('/buffer/:id/comments', {
    schema: {
      ...doc('The document\'s comment thread, oldest first: author, body (null once withdrawn), mentions, time, `withdrawn` {at, by} and whether the reader may withdraw it. Anyone who sees the document; 404 otherwise (as an unknown document).'),
      params: IdParams,
      response: { 200: CommentCollection, ...errors },
    },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    const member = await listComments(app.db, request.params.id, request.user.id);
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.get<{ Params: IdParams; Querystring: MentionableQuery }>('/buffer/:id/comments/mentionable', {
    schema: {
      ...doc('Who can be mentioned (`@`) in the document\'s comments: the enabled users who see it (requester, approvers, forwarded, circulated, anyone who acted), not the reader, by name; `search` narrows by name. 404 when the reader does not see the document.'),
      params: IdParams,
      querystring: MentionableQuery,
      response: { 200: MentionableCollection, ...errors },
    },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    const member = await mentionable(app.db, request.params.id, request.user.id, request.query.search);
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.post<{ Params: IdParams; Body: CommentBody }>('/buffer/:id/comments', {
    schema: {
      ...doc('Adds a comment (plain text, 1..2,000 characters after trimming) by anyone who sees the document, mentioning `mentions` (user ids). A mentioned user who cannot see the document is refused — 422 at mentions[i] saying to add them to circulation (a comment never widens who sees a document) — as are an empty, too long or non-plain-text body (422 at body); nothing is stored then. The comment is an entry of the document\'s records history (kind comment), and each mentioned user but the author is mailed in their language. 201 with the comment; 404 when the reader does not see the document.'),
      params: IdParams,
      body: CommentBody,
      response: { 201: CommentView, ...errors, 422: errorResponseSchema },
    },
  }, async (request, reply) => {
    await assertVisible(request, request.params.id);
    const created = await addComment(app.db, request.params.id, request.body, await workflowContext(request));
    return reply.code(201).send(created);
  });

  app.delete<{ Params: CommentParams }>('/buffer/:id/comments/:commentId', {
    schema: {
      ...doc('Withdraws the reader\'s own comment: never edited or erased — the thread keeps it as "withdrawn" with who and when (the body no longer shown), and the records history gains a comment-withdrawn entry. 403 for someone else\'s comment, 404 for an unknown one or a document the reader does not see, 409 when already withdrawn. 200 with the withdrawn comment.'),
      params: CommentParams,
      response: { 200: CommentView, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
    },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    return withdrawComment(app.db, request.params.id, request.params.commentId, await workflowContext(request));
  });
};

