/**
 * Wire shapes of the workflow API, written once: the server declares them as its route response
 * schemas (and so in the OpenAPI document at /api/docs), and the server and the web app take their
 * TypeScript types from them (`Static<typeof …>`). Objects let further fields through
 * (`additionalProperties: true`), as the API always has.
 */
import { Type, type Static } from '@sinclair/typebox';

import { anyObject, collection, dbId, nullable, open, paging, queryFlag, recordOf, stringEnum, type Paged } from './common';

/** A named user as lists and the timeline show it. */
export const NamedUser = open({ id: Type.Integer(), name: Type.String() });
export type NamedUser = Static<typeof NamedUser>;

const ProcessRef = open({ id: Type.Integer(), code: Type.String(), name: Type.String() });

/** A list card's summary (from the module's list card). */
export const BufferInfo = open({
  /** The action title in the request language: the module title, or an organisation request's "Create/Edit/Delete <entity>". */
  title: Type.String(),
  /** The first money figure of the summary (or a common total field), and its currency code. */
  total: nullable(Type.Number()),
  currency: nullable(Type.String()),
  /** The definition's list-card lines with their values. */
  summary: Type.Array(open({ label: Type.String(), field: Type.String(), format: Type.String(), value: Type.Unknown() })),
});
export type BufferInfo = Static<typeof BufferInfo>;

/** The last passed step of a document. */
export const LastApproval = open({ id: Type.Integer(), approver: nullable(NamedUser), approved_at: nullable(Type.String()), process: ProcessRef });
export type LastApproval = Static<typeof LastApproval>;

/** Buffer item of the done, initiated and forwarded lists (spec 000 §3). */
export const BufferItem = open({
  id: Type.Integer(),
  code: Type.String(),
  status: Type.Integer(),
  action: Type.String(),
  module: open({ code: Type.String() }),
  requester: NamedUser,
  info: BufferInfo,
  data: anyObject(),
  stamp_no: nullable(Type.String()),
  /** 申請番号 given at submit (`ui:module.numbering.application`), null when the module numbers none. */
  application_number: Type.Optional(nullable(Type.String())),
  /** 決裁番号 given at the final approval (`ui:module.numbering.decision`), null until then or when the module numbers none. */
  decision_number: Type.Optional(nullable(Type.String())),
  /** Filed without approval by a user allowed to bypass (`ui:module.bypassRoles`). */
  bypass: Type.Boolean(),
  /** Marked urgent (至急) by its requester (`ui:module.allowUrgent`): sorts first in the pending and initiated lists. */
  urgent: Type.Boolean(),
  definition_version: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  completed_at: nullable(Type.String()),
  last_approval: nullable(LastApproval),
  /** The process name of the active step ("Waiting for {type}"), null when not on process. */
  waiting_for: nullable(Type.String()),
}, 'Buffer item (spec 000 §3)');
export type BufferItem = Static<typeof BufferItem>;

/** A document circulated to the user (回覧, `GET /buffer/circulated`): the list item and when they marked it read. */
export const CirculatedItem = open({
  ...BufferItem.properties,
  read_at: nullable(Type.String({ description: 'When the user marked it read (ISO), null while unread' })),
});
export type CirculatedItem = Static<typeof CirculatedItem>;

/** The query of `GET /buffer/circulated`: a page, only the unread documents with `unread` yes. */
export const CirculatedQuery = Type.Object({ ...paging(), unread: Type.Optional(queryFlag('Only documents not yet marked read (1 or true)')) });
export type CirculatedQuery = Paged<typeof CirculatedQuery>;

/** What `POST /buffer/{id}/circulation/read` answers: the document and when the user first marked it read. */
export const CirculationRead = open({ id: Type.Integer(), read_at: Type.String() });
export type CirculationRead = Static<typeof CirculationRead>;

/** Approval item of the pending and done lists: a step and its document (spec 000 §3). */
export const ApprovalItem = open({
  id: Type.Integer(),
  code: Type.String(),
  status: Type.Integer(),
  active: Type.Boolean(),
  approved_at: nullable(Type.String()),
  master_process: open({
    id: Type.Integer(),
    optional: Type.Boolean(),
    module: open({ code: Type.String() }),
    process: ProcessRef,
    /** The approver role the step's process asks for (`finance`, `treasury`, …), if any. */
    selected_roles: Type.Array(Type.String()),
  }),
  buffer: BufferItem,
  /** On the pending list: the principal the reader stands in for as their deputy (代理), null when the step waits for the reader. */
  on_behalf_of: Type.Optional(nullable(NamedUser)),
  /**
   * On the pending list: whose turn it is. `approver`: the step waits for the reader (or their
   * principal) to decide. `requester`: the document was sent back to the reader, its requester, to
   * fix and resubmit or withdraw; `id` is then the step a resubmit activates (inactive until then).
   */
  awaiting: Type.Optional(stringEnum(['approver', 'requester'] as const, {
    description: 'Pending list only: `approver` (the step waits for the reader to decide) or `requester` (sent back to the reader, its requester: fix and resubmit, or withdraw)',
  })),
}, 'Approval item (spec 000 §3)');
export type ApprovalItem = Static<typeof ApprovalItem>;

/** One timeline entry: the translated text, the raw action, who and when. */
export const LogEntry = open({
  log_text: Type.String(), action: Type.String(), user: nullable(NamedUser), created_at: Type.String(),
  /** The principal a deputy (`user`) acted for; the translated `log_text` says "… by deputy on behalf of principal". */
  on_behalf_of: Type.Optional(nullable(NamedUser)),
  /** `mail`: decided from the mail link (`log_text` says "… via mail"); `bulk`: approved with others at once (一括承認). */
  via: Type.Optional(stringEnum(['mail', 'bulk'] as const)),
  /** The comment given with the decision (from the mail link's page); `log_text` quotes it too. */
  comment: Type.Optional(Type.String()),
});
export type LogEntry = Static<typeof LogEntry>;

/** Process step of the timeline (spec 000 §3). */
export const StepView = open({
  id: Type.Integer(),
  position: Type.Integer(),
  status: Type.Integer(),
  active: Type.Boolean(),
  approver: nullable(NamedUser),
  /** The principal the approver acted for as their deputy (代理), else null. */
  on_behalf_of: Type.Optional(nullable(NamedUser)),
  approved_at: nullable(Type.String()),
  data: nullable(anyObject()),
  master_process: open({ id: Type.Integer(), optional: Type.Boolean(), process: ProcessRef }),
  prospective_approvers: Type.Array(NamedUser),
  approval_logs: Type.Array(LogEntry),
  /** How the step passes, pinned at filing: any one approver, all (合議), or a quorum. */
  mode: Type.Optional(Type.String()),
  /** Approvals that pass the step. */
  required: Type.Optional(Type.Integer()),
  /** Approvers who approved within this pass of a 合議 or quorum step. */
  decided: Type.Optional(Type.Array(NamedUser)),
  /** Why the route skipped the step at filing (`requester` | `vacant`; status 3), and the timeline's sentence. */
  skipped: Type.Optional(nullable(Type.String())),
  skipped_reason: Type.Optional(nullable(Type.String())),
});
export type StepView = Static<typeof StepView>;

/** What the reader may do with a document. */
export const Permissions = open({
  approve: Type.Boolean(), reject: Type.Boolean(), step_back: Type.Boolean(), withdraw: Type.Boolean(), edit: Type.Boolean(), treasury: Type.Boolean(),
  /** Send back (`back_to`) to an earlier approved step or the requester: an approver of the active step. */
  send_back: Type.Optional(Type.Boolean()),
  /** Resubmit (`POST /buffer/{id}/resubmit`): the requester, while the document was sent back to them. */
  resubmit: Type.Optional(Type.Boolean()),
});
export type Permissions = Static<typeof Permissions>;

/** The detail page's document (`GET /buffers/{id}`, `GET /approvals/{id}/buffer`): the list item plus steps, logs, forward targets and permissions. */
export const DocumentView = Type.Composite([BufferItem, open({
  user_finances: Type.Array(NamedUser),
  approvals: Type.Array(StepView),
  /** Entries not tied to a step: submitted, withdrawn, edited. */
  approval_logs: Type.Array(LogEntry),
  /** The active step's id (the one `POST /approvals/{id}/action` takes), or null. */
  current_approval_id: nullable(Type.Integer()),
  can: Permissions,
  /** When the reader may act on the active step only as a deputy: the principal they stand in for; else null. */
  acting_for: Type.Optional(nullable(NamedUser)),
  /** Fields the reader fills with their approval at the active step (the signer's files); empty otherwise. */
  step_fields: Type.Array(Type.String(), { description: 'Fields the reader fills with their approval at the active step (processes fills: the signer\'s signed files)' }),
})], { additionalProperties: true, description: 'The detail page\'s document with steps (spec 000 §3 process step)' });
export type DocumentView = Static<typeof DocumentView>;

/** One recorded change of a top-level field (what a `buffer_histories` row stores): the field, its value before and after. */
export const FieldChange = open({ field: Type.String(), old_value: Type.Unknown(), value: Type.Unknown() });
export type FieldChange = Static<typeof FieldChange>;

/** The last change of a field: the change, who made it and when. */
export const LastChange = open({ ...FieldChange.properties, user: NamedUser, created_at: Type.String() });
export type LastChange = Static<typeof LastChange>;

/**
 * `GET /buffer/{id}/last-history`: per field the last change, in field order of first change, plus
 * `merged_info`, the same changes keyed by field (for a detail card to mark edits).
 */
export const LastHistory = collection(LastChange, { merged_info: recordOf(LastChange) });
export type LastHistory = Static<typeof LastHistory>;

/**
 * `GET /remember_email_push/next_user/{id}`: whether the approver's notify-next-approver checkbox
 * starts ticked, and the next step's id (null when there is none: then not ticked).
 */
export const NextUserNotified = Type.Object({ is_notified: Type.Boolean(), next_approval_id: nullable(Type.Integer()) });
export type NextUserNotified = Static<typeof NextUserNotified>;

/** `{id, status}` of a document after an applicant's action. */
export const DocumentStatusReply = open({ id: Type.Integer(), status: Type.Integer() });
export type DocumentStatusReply = Static<typeof DocumentStatusReply>;

/** Body of `POST /buffer/withdrawal` and `/buffer/step_back`: the requester's document. */
export const BufferIdBody = Type.Object({ buffer_id: dbId() }, { additionalProperties: false });
export type BufferIdBody = Static<typeof BufferIdBody>;

/** A module's code as the filing routes take it, in a path or the next-code query. */
export const DocumentModuleCode = Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' });

/** The path parameters of `POST /buffer/{code}`: the module a document is filed in. */
export const FilingParams = Type.Object({ code: DocumentModuleCode });
export type FilingParams = Static<typeof FilingParams>;

/** The path parameters of `POST /buffer/{code}/{id}/edit` and `/delete`: the entity module and the entity's id. */
export const EntityRequestParams = Type.Object({ code: DocumentModuleCode, id: dbId() });
export type EntityRequestParams = Static<typeof EntityRequestParams>;

/** What the treasury step sends as `data` and merges into the document (spec 001 §3 transaction). */
export type TreasuryData = {
  account_id: number;
  payment_date: string;
  deal_slips: number[];
};

/** What filing answers (`POST /buffer/{code}`, 201): the new document's id, code and status. */
export const Filed = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'Document code: <prefix>-<year>-<sequence>' }),
  status: Type.Integer(),
  application_number: nullable(Type.String({ description: '申請番号 given at submit by the module\'s numbering rule (`ui:module.numbering.application`); null when the module numbers none' })),
  decision_number: Type.Optional(nullable(Type.String({ description: '決裁番号: only when filed completed (bypass)' }))),
}, { description: 'The filed document' });
export type Filed = Static<typeof Filed>;

/**
 * Body of `POST /buffer/{id}/edit` (new values of body fields, validated like a submission) and of
 * `POST /buffer/{id}/histories` (history entries to record). `info` and `merged_info` are accepted
 * (the spec's edit call sends them) but derived by the server.
 */
export const EditBody = Type.Object({
  data: anyObject({ maxProperties: 200 }),
  expected_updated_at: Type.Optional(Type.String({
    format: 'date-time',
    description: 'Edit only: the document\'s `updated_at` as the editor read it; when the document changed since (a decision, another edit), 409 and nothing is stored.',
  })),
  info: Type.Optional(nullable(anyObject())),
  merged_info: Type.Optional(nullable(anyObject())),
}, { additionalProperties: false });
export type EditBody = Static<typeof EditBody>;

/** What `POST /buffer/{id}/edit` answers: the document, its status, the top-level fields the edit changed (each recorded in its history) and whether it restarted the route. */
export const Edited = open({
  id: Type.Integer(), status: Type.Integer(), changed_fields: Type.Array(Type.String()),
  approvals_cleared: Type.Boolean({ description: 'The edit voided the approvals given so far (or changed the route): the route restarted at its first step.' }),
});
export type Edited = Static<typeof Edited>;

/** What `POST /buffer/{id}/histories` answers (201): the document and how many entries were recorded. */
export const HistoriesRecorded = open({ id: Type.Integer(), recorded: Type.Integer() });
export type HistoriesRecorded = Static<typeof HistoriesRecorded>;

/** The query of `GET /buffer/next_code`: the module's code. */
export const NextCodeQuery = Type.Object({ module_code: DocumentModuleCode });
export type NextCodeQuery = Static<typeof NextCodeQuery>;

/**
 * What `GET /buffer/next_code` answers: the next document code of the module and, for a module
 * whose definition has `needsStampNo`, its next stamp number (else null); a preview, not reserved.
 */
export const NextCode = Type.Object({ code: Type.String(), stamp_no: nullable(Type.String()) });
export type NextCode = Static<typeof NextCode>;

/** Body of `POST /approvals/{id}/action`: approve (true), reject (false) or send back (false with `back_to`). */
export const StepActionBody = Type.Object({
  approve: nullable(Type.Boolean()),
  /** Remember whether to mail the next approvers (the approver's default next time). */
  send_email_push: Type.Optional(Type.Boolean()),
  /** The step's own fields (the treasury step's data, a signer's files). */
  data: Type.Optional(nullable(anyObject())),
  /** Checked by the workflow (422 at back_to with what may be chosen), not by the schema's 400. */
  back_to: Type.Optional(Type.Union([Type.Integer(), Type.String()], {
    description: 'Send back (with approve false): the id of an earlier approved step of this document, or "requester".',
  })),
  /** The document's `updated_at` as the approver read it (a decision queued offline sends it). */
  expected_updated_at: Type.Optional(Type.String({
    format: 'date-time',
    description: 'The document\'s `updated_at` as the approver read it (the app sends it with a decision taken offline): when the document changed since — an edit, another decision, a send back — 409 "changed since you read it" and nothing is recorded. Without it the action is checked against the document as it is now.',
  })),
  /** The user who took the decision offline: anyone else sending it is refused. */
  queued_by: Type.Optional(Type.Integer({
    minimum: 1,
    description: 'The id of the user who took the decision offline (the app sends it with a queued decision): when another user is signed in, 403 and nothing is recorded.',
  })),
}, { additionalProperties: false });
export type StepActionBody = Static<typeof StepActionBody>;

/** What a step action answers: the step and the document after it. */
export const StepActionResult = Type.Object({
  id: Type.Integer(),
  status: Type.Integer(),
  buffer: DocumentStatusReply,
  active_approval_id: Type.Optional(nullable(Type.Integer({ description: 'After a send back: the step active now (null: the document is with the requester)' }))),
});
export type StepActionResult = Static<typeof StepActionResult>;
