import type { FastifyPluginAsync } from 'fastify';
import { UserPostCollection } from '../../../src/wire/posts';
import { errorResponseSchema } from '../../lib/errors';
import { userPosts } from '../../workflow/filing/filing-post';
import { doc } from '../route-schemas';

/**
 * The posts the signed-in user may file a document as (兼務, issue #36 item 6): their main
 * department and the departments of their concurrent posts in effect today. The form offers the
 * choice when there is more than one; filing and the route preview check `filed_as_department_id`
 * against the same list (server/workflow/filing/filing-post.ts).
 */
const posts: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/posts/mine', {
    schema: {
      ...doc('The signed-in user\'s posts today, the main department first: each a department (with its company and the position names held '
        + 'there) a document may be filed as — `filed_as_department_id` in the filing body and in `POST /master_processes/resolve`; the route '
        + 'then resolves from that department. Another department is 422 there. A user without a department has none.'),
      response: { 200: UserPostCollection, 401: errorResponseSchema },
    },
  }, async (request) => {
    const member = await userPosts(app.db, request.user.id, request.lang);
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });
};

export default posts;
