import { withoutJoiners } from '../../src/engine/i18n/keep-words';
import { badRequest } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { inspectValue, MAX_JSON_DEPTH } from '../security/inspect-value';

/**
 * The one door every request passes before its route's own validation (docs/SECURITY.md
 * "Input"): path parameters, query and JSON body must hold only text PostgreSQL can store (no
 * NUL, no lone surrogate) and nest at most `MAX_JSON_DEPTH` levels; anything else is a 400
 * naming the field. Bodies of other types than JSON are refused by the parser with 415
 * (`text/plain` has no parser here, unlike Fastify's default).
 *
 * A query's text is searched without the U+2060 word joiners the Chinese screens keep words
 * whole with (issue 31 item 15): a name copied from elsewhere with them still finds its rows.
 */
export default globalPlugin(async (app) => {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      const found = inspectValue(value, part);
      if (!found) continue;
      const key = `server.security.${found.problem}`;
      throw badRequest(request.t(key, { field: found.path, max: MAX_JSON_DEPTH }));
    }
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [name, value] of Object.entries(query)) {
        if (typeof value === 'string') query[name] = withoutJoiners(value);
        else if (Array.isArray(value)) query[name] = value.map((v) => (typeof v === 'string' ? withoutJoiners(v) : v));
      }
    }
  });
});
