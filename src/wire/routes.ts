/**
 * Wire shapes of the approval route preview (`POST /master_processes/resolve`), written once: the
 * server's body and response schemas (and /api/docs) and the process card's types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { IdName, nullable, open } from './common';

/** Body of `POST /master_processes/resolve`: the module and the form's current values. */
export const ResolveBody = Type.Object({
  module_code: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9-]+$' }),
  data: Type.Record(Type.String(), Type.Unknown()),
}, { additionalProperties: false });
export type ResolveBody = Static<typeof ResolveBody>;

/** One step of the route as the card shows it: names in the reader's language, approvers with names, reasons translated. */
export const RouteStep = open({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  mode: Type.Union([Type.Literal('any'), Type.Literal('all'), Type.Literal('quorum')]),
  /** Approvals that pass the step. */
  required: Type.Integer(),
  quorum: nullable(Type.Integer()),
  optional: Type.Boolean(),
  circulation: Type.Boolean(),
  /** `rule`: approvers resolved from the organisation; `choice`: the requester picks candidates. */
  by: Type.Union([Type.Literal('rule'), Type.Literal('choice')]),
  /** The requester may change the resolved approvers. */
  editable: Type.Boolean(),
  approvers: Type.Array(IdName),
  /** Skipped (`requester` | `vacant`) and the timeline's sentence. */
  skipped: nullable(Type.String()),
  skipped_reason: nullable(Type.String()),
  /** A mandatory step nobody can approve: filing is refused, with the reason. */
  blocked: nullable(Type.String()),
  blocked_reason: nullable(Type.String()),
});
export type RouteStep = Static<typeof RouteStep>;

/** What `POST /master_processes/resolve` answers. */
export const ResolvedRoute = open({ steps: Type.Array(RouteStep) });
export type ResolvedRoute = Static<typeof ResolvedRoute>;
