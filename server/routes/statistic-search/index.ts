import type { FastifyPluginAsync } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { fileFieldNames } from '../../files/file-field-names';
import { badRequest, errorResponseSchema } from '../../lib/errors';
import { SEARCH_COUNT_CAP, searchFiles } from '../../statistics/document-search';
import { statisticFacts } from '../../statistics/facts';
import { FileSearchQuery } from '../../../src/wire/document-search';
import { doc } from '../route-schemas';
import { FoundFileCollection, MAX_ZIP_FILES, ZipBody } from '../../../src/wire/files';
import { sendZip } from './zip';
import { registerStatisticFileContent, registerStatisticReads } from './reads';
import { requireArea, statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/**
 * File search of the Statistic area (spec 001 §2, §3, §7): files of the user's companies by
 * period, amount, currency, company and vendor; the selected files as one zip; a document's
 * files; the document and file reads the search opens (the document search itself,
 * `/buffer/statistic_search`, is routes/buffer's `statistic-search.ts`). Authorizer, finance
 * or treasury only (spec 000 §6); company-scoped (server/statistics/access.ts).
 */
const statisticSearch: FastifyPluginAsync = async (app) => {
  const factsOf = perSet(statisticFacts);
  const fieldNamesOf = perSet((set) => fileFieldNames(set.modules));
  // An <img> or a new window cannot send the bearer header: the signed link authenticates this one.
  registerStatisticFileContent(app, fieldNamesOf);
  await app.register(async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: FileSearchQuery }>('/buffer_files/statistic_search', {
    onRequest: requireArea('statistic'),
    schema: {
      ...doc('Files of the documents the same filter finds (without inputAmount and condition), each with its document; '
        + 'sorted by sort[date] (file upload time, default desc) or sort[amount] (the document amount); 5 per page. '
        + `\`hydra:totalItems\` counts at most ${SEARCH_COUNT_CAP + 1} files, as for the documents.`),
      querystring: FileSearchQuery,
      response: { 200: FoundFileCollection, ...errors },
    },
  }, async (request) => searchFiles(app.db, statisticsContext(request), request.query, factsOf(request.definitions)));

  app.post<{ Body: ZipBody }>('/buffer_files/zip', {
    onRequest: requireArea('statistic'),
    schema: {
      ...doc(`The chosen files (at most ${MAX_ZIP_FILES}, each of a document in the user's companies) as one zip, streamed `
        + 'with Content-Length (entries stored, each under its document code); an id outside the scope: 404.'),
      body: ZipBody,
      response: { 200: { type: 'string', format: 'binary' }, ...errors, 404: errorResponseSchema },
    },
  }, async (request, reply) => {
    const ids = request.body.ids;
    if (ids.length === 0) throw badRequest(request.t('server.statistics.noFiles'));
    if (ids.length > MAX_ZIP_FILES) throw badRequest(request.t('server.statistics.tooManyFiles', { max: MAX_ZIP_FILES }));
    return sendZip(request, reply, ids, fieldNamesOf(request.definitions));
  });

  registerStatisticReads(app, fieldNamesOf);
  });
};

export default statisticSearch;
