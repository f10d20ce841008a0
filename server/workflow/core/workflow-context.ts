import type { DefinitionSet, Lang, Translate } from '../../../src/engine';

/** Who acts and how to speak to people: passed from the route to the workflow functions. */
export interface WorkflowContext {
  userId: number;
  lang: Lang;
  /** Translates any key (server.*, engine.*, module namespaces) in the request's language. */
  t: Translate;
  /** Base of links in mails. */
  appUrl: string;
  /** The definition set the request runs with. */
  definitions: DefinitionSet;
  /** Where the request came from (the access log's address and user agent); absent for background jobs. */
  origin?: { ip: string | null; userAgent: string | null };
  /**
   * Seals secrets a request keeps (an SSO client secret typed into a sign-in request;
   * server/auth/sso/secret-seal.ts). Set for requests; background jobs, which file nothing, have none.
   */
  secretsKey?: Buffer;
}
