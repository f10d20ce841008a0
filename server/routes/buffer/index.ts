import type { FastifyPluginAsync } from 'fastify';
import { commentRoutes } from './comments';
import { documentRoutes } from './documents';
import { exportRoutes } from './export';
import { filingRoutes } from './filing';
import { statisticSearchRoutes } from './statistic-search';


/**
 * Everything under `/api/buffer/`: filing (`filing.ts`: `POST /buffer/{code}`, `next_code`, an
 * entity module's edit and delete), the applicant's actions on a filed document and the
 * forwarded list (`documents.ts`, with circulation, `circulation.ts`), a document's comments (`comments.ts`), the Statistic area's
 * document search (`statistic-search.ts`) and export (`export.ts`). Each part is its own
 * encapsulated plugin with its own hooks.
 */
const buffer: FastifyPluginAsync = async (app) => {
  for (const p of app.definitions.problems) app.log.warn({ file: p.file, pointer: p.pointer }, `module definition problem: ${p.message}`);
  await app.register(filingRoutes);
  await app.register(documentRoutes);
  await app.register(statisticSearchRoutes);
  await app.register(exportRoutes);
  await app.register(commentRoutes);
};

export default buffer;
