/**
 * Wire shapes of a module's approval process (`GET /master_processes`, `/my-default-process/{code}`,
 * `/saved_approvers`), written once: the routes' query, params and response schemas (and
 * /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { open } from './common';
import { UserSummary } from './users';

/** A module's code as the process routes (and the route preview, src/wire/routes.ts) take it. */
export const ProcessModuleCode = Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9-]+$' });

/** The query of `GET /master_processes`: whose steps. */
export const MasterProcessQuery = Type.Object({ module_code: ProcessModuleCode });
export type MasterProcessQuery = Static<typeof MasterProcessQuery>;

/** The path parameters of `GET /my-default-process/{moduleCode}`. */
export const DefaultProcessParams = Type.Object({ moduleCode: ProcessModuleCode });
export type DefaultProcessParams = Static<typeof DefaultProcessParams>;

/** The query of `GET /saved_approvers`: whose steps' remembered approvers. */
export const SavedApproverQuery = Type.Object({ moduleCode: ProcessModuleCode });
export type SavedApproverQuery = Static<typeof SavedApproverQuery>;

/** A step of a module's process, in order: its master_processes id (approvals name it), whether optional, any-of, and the process. */
export const MasterProcess = open({
  id: Type.Integer(),
  optional: Type.Boolean(),
  any_of: Type.Boolean(),
  position: Type.Integer(),
  module_code: Type.String(),
  process: open({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
});
export type MasterProcess = Static<typeof MasterProcess>;

/** A user's remembered approver of a step (spec 000 §3 "Saved approver"). */
export const SavedApprover = open({
  id: Type.Integer(),
  master_process_id: Type.Integer(),
  position: Type.Integer(),
  approver: UserSummary,
  is_ringi_group_member: Type.Boolean(),
});
export type SavedApprover = Static<typeof SavedApprover>;

/** `GET /my-default-process/{moduleCode}`: the module's steps and the user's remembered approvers. */
export const DefaultProcess = Type.Object({ process: Type.Array(MasterProcess), default_approvers: Type.Array(SavedApprover) });
export type DefaultProcess = Static<typeof DefaultProcess>;
