/**
 * Wire shapes of the approval route preview (`POST /master_processes/resolve`), written once: the
 * server's body and response schemas (and /api/docs) and the process card's types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { IdName, nullable, open } from './common';
import { ProcessModuleCode } from './processes';

/** Body of `POST /master_processes/resolve`: the module and the form's current values. */
export const ResolveBody = Type.Object({
  module_code: ProcessModuleCode,
  data: Type.Record(Type.String(), Type.Unknown()),
  /** 代理申請 (issue #36): the route of a document filed for this principal (who must have allowed the caller for the module today). */
  filed_for: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** 兼務 (issue #36 item 6): the department of the requester's post the document would be filed as (`GET /posts/mine`). */
  filed_as_department_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
}, { additionalProperties: false });
export type ResolveBody = Static<typeof ResolveBody>;

/** How many candidates of a choice step the route lists (the picker's first page). */
export const RESOLVE_CANDIDATES_PAGE = 20;

/** One step of the route as the card shows it: names in the reader's language, approvers with names, reasons translated. */
export const RouteStep = open({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** A code of the step-mode table (`any`, `all`, `quorum`, …). */
  mode: Type.String({ description: 'How the step passes: a step mode code (built in: any, all, quorum)' }),
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
  /**
   * A `choice` step neither skipped nor blocked: the first page of its approver picker
   * (`GET /users/approver?masterProcessId=`, same rule, order and user summary); other steps: [].
   */
  candidates: Type.Array(IdName),
  /** How many candidates the picker has in all (its count); the rest are paged through the picker. */
  candidates_total: Type.Integer(),
});
export type RouteStep = Static<typeof RouteStep>;

/** What `POST /master_processes/resolve` answers. */
export const ResolvedRoute = open({ steps: Type.Array(RouteStep) });
export type ResolvedRoute = Static<typeof ResolvedRoute>;
