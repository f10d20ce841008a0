import type { ColumnType, Generated } from 'kysely';

/** A timestamptz: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamptz without default. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `date` column: read and written as `YYYY-MM-DD` (the type parsers keep it a string). */
export type DateString = string;
/** A jsonb column holding any JSON value. */
export type Json<T = unknown> = ColumnType<T, string, string>;

interface Named {
  name: string;
  name_ja: string | null;
  name_zh: string | null;
}

export interface CompanyTable extends Named {
  id: Generated<number>;
  code: string;
  initial_name: string;
  is_group: Generated<boolean>;
  /** `MM-DD`: the day the company's fiscal year starts (numbering resets then; migration 1240). */
  fiscal_year_start: Generated<string>;
  created_at: Timestamp;
  /** The currency the company reports and compares amounts in; null: no conversion (migration 1230). */
  reporting_currency_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** How a converted amount is rounded at the reporting currency's minor unit. */
  rounding_rule: Generated<'half_up' | 'down' | 'half_even'>;
}

export interface DepartmentTable extends Named {
  id: Generated<number>;
  company_id: number;
  /** The department above (a division); null at the top of its company (migration 0910). */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface LocationTable {
  id: Generated<number>;
  company_id: number;
  address: string;
  created_at: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  name: string;
  initial_name: string;
  company_id: number | null;
  department_id: number | null;
  location_id: number | null;
  join_date: DateString | null;
  is_authorizer: Generated<boolean>;
  is_company_authorizer: Generated<boolean>;
  is_finance: Generated<boolean>;
  is_treasury: Generated<boolean>;
  is_legal: Generated<boolean>;
  is_notified: Generated<boolean>;
  /** The user's manager (escalation target; migration 0910). */
  manager_id: ColumnType<number | null, number | null | undefined, number | null>;
  password_hash: string;
  failed_attempts: Generated<number>;
  locked_at: NullableTimestamp;
  disabled: Generated<boolean>;
  password_changed_at: Timestamp;
  /** en, ja or zh; null = never chosen (mails then go in ja). Migration 0830. */
  language: Generated<'en' | 'ja' | 'zh' | null>;
  /** The IdP's id of the person (SCIM `externalId`), unique per company; migration 1110. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** SCIM attributes kept only to answer them back (names, an unmatched department text); migration 1110. */
  scim_attributes: ColumnType<ScimAttributes | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What `users.scim_attributes` holds. */
export interface ScimAttributes {
  givenName?: string | null;
  familyName?: string | null;
  formatted?: string | null;
  /** `emails[type eq "work"].value` when sent (the sign-in e-mail is `userName`). */
  workEmail?: string | null;
  /** The enterprise extension's `department` when it matched no department of the company. */
  department?: string | null;
}

/** One sign-in (a signed-in device; migration 1111): its token carries `sid` = `id`. */
export interface UserSessionTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  ended_at: NullableTimestamp;
  ended_by: ColumnType<number | null, number | null | undefined, number | null>;
  end_reason: ColumnType<SessionEndReason | null, SessionEndReason | null | undefined, SessionEndReason | null>;
}

/** One access-log entry (migration 1210; server/auth/access-log.ts): insert-only, purged past retention. */
export interface AccessLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  event: string;
  user_id: number | null;
  company_id: number | null;
  method: 'password' | 'oidc' | 'saml' | 'scim-token' | null;
  idp: string | null;
  success: boolean;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** The group's access-log settings, one row (migrations 1210, 1211): retention and the last purge. */
export interface AccessLogSettingsTable {
  id: Generated<number>;
  retention_days: number;
  updated_at: Timestamp;
  updated_by: number | null;
  purged_at: NullableTimestamp;
}

/** Why a session ended. */
export type SessionEndReason = 'user' | 'admin' | 'password' | 'deactivated' | 'sign_in';

/** How a company's people sign in (migration 1200). */
export type SignInMethod = 'password' | 'oidc' | 'saml';

/** A company's sign-in settings (migration 1200), written by an approved sign-in request. */
export interface CompanySignInTable {
  company_id: number;
  method: ColumnType<SignInMethod, SignInMethod | undefined, SignInMethod>;
  sso_required: ColumnType<boolean, boolean | undefined, boolean>;
  break_glass_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON text array of lower-case domains. */
  email_domains: ColumnType<string[], string | undefined, string>;
  jit: ColumnType<boolean, boolean | undefined, boolean>;
  oidc_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  oidc_client_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sealed (server/auth/sso/secret-seal.ts), never answered. */
  oidc_client_secret: ColumnType<string | null, string | null | undefined, string | null>;
  saml_metadata_url: ColumnType<string | null, string | null | undefined, string | null>;
  saml_entity_id: ColumnType<string | null, string | null | undefined, string | null>;
  saml_sso_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text array of base64 DER certificates (at most two: rotation). */
  saml_certificates: ColumnType<string[], string | undefined, string>;
  saml_email_attribute: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A client secret of a pending sign-in request (migration 1200), kept out of the document. */
export interface SsoSecretTable {
  id: string;
  company_id: number;
  secret: string;
  created_at: Timestamp;
}

/** A sign-in sent to an IdP (migration 1200): `id` is the OIDC state or the SAML request id. */
export interface SsoRequestTable {
  id: string;
  company_id: number;
  protocol: 'oidc' | 'saml';
  nonce: ColumnType<string | null, string | null | undefined, string | null>;
  code_verifier: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** The one-time ticket a browser exchanges for its token after an SSO callback (migration 1200); `id` is its SHA-256. */
export interface SsoTicketTable {
  id: string;
  user_id: number;
  session_id: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** An accepted SAML assertion's ID until it expires (migration 1200): a replay is refused. */
export interface SamlAssertionIdTable {
  id: string;
  company_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A company's SCIM bearer token (migration 1110): only its SHA-256 is stored. */
export interface ScimTokenTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  created_by: number;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SettingTypeTable extends Named {
  id: Generated<number>;
  code: string;
}

export interface UserSettingTable {
  id: Generated<number>;
  user_id: number;
  setting_type_id: number;
  approver_id: number | null;
}

export interface CurrencyTable extends Named {
  id: Generated<number>;
  code: string;
  /** Decimals shown and rounded to (JPY 0, others 2). */
  decimals: Generated<number>;
}

/** The flag a user needs to be offered as approver of a step of this process (null: anyone). */
export type ApproverRole = 'authorizer' | 'finance' | 'treasury' | 'legal';

export interface ProcessTable extends Named {
  id: Generated<number>;
  code: string;
  approver_role: ApproverRole | null;
  /** Every role flag that makes a user eligible (any of them); `approver_role` is the first. */
  approver_roles: Generated<ApproverRole[]>;
}

export interface MasterProcessTable {
  id: Generated<number>;
  module_code: string;
  process_id: number;
  position: number;
  optional: Generated<boolean>;
  /** The requester may be named on this step (default false; migration 0200). */
  allow_requester: Generated<boolean>;
  /** Several approvers may be chosen, any one passes (false: exactly one). */
  any_of: Generated<boolean>;
  /** Set when the module's definition no longer has this step (kept: approvals reference it). */
  retired_at: NullableTimestamp;
}

export interface SavedApproverTable {
  id: Generated<number>;
  user_id: number;
  module_code: string;
  master_process_id: number;
  approver_id: number;
  position: Generated<number>;
}

export interface ExpenseAccountTable {
  id: Generated<number>;
  company_id: number;
  /** A module with `ui:module.expenseAccounts` (checked by the routes against the definitions). */
  module_type: string;
  code: string;
  name: string;
  name_jp: string;
  name_zh: string;
  is_transportation: Generated<boolean>;
  created_at: Timestamp;
  /** Set when a completed delete request retired it (migration 0610); lists leave it out. */
  retired_at: NullableTimestamp;
}

export interface CompanyBankAccountTable {
  id: Generated<number>;
  company_id: number;
  bank_name: string;
  branch: string;
  number: string;
  type: string;
  created_at: Timestamp;
  /** Set when a completed delete request retired it (migration 0610); lists leave it out. */
  retired_at: NullableTimestamp;
}

export interface ContractItemTypeTable extends Named {
  id: Generated<number>;
  /** `contract-supplier` or `contract-customer`. */
  module: string;
  code: string;
  position: number;
}

export interface CodeListTable extends Named {
  id: Generated<number>;
  code: string;
  position: Generated<number>;
}

export interface BufferTable {
  id: Generated<number>;
  code: string;
  module_code: string;
  /** 0 on process, 2 completed, 3 rejected, 10 withdrawn (spec 000 §4). */
  status: Generated<number>;
  action: Generated<string>;
  requester_id: number;
  company_id: number | null;
  department_id: number | null;
  target_id: number | null;
  data: Json<Record<string, unknown>>;
  info: Json<Record<string, unknown> | null> | null;
  definition_version: string;
  stamp_no: string | null;
  /** 申請番号 given at submit, 決裁番号 at the final approval (`ui:module.numbering`, migration 1240); null when the module numbers none. */
  application_number: ColumnType<string | null, string | null | undefined, string | null>;
  decision_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who filed it for the requester (代理申請, migration 1241); null: the requester filed it. */
  filed_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The department of the requester's post it was filed as (兼務, migration 1340); null before, or without a department. */
  filed_as_department_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The decided document this one follows up (関連書類, migration 1330; `ui:module.followUps` of the origin's module); null: none. */
  follow_up_of: ColumnType<number | null, number | null | undefined, number | null>;
  bypass: Generated<boolean>;
  /** Marked urgent by the requester where the module allows it (`ui:module.allowUrgent`, migration 1100). */
  urgent: Generated<boolean>;
  send_notification_first_approval: Generated<boolean>;
  user_finances: ColumnType<number[], string | undefined, string>;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated from `data.exchange.reporting_amount` (migration 1230): the amount in the company's reporting currency. */
  reporting_amount: ColumnType<string | null, never, never>;
  /** Generated from `data.exchange.reporting_currency`: that currency's code. */
  reporting_currency: ColumnType<string | null, never, never>;
}

/** One rate of a company's table (migration 1230): `rate` reporting units per unit of `currency_id`, from `rate_date`. */
export interface ExchangeRateTable {
  id: Generated<number>;
  company_id: number;
  currency_id: number;
  rate_date: ColumnType<string, string, string>;
  /** numeric(24,10), read as text. */
  rate: ColumnType<string, string | number, string | number>;
  source: Generated<'manual' | 'import' | 'feed'>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface ApprovalTable {
  id: Generated<number>;
  buffer_id: number;
  master_process_id: number;
  position: number;
  /** 0 pending, 1 done, 2 rejected. */
  status: Generated<number>;
  active: Generated<boolean>;
  approver_id: number | null;
  approved_at: NullableTimestamp;
  data: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
  /** How the step passes, pinned at filing (migration 0910): `any`, `all` (合議), `quorum`. */
  mode: Generated<string>;
  /** Approvals that pass the step. */
  required: Generated<number>;
  /** Why the step was skipped at filing (`requester` | `vacant`; status 3), else null. */
  skipped: string | null;
  /** The principal when a deputy passed or rejected the step for them (migration 0930); `approver_id` is the deputy. */
  on_behalf_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the step last became active (a trigger sets it; migration 0940). */
  activated_at: NullableTimestamp;
  /** When this activation's approvers were reminded, and when it was escalated (cleared on activation). */
  reminded_at: NullableTimestamp;
  escalated_at: NullableTimestamp;
  /** When an edit restarted the route and voided this step (migration 0965); null while the step is live. */
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A company's working week and time zone (migration 0940); absent = Saturday/Sunday off in Asia/Tokyo. */
export interface CompanyCalendarTable {
  company_id: number;
  weekend_days: ColumnType<number[], string | undefined, string>;
  time_zone: Generated<string>;
  updated_at: Timestamp;
}

/** A date a company does not work (or, with `working`, a weekend date it does work; migration 0940). */
export interface HolidayTable extends Named {
  company_id: number;
  date: DateString;
  working: Generated<boolean>;
  created_at: Timestamp;
}

/** A periodic job one instance holds for a lease (migration 0940). */
export interface JobLeaseTable {
  name: string;
  holder: string | null;
  claimed_until: NullableTimestamp;
  attempts: Generated<number>;
  finished_at: NullableTimestamp;
}

/** A document circulated to a user for information (migration 0910); `read_at` once they marked it read. */
export interface CirculationTable {
  buffer_id: number;
  user_id: number;
  master_process_id: number;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A position of a company (migration 0910): a code of the catalogue and its names. */
export interface PositionTable extends Named {
  id: Generated<number>;
  company_id: number;
  code: string;
  /** In effect from this day (null: always) until the day before `retired_on` (null: not retired); migration 0960. */
  effective_from: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
  retired_on: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
  created_at: Timestamp;
}

/** A user's post in a department (several: concurrent posts, 兼務), in effect between the dates (null: open). */
export interface UserPostTable {
  id: Generated<number>;
  user_id: number;
  department_id: number;
  position_code: string | null;
  effective_from: DateString | null;
  effective_to: DateString | null;
  created_at: Timestamp;
}

export interface ApprovalCandidateTable {
  approval_id: number;
  user_id: number;
  /** This approver's decision within the step (1 approved, 2 rejected), null while undecided (migration 0910). */
  decision: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: NullableTimestamp;
  /** Who gave the decision: the candidate, or the deputy who stood in for them (migration 0965). */
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Kept by triggers (migration 0801): the step is active and pending on a document on process. */
  inbox_open: Generated<boolean>;
  /** Copied by a trigger from the step's document (inbox order): never written by code. */
  inbox_buffer_id: Generated<number | null>;
  inbox_created_at: Generated<Date | null>;
  /** Copied by a trigger from the step's document (migration 1100): urgent documents first in the inbox. */
  inbox_urgent: Generated<boolean>;
}

/**
 * The user's latest handled (done or rejected) step of a document, for the done list; kept by
 * triggers (migration 0820), never written by code.
 */
export interface ApprovalDoneTable {
  user_id: number;
  buffer_id: number;
  approval_id: number;
  buffer_created_at: Date;
}

/**
 * A document sent back to its requester, waiting for them to resubmit or withdraw it: their
 * to-do on the pending list (the step a resubmit activates); kept by triggers (migration 0970),
 * never written by code.
 */
export interface RequesterTaskTable {
  buffer_id: number;
  user_id: number;
  approval_id: number;
  created_at: Date;
  /** Copied by a trigger from the document (migration 1100). */
  urgent: Generated<boolean>;
}

/** One document a user may see (the visibility rule kept by triggers, migration 0810). */
export interface BufferViewerTable {
  buffer_id: number;
  user_id: number;
}

export interface ApprovalLogTable {
  id: Generated<number>;
  buffer_id: number;
  approval_id: number | null;
  user_id: number | null;
  log_text: string;
  /** The principal when a deputy acted for them (migration 0930); `user_id` is the deputy. */
  on_behalf_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the entry needs beyond its action (migration 0965): `approvals_cleared` keeps the changes `{field, old, new}`. */
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A deputy arrangement (代理, migration 0930): `deputy_id` acts for `principal_id` on these days (inclusive), for these modules (null: all). */
/** The last sequence number given per kind, company, scope (module code or `*`) and fiscal year (migration 1240). */
export interface NumberingCounterTable {
  kind: 'application' | 'decision';
  company_id: number;
  scope: string;
  fiscal_year: number;
  last_value: number;
  updated_at: Generated<Date>;
}

/** A budget (migration 1310): company × department × expense account × fiscal year, changed through approval. */
export interface BudgetTable {
  id: Generated<number>;
  company_id: number;
  department_id: number;
  expense_account_id: number;
  fiscal_year: number;
  /** numeric(18,2): read as a string. */
  amount: ColumnType<string, number | string, number | string>;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** What a document holds of a budget (migration 1310): reserved while in flight, consumed once decided. */
export interface BudgetReservationTable {
  buffer_id: number;
  budget_id: number;
  amount: ColumnType<string, number | string, number | string>;
  state: 'reserved' | 'consumed';
  updated_at: Timestamp;
}

/** A permission to file for the principal (代理申請, migration 1241): the shape of `DeputyTable` with the filer. */
export interface ProxyFilerTable {
  id: Generated<number>;
  principal_id: number;
  filer_id: number;
  from_date: DateString;
  to_date: DateString;
  module_codes: ColumnType<string[] | null, string | null, string | null>;
  created_at: Timestamp;
}

export interface DeputyTable {
  id: Generated<number>;
  principal_id: number;
  deputy_id: number;
  from_date: DateString;
  to_date: DateString;
  module_codes: ColumnType<string[] | null, string | null, string | null>;
  created_at: Timestamp;
}

export interface BufferTemporaryTable {
  id: Generated<number>;
  user_id: number;
  module_code: string;
  /** A draft of a filing for this principal (代理申請, migration 1241), kept apart from the user's own; null: their own. */
  filed_for: ColumnType<number | null, number | null | undefined, number | null>;
  data: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface BufferHistoryTable {
  id: Generated<number>;
  buffer_id: number;
  user_id: number;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface FileTable {
  id: Generated<number>;
  name: string;
  mime_type: string;
  size: number;
  document_type: string;
  storage_key: string;
  sha256: string;
  uploader_id: number;
  buffer_id: number | null;
  created_at: Timestamp;
}

/** A document taken into invoice management (migration 0600). */
export interface InvoiceManagementTable {
  id: Generated<number>;
  buffer_id: number;
  shown_at: Timestamp;
  shown_by: number | null;
  approved_at: NullableTimestamp;
  approved_by: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Until when an instance holds the mail for sending (scale-out lease); null when unclaimed. */
  claimed_until: NullableTimestamp;
  /** Files sent with the mail (migration 0611), bytes in `file_contents`; null = none. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
}

/** An attachment of an outbox mail: its name, type and the `file_contents` key of its bytes. */
export interface MailAttachment { filename: string; contentType: string; storageKey: string }

/** A requested export (migration 0611): queued → running → done | failed. */
export interface ExportJobTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  params: ColumnType<Record<string, unknown>, string, string>;
  row_count: number | null;
  error: string | null;
  mail_id: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** The lease of the instance running the job (migration 0630); null while nobody holds it. */
  claimed_until: NullableTimestamp;
  /** Claims so far; the fencing token of the latest claim. */
  attempts: Generated<number>;
  /** A downloaded result (journal exports, migration 1220): the file, its name and type. */
  file_bytes: Uint8Array | null;
  file_name: string | null;
  file_type: string | null;
}

/** A company's journal mapping (migration 1220; `JournalMapping`). */
export interface JournalMappingTable {
  company_id: number;
  mapping: ColumnType<Record<string, unknown>, string, string>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

/** A document once exported as a journal (migration 1220). */
export interface JournalExportedTable {
  buffer_id: number;
  company_id: number;
  job_id: number | null;
  format: string;
  document_updated_at: Date;
  exported_at: Generated<Date>;
}

/** One check of a qualified-invoice registration number, with the day it was made (migration 1220). */
export interface InvoiceRegistrationCheckTable {
  id: Generated<number>;
  number: string;
  valid: boolean;
  problem: string | null;
  registered_from: string | null;
  source: Generated<string>;
  checked_on: Generated<string>;
  checked_at: Generated<Date>;
}

/** Uploaded bytes by storage key (server/files/file-storage.ts). */
export interface FileContentTable {
  storage_key: string;
  bytes: Uint8Array;
  created_at: Timestamp;
}

/** An upload's bytes in order, at most 256 KiB a row (migration 0840, server/files/file-storage.ts). */
export interface FileChunkTable {
  storage_key: string;
  seq: number;
  bytes: Uint8Array;
}

/** The first page of a PDF attachment as a picture (migration 1320); `failure` when it could not be drawn. */
export interface FilePreviewTable {
  file_id: number;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  page_count: number | null;
  bytes: Uint8Array | null;
  failure: string | null;
  created_at: Generated<Date>;
}

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A browser's Web Push subscription (migration 1140). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_sent_at: NullableTimestamp;
}

/** A push message waiting for, or done with, its push service (migration 1140). */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  topic: string;
  urgency: Generated<'very-low' | 'low' | 'normal' | 'high'>;
  payload: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** A key pair the instances share (migration 1140): `vapid` (private value sealed). */
export interface ServerKeyTable {
  name: string;
  public_value: string;
  private_value: string;
  created_at: Timestamp;
}

/** A company's webhook receiver (migration 1120); `secret`/`previous_secret` are encrypted (server/webhooks/webhook-secret.ts). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  events: Json<string[]>;
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: NullableTimestamp;
  disabled_at: NullableTimestamp;
  disabled_reason: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** The webhook outbox (migration 1120): one row per event and endpoint. */
export interface WebhookMessageTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  type: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'dead' | 'disabled'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** One delivery attempt (migration 1120), kept 30 days. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  message_id: number;
  endpoint_id: number;
  attempt: number;
  url: string;
  request_headers: Json<Record<string, string>>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  latency_ms: number;
  outcome: 'delivered' | 'retry' | 'dead' | 'disabled';
  created_at: Timestamp;
}

/** A link of a "waiting for your approval" mail (migration 0990): only the token's SHA-256 is stored. */
export interface MailActionTokenTable {
  id: Generated<number>;
  token_hash: string;
  approval_id: number;
  user_id: number;
  /** What the link proposes: approve (true) or reject (false). */
  approve: boolean;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A comment on a document (migration 1070): never edited, only withdrawn once (`withdrawn_at`, `withdrawn_by`). */
export interface BufferCommentTable {
  id: Generated<number>;
  buffer_id: number;
  author_id: number;
  body: string;
  /** The mentioned users' ids (jsonb array). */
  mentions: ColumnType<number[], string | undefined, never>;
  created_at: Timestamp;
  withdrawn_at: NullableTimestamp;
  withdrawn_by: number | null;
}

export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: Json<unknown> | null;
  created_at: Timestamp;
  /** After this the key is forgotten (and purged); migration 0200. */
  expires_at: Timestamp;
}

export interface ModuleDefinitionVersionTable {
  code: string;
  version: string;
  definition: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Failed logins of addresses that are no enabled account (migration 0300). */
export interface LoginAttemptTable {
  email: string;
  failed_attempts: Generated<number>;
  locked_at: NullableTimestamp;
  updated_at: Generated<Timestamp>;
}

/** One published version of a module's source (`{schema, uiSchema, rules, locales, process, attachments}`). */
export interface ModuleSourceTable {
  code: string;
  version: number;
  content_hash: string;
  source: Json<Record<string, unknown>>;
  origin: 'files' | 'studio';
  published_by: number | null;
  created_at: Generated<Timestamp>;
}

export interface ModuleStateTable {
  code: string;
  disabled: boolean;
  updated_at: Generated<Timestamp>;
}

export interface DefinitionRevisionTable {
  id: number;
  revision: string | number;
}

/** Every table of Ringi's database (see docs/ARCHITECTURE.md "Database"). */
export interface PicTypeTable extends Named {
  id: Generated<number>;
  code: string;
  /** The setting type whose approver this person in charge decides for the group's users. */
  setting_type_id: number | null;
}

export interface BackgroundTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BackgroundCompanyTable {
  background_id: number;
  company_id: number;
}

export interface BackgroundPicTable {
  background_id: number;
  pic_type_id: number;
  pic_id: number;
}

/** An electronic record: one file of a filed document with its searched facts (migration 0900). */
export interface RecordTable {
  buffer_id: number;
  file_id: number;
  module_code: string;
  code: string;
  company_keys: string[];
  document_type: string;
  file_name: string;
  sha256: string;
  /** `date` column: PostgreSQL gives it to the app as a string only when cast; read with `::text`. */
  record_date: string;
  amount: string | null;
  currency: string | null;
  counterparty: string | null;
  counterparty_search: string | null;
  registration_no: string | null;
  added_at: Timestamp;
  removed_at: NullableTimestamp;
}

/** One append-only, hash-chained history entry of a document (migration 0900). */
export interface RecordHistoryTable {
  id: Generated<string>;
  buffer_id: number;
  seq: number;
  at: Timestamp;
  actor_id: number | null;
  /** The principal a deputy acted for (migration 0945); null otherwise. */
  on_behalf_of_id: number | null;
  reason: string | null;
  kind: string;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  files_added: Json<unknown[]>;
  files_removed: Json<unknown[]>;
  data_hash: string;
  prev_hash: string;
  hash: string;
  /**
   * The application's HMAC seal of the entry (migration 0980, server/records/record-seal.ts);
   * null = written outside the application, `legacy` = written before sealing, not yet adopted.
   */
  mac: ColumnType<string | null, never, string>;
}

export interface Database {
  companies: CompanyTable;
  departments: DepartmentTable;
  locations: LocationTable;
  users: UserTable;
  user_settings: UserSettingTable;
  setting_types: SettingTypeTable;
  currencies: CurrencyTable;
  processes: ProcessTable;
  master_processes: MasterProcessTable;
  saved_approvers: SavedApproverTable;
  export_jobs: ExportJobTable;
  expense_accounts: ExpenseAccountTable;
  company_bank_accounts: CompanyBankAccountTable;
  contract_item_types: ContractItemTypeTable;
  contract_frequencies: CodeListTable;
  corporate_seal_types: CodeListTable;
  collection_sales_evidence_types: CodeListTable;
  buffers: BufferTable;
  journal_mappings: JournalMappingTable;
  journal_exported: JournalExportedTable;
  invoice_registration_checks: InvoiceRegistrationCheckTable;
  exchange_rates: ExchangeRateTable;
  buffer_viewers: BufferViewerTable;
  approvals: ApprovalTable;
  approval_candidates: ApprovalCandidateTable;
  positions: PositionTable;
  circulations: CirculationTable;
  company_calendars: CompanyCalendarTable;
  holidays: HolidayTable;
  job_leases: JobLeaseTable;
  user_posts: UserPostTable;
  approval_done: ApprovalDoneTable;
  requester_tasks: RequesterTaskTable;
  approval_logs: ApprovalLogTable;
  deputies: DeputyTable;
  numbering_counters: NumberingCounterTable;
  budgets: BudgetTable;
  budget_reservations: BudgetReservationTable;
  proxy_filers: ProxyFilerTable;
  buffer_temporaries: BufferTemporaryTable;
  buffer_histories: BufferHistoryTable;
  files: FileTable;
  records: RecordTable;
  record_history: RecordHistoryTable;
  mail_outbox: MailOutboxTable;
  invoice_managements: InvoiceManagementTable;
  file_contents: FileContentTable;
  file_chunks: FileChunkTable;
  file_previews: FilePreviewTable;
  password_reset_tokens: PasswordResetTokenTable;
  mail_action_tokens: MailActionTokenTable;
  webhook_endpoints: WebhookEndpointTable;
  push_subscriptions: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
  server_keys: ServerKeyTable;
  webhook_messages: WebhookMessageTable;
  webhook_deliveries: WebhookDeliveryTable;
  buffer_comments: BufferCommentTable;
  idempotency_keys: IdempotencyKeyTable;
  module_definition_versions: ModuleDefinitionVersionTable;
  pic_types: PicTypeTable;
  backgrounds: BackgroundTable;
  background_companies: BackgroundCompanyTable;
  background_pics: BackgroundPicTable;
  login_attempts: LoginAttemptTable;
  module_sources: ModuleSourceTable;
  module_states: ModuleStateTable;
  definition_revision: DefinitionRevisionTable;
  scim_tokens: ScimTokenTable;
  user_sessions: UserSessionTable;
  access_log: AccessLogTable;
  access_log_settings: AccessLogSettingsTable;
  company_sign_in: CompanySignInTable;
  sso_secrets: SsoSecretTable;
  sso_requests: SsoRequestTable;
  sso_tickets: SsoTicketTable;
  saml_assertion_ids: SamlAssertionIdTable;
}
