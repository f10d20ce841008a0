import type { DefinitionSet, Lang, Translate } from '../../src/engine';

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
}
