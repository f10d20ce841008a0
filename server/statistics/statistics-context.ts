import type { DefinitionSet, Lang, Translate } from '../../src/engine';
import type { AuthUser } from '../lib/auth-user';

/**
 * Who asks and how to answer them: passed from the route to the statistics and records
 * functions with the database, `(db, ctx)`, as `WorkflowContext` is to the workflow's.
 * Built from a request by `statisticsContext` (server/routes/request-context.ts); nothing here
 * reads the request, so a script or a test calls the same functions with a context of its own.
 */
export interface StatisticsContext {
  /** The signed-in user with the role flags that open the areas (spec 000 §6) and their company. */
  user: AuthUser;
  lang: Lang;
  /** Translates a `server.*` key in the request's language. */
  t: Translate;
  /** The definition set the request runs with. */
  definitions: DefinitionSet;
  /** Signs the links of the file records an answer holds (`files/file-record.ts`). */
  linkSecret: string;
}
