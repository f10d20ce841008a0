/** The four approval lists of Home (spec 000 §2). */
export type ListKind = 'pending' | 'done' | 'initiated' | 'forwarded';

/** A named user as the workflow API returns it. */
export interface NamedUser {
  id: number;
  name: string;
}

/** A list card's summary (server `info`, from the module's list card). */
export interface BufferInfo {
  title: string;
  total: number | null;
  currency: string | null;
  summary: Array<{ label: string; field: string; format: string; value: unknown }>;
}

/** Buffer item of the done, initiated and forwarded lists (server/workflow/README.md). */
export interface BufferItem {
  id: number;
  code: string;
  status: number;
  action: string;
  module: { code: string };
  requester: NamedUser;
  info: BufferInfo;
  data: Record<string, unknown>;
  stamp_no: string | null;
  /** Filed without approval by a user allowed to bypass. */
  bypass?: boolean;
  definition_version: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  waiting_for: string | null;
}

/** Approval item of the pending list: a step and its document. */
export interface ApprovalItem {
  id: number;
  code: string;
  status: number;
  active: boolean;
  buffer: BufferItem;
}

/** One entry of a timeline. */
export interface LogEntry {
  log_text: string;
  action: string;
  user: NamedUser | null;
  created_at: string;
}

/** A process step of the document view. */
export interface StepView {
  id: number;
  position: number;
  status: number;
  active: boolean;
  approver: NamedUser | null;
  approved_at: string | null;
  data: Record<string, unknown> | null;
  master_process: { id: number; optional: boolean; process: { id: number; code: string; name: string } };
  prospective_approvers: NamedUser[];
  approval_logs: LogEntry[];
}

/** What the reader may do with a document (server `permissionsOf`). */
export interface Permissions {
  approve: boolean;
  reject: boolean;
  step_back: boolean;
  withdraw: boolean;
  edit: boolean;
  treasury: boolean;
}

/** The detail page's document (`GET /buffers/{id}`, `GET /approvals/{id}/buffer`). */
export interface DocumentView extends BufferItem {
  user_finances: NamedUser[];
  approvals: StepView[];
  approval_logs: LogEntry[];
  current_approval_id: number | null;
  can: Permissions;
  /** Fields the reader fills with their approval at the active step (the signer's files); absent or empty otherwise. */
  step_fields?: string[];
}

/** A hydra collection. */
export interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems'?: number;
}
