/**
 * Public types of Ringi's module engine. Framework-free: shared by the renderer, the server
 * and the scripts. A module is data (JSON Schema, UI schema, rules, translations); these types
 * describe that data before compilation (`DefinitionFiles`) and after (`CompiledModule`).
 */

/** The languages every translation exists in. */
export type Lang = 'en' | 'ja' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'ja', 'zh'];

/** A JSON Schema object (draft 2020-12 subset as understood by Ajv and rjsf). */
export type JsonSchema = Record<string, unknown>;
/** An rjsf UI schema, plus Ringi's `ui:module` block at the root. */
export type UiSchema = Record<string, unknown>;
/** A json-logic expression. */
export type Logic = unknown;

/** Translates a full key (`purchase.currency_id.label`) with `{{n}}` interpolation. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A translation namespace file (`locales/<lang>/<namespace>.json`), nested objects allowed. */
export type LocaleFile = Record<string, unknown>;
/** Translations by language, then by namespace (file name without `.json`). */
export type LocaleBundles = Record<Lang, Record<string, LocaleFile>>;

/** One ordered validation: `when` is the FAILING condition; `message` is a translation key. */
export interface ValidationRule {
  when: Logic;
  field: string;
  message: string;
  /** Optional params for the message: json-logic evaluated against the data. */
  params?: Record<string, Logic>;
}
/** Marker inside `validations`: validate each item of `each` with its sub-form's rules here. */
export interface EachItemValidation {
  each: string;
}
/** Effect on change: when `on` changes, set each field to its json-logic value (evaluated on the new data). */
export interface EffectRule {
  on: string;
  if?: Logic;
  set: Record<string, Logic>;
}
/** Computed field: `field` always equals `value` (json-logic over the data). */
export interface ComputedRule {
  field: string;
  value: Logic;
}
/** Label rule: while `when` holds, the field's label is the translation key `label` (first match wins). */
export interface LabelRule {
  when: Logic;
  label: string;
}
/**
 * When the form's submit button is enabled: while `if` holds (json-logic over the data). `hint`
 * is the translation key of the note shown next to the disabled button (default
 * `engine.renderer.submitBlocked`). A UI affordance only: validations stay the server's guard.
 */
export interface SubmitEnabledRule {
  if: Logic;
  hint?: string;
}
/** The rules file of a module (`rules/<code>.json`). */
export interface RulesFile {
  validations?: Array<ValidationRule | EachItemValidation>;
  /** field → json-logic condition under which the field is visible. */
  visibility?: Record<string, Logic>;
  effects?: EffectRule[];
  computed?: ComputedRule[];
  /** field (or dot path into an object field) → label rules; no match keeps the derived label. */
  labels?: Record<string, LabelRule[]>;
  /** When submit is enabled (absent: always). */
  submitEnabled?: SubmitEnabledRule;
}

/** A role flag that makes a user eligible for an approval step (`users.is_<role>`). */
export type StepRole = 'authorizer' | 'finance' | 'treasury' | 'legal';
export const STEP_ROLES: readonly StepRole[] = ['authorizer', 'finance', 'treasury', 'legal'];

/**
 * One approval step of a module (`processes/<code>.json` → `steps[]`). `code` names the step kind
 * (the `processes` row); modules sharing a code share its names and roles.
 */
export interface ProcessStepDefinition {
  code: string;
  /** The step's name in every language. */
  names: Record<Lang, string>;
  /** Eligible approvers: users with ANY of these role flags; empty or absent = any user. */
  roles?: StepRole[];
  /** The requester may leave the step without an approver (default false). */
  optional?: boolean;
  /** Several approvers may be chosen and any one of them passes the step (default true); false = exactly one. */
  anyOf?: boolean;
  /** The requester may be named on (and act on) this step themselves (default false: never self-approval). */
  allowRequester?: boolean;
  /**
   * Fields the step's approver fills when passing it (the signer's signed files): never shown on
   * the filing form (visibility `false`); the server accepts them only from a candidate of this
   * step, with its approval, and refuses them on every other step.
   */
  fills?: string[];
  /**
   * The sub-form (a definition with `ui:module.kind` "subform") the step's approver fills to pass
   * it, e.g. the treasury step's account, payment date and deal slip: the detail page renders it
   * and the server validates the step's `data` with it. The checker verifies it exists.
   */
  form?: string;
  /**
   * json-logic over the form data: the step applies only when it holds (absent: always). The
   * checker verifies every `var` names a field and every operation exists.
   */
  when?: Logic;
  /**
   * Who approves, resolved from the organisation (union of every resolver, in order, without
   * repeats). Absent: the requester chooses from the eligible candidates (`roles`).
   */
  approvers?: ApproverResolver[];
  /** The requester may change the resolved approvers (default false: locked). */
  editable?: boolean;
  /** `any` (default): one approver passes; `all` (合議): every approver; `quorum`: `quorum` of them. */
  mode?: StepMode;
  /** With `mode: "quorum"`: how many approvals pass the step. */
  quorum?: number;
  /** When a resolved step has nobody but the requester, or nobody at all: skip it instead of refusing the filing. */
  skip?: { requester?: boolean; vacant?: boolean };
  /** A circulation (回覧) step: its people are notified and mark it read; the document does not wait. */
  circulation?: boolean;
  /** Pending longer than `afterDays` business days: mail the approvers; after `escalateAfterDays`: offer it to `escalateTo`. */
  reminder?: { afterDays: number; escalateAfterDays?: number; escalateTo?: 'manager' | 'deputy' };
}

/** How a step passes: a code of the step-mode table (`routes/step-modes.ts`): built in `any`, `all` (合議), `quorum`. */
export type StepMode = string;

/**
 * One rule naming approvers (`processes/<code>.json` → `steps[].approvers[]`): one key names its
 * kind, a code of the resolver table (`routes/approver-resolvers.ts`), which says its other keys
 * and how it resolves. Built in:
 * - `{ "position": "head", "of": "requester" }` — the holders of the position in the requester's
 *   department, else in the nearest department above it (a director, a division head);
 * - `{ "position": "finance-manager", "of": "company" }` — its holders anywhere in the document's company;
 * - `{ "role": "legal" }` — users of the document's company with that role flag;
 * - `{ "users": ["legal@example.com"] }` — named users (by e-mail: ids differ between databases);
 * - `{ "colleagues": true }` — the requester's department colleagues (for circulation).
 */
export type ApproverResolver = { readonly [key: string]: unknown };

/** The approval process of a module (`processes/<code>.json`). */
export interface ProcessFile {
  steps: ProcessStepDefinition[];
}
/** One kind of attachment a module accepts (the `document_type` of an upload). */
export interface AttachmentKind {
  /** Accepted file extensions (lower case, without the dot), e.g. `["pdf", "jpg", "png"]`. */
  accept: string[];
  /** Most files of this kind on one document. */
  maxFiles: number;
  /** Largest single file in bytes (the server's UPLOAD_MAX_BYTES still caps it). */
  maxBytes: number;
}
/** A module's attachment kinds by document type code (`attachments/<code>.json`). */
export type AttachmentsFile = Record<string, AttachmentKind>;

/** The raw definition files, keyed by module code. */
export interface DefinitionFiles {
  schemas: Record<string, JsonSchema>;
  uiSchemas: Record<string, UiSchema>;
  rules: Record<string, RulesFile>;
  locales: LocaleBundles;
  /** Approval steps per module (`processes/<code>.json`); every top-level module needs one. */
  processes?: Record<string, ProcessFile>;
  /** Attachment kinds per module or sub-form (`attachments/<code>.json`). */
  attachments?: Record<string, AttachmentsFile>;
  /** Where each file came from (for checker messages); defaults to `schemas/<code>.json` etc. */
  paths?: Record<string, string>;
}

/** One summary line of a list card: a label key and the field whose value is shown. */
export interface SummaryLine {
  label: string;
  field: string;
  /** Display hint: 'money' (with the form's currency), 'date', 'text', 'count'. */
  format?: 'money' | 'date' | 'text' | 'count';
}

/** One section of the read-only detail card. */
export interface DetailSection {
  /** Optional section title key. */
  title?: string;
  /** Fields shown in order; an item-list field shows its items' detail lines. */
  fields: string[];
  /** A highlighted field (e.g. estimated payment date) shown above the section. */
  highlight?: string;
}

/** A reference from a parent field (array of items) to the sub-form that edits one item. */
export interface SubFormRef {
  field: string;
  form: string;
}

/**
 * Module-level facts, from the UI schema's `ui:module` block. Never coded in TypeScript.
 */
/** A profile flag that may grant bypass (`ui:module.bypassRoles`). */
export type BypassRole = 'is_authorizer' | 'is_company_authorizer' | 'is_finance' | 'is_treasury' | 'is_legal';

export interface ModuleMeta {
  code: string;
  kind: 'module' | 'subform';
  /** Translation key of the module title (launcher, page title). */
  title: string;
  /** Path (under /api) a submission is POSTed to, e.g. `/buffer/purchase`. Modules only. */
  submitPath?: string;
  editable: boolean;
  hasBypass: boolean;
  /**
   * Profile flags (`is_finance`, `is_treasury`, …) of users who may bypass the approval process
   * (any one suffices); empty = nobody. Only with `hasBypass`; the server enforces it.
   */
  bypassRoles?: BypassRole[];
  needsStampNo: boolean;
  /**
   * The requester may mark a document urgent (至急, issue #33 item 8): the form gets the `urgent`
   * wrapper switch, urgent documents sort first in the pending lists. Absent = not allowed (the
   * server answers 422 at `urgent` to `urgent: true`).
   */
  allowUrgent?: boolean;
  /**
   * The form field naming the document's company (default `company_id`): the company the
   * document belongs to for company-scoped users (statistics, search, exports). A document whose
   * data names none belongs to its requester's company at filing.
   */
  companyField?: string;
  /** Module code listed by the related-approval picker, if the form has one. */
  relatedApprovalSource?: string;
  /** Body wrapper: e.g. 'transaction' puts the body under `transaction`; null sends it at top level. */
  bodyKey: string | null;
  /** Prefix of document codes, e.g. `PUR` → `PUR-2026-000001`. */
  codePrefix?: string;
  /** Launcher order and visibility; absent = not on the launcher. */
  launcher?: ModuleLauncher;
  listCard: { title?: string; summary: SummaryLine[] };
  detailCard: { sections: DetailSection[] };
  /** Item arrays whose entries with a zero/absent total are not sent: field → total field. */
  dropZeroItems: Record<string, string>;
  /** Item arrays edited by a sub-form page (derived from `$ref` in the schema). */
  subForms: SubFormRef[];
  /** Fields whose value is the form's currency (for money display), default `currency_id`. */
  currencyField?: string;
  /** Fields a confirmed reset keeps (their current value survives; the rest return to defaults). Absent = none. */
  resetKeeps?: string[];
  /** The detail page's More menu (Submit again, Cancel). Absent = none. */
  moreMenu?: boolean;
  /**
   * Organisation data the completed document changes (an *entity module*): the entity kind the
   * server's handler is registered under and the operations the module files. Absent = none.
   */
  entity?: ModuleEntity;
  /** Which data fields the statistics area reads (amount, vendor, payment date, …). Absent = none. */
  statistics?: StatisticFacts;
  /** How other forms' related-approval pickers list this module's documents. Absent = never listed. */
  relatedAs?: RelatedAs;
  /** The module's documents choose an expense account (`/expense_accounts?moduleCode=<code>`). Absent = no. */
  expenseAccounts?: boolean;
  /** The module has contract item types (`/contract_item_types/module/<code or alias>`). Absent = none. */
  contractItemTypes?: { alias?: string };
  /** Data paths the approval lists' `search` matches (besides code, stamp number and requester). Absent = none. */
  listSearch?: string[];
  /**
   * Numbering rules (issue #36 item 1): an application number given at submit and a decision
   * number given at the final approval, each from a format of tokens (`numbering/numbering-tokens.ts`).
   * Absent (or a kind absent) = no such number.
   */
  numbering?: ModuleNumbering;
  /** Budgets (issue #36 item 4): which fields give the department, expense account and amount, and what happens over budget. */
  budget?: ModuleBudget;
  /**
   * Follow-up documents (関連書類, issue #36 item 5): the modules a decided document of this module
   * is followed up by (a purchase by its reimbursement), with the fields carried over. Absent = none.
   */
  followUps?: FollowUp[];
}

/**
 * One `ui:module.followUps` entry (docs/MODULES.md "Follow-up documents"), declared on the origin's
 * module: a completed document of it offers "Create <module>"; the new document starts with exactly
 * the `fields` carried over and `link` naming the origin, and is filed with `follow_up_of`.
 */
export interface FollowUp {
  /** The follow-up's module code (a module, not a sub-form or an entity module). */
  module: string;
  /** The follow-up's field that names the origin (`related_approval_id`): set to the origin's id, never changed. */
  link: string;
  /** Carried over: the follow-up's field → the origin's field (top-level fields, values copied as they are). */
  fields: Record<string, string>;
  /** Optional: the amounts compared on the follow-up's detail (the difference = follow-up − origin, in their currency). */
  amounts?: { origin: string; followUp: string };
}

/**
 * `ui:module.budget` (docs/MODULES.md "Budgets"): a document of the module reserves its amount on
 * the budget of its company × department × expense account × fiscal year at submit, consumes it at
 * the final approval and releases it on rejection or withdrawal.
 */
export interface ModuleBudget {
  /** The field giving the department (`department_id`). */
  department: string;
  /** The items each asking for their own expense account (`transaction_items[].contents[]`); absent: the document is one line. */
  lines?: string;
  /** The expense account's field, read on each line (`content_type_id`). */
  expenseAccount: string;
  /** The amount's field, read on each line (`amount`). */
  amount: string;
  /**
   * Over budget: `warn` files it and the form warns; `refuse` answers 422 and files nothing;
   * `route` files it silently — the process has a step whose condition reads `budget.over` /
   * `budget.remaining`.
   */
  over: 'warn' | 'refuse' | 'route';
}

/** `ui:module.numbering`: the module's two numbers. */
export interface ModuleNumbering {
  /** 申請番号, given in the submitting transaction. */
  application?: NumberingRule;
  /** 決裁番号, given in the final approval's transaction. */
  decision?: NumberingRule;
}

/** One number's rule. */
export interface NumberingRule {
  /** E.g. `{company}-{fy}-{module}-{seq:5}`; one `{seq}` (zero-padded sequence). */
  format: string;
  /**
   * Whose counter the sequence runs on, per company and fiscal year: `module` (default) this
   * module's own; `shared` one counter for every module of the company that says `shared`.
   */
  sequence?: 'module' | 'shared';
}

/** `ui:module.launcher`: the Home launcher entry. */
export interface ModuleLauncher {
  order: number;
  /** Translation key of the launcher's label when it differs from the module title (e.g. "Sales"). */
  label?: string;
  icon?: string;
  roles?: string[];
  /** Offered only on its group's page, without a Home launcher of its own (needs `group`). */
  groupOnly?: boolean;
  /** Modules with the same group `key` share one more launcher that opens a page listing them. */
  group?: LauncherGroup;
  /** Position on the group's page (default `order`). */
  groupOrder?: number;
}

/** A launcher shared by several modules (every member gives the same object). */
export interface LauncherGroup {
  key: string;
  order: number;
  /** Translation keys: the launcher label and page title, and the line above the choices. */
  title: string;
  intro?: string;
  icon?: string;
}

/** `ui:module.relatedAs`: this module as the source of a related-approval picker. */
export interface RelatedAs {
  /**
   * The related-approval API that lists it: `purchases` (`/purchases/list`, the caller's own
   * documents) or `contracts` (`/contracts/list?module=<code>`, every document the caller may see).
   */
  list: 'purchases' | 'contracts';
  /** Data fields the picker's `search` matches besides the code and stamp number. */
  search?: string[];
  /** An object field `{name, no, bank_name, branch_name}` listed by `/distinct_contract_supplier_accounts`. */
  accounts?: string;
  /**
   * What a listed document carries besides its id, code, stamp number, status and currency: the
   * list's member name (the API's, e.g. `total_estimated`, `contract_full_name`) → the data field
   * of this module that fills it. A member the module does not map answers empty (0, null, []).
   */
  fields?: Record<string, string>;
  /** For a member mapped to an item list: the item fields each listed item carries (its `id` is the item's 1-based `index`). */
  items?: Record<string, string[]>;
  /** The field holding the contract item type id (answered as the member's `type` and `contract_item_type`). */
  itemType?: string;
}

/** An operation an entity module files: `POST /buffer/{code}`, `/{id}/edit`, `/{id}/delete`. */
export type EntityOperation = 'create' | 'edit' | 'delete';

/** `ui:module.entity`: what a completed document of the module does to organisation data. */
export interface ModuleEntity {
  /** Entity kind, e.g. `user`; the server applies the change with the handler of this kind. */
  kind: string;
  /** Operations offered, in order. */
  operations: EntityOperation[];
}

/**
 * Where the statistics area finds a module's figures. Paths are dotted field names with at most
 * one `[]` for an item array (`transaction_items[].estimated_payment_date`): a document matches a
 * filter when any of its values does.
 */
export interface StatisticFacts {
  /** The document's amount (a number field), for the amount filter, sort and reports. */
  amount?: string;
  /** Vendor / counterparty names searched by the vendor filter. */
  vendor?: string[];
  /** Payment dates (`YYYY-MM-DD`) for the estPaymentDate period and reports. */
  paymentDate?: string[];
  /** Listed by invoice management: the document's e-invoice and application-paper file fields. */
  invoices?: { einvoices: string; papers: string };
  /** Offered by the export screen. */
  export?: boolean;
  /**
   * Payment projection: the item array, each item's date and amount fields, and the document's
   * paying bank account (a company bank account id) and paid-date fields (paid = no longer projected).
   */
  projection?: { items: string; date: string; amount: string; account: string; paid: string };
  /**
   * Stamp statistics (spec 000 §2 filter sheet): the module's documents are listed there; `party`
   * is the contract party company id field, `contractDate` the `YYYY-MM-DD` field of the
   * contract-date period (absent = the module's documents never match that period).
   */
  stamp?: { party: string; contractDate?: string };
  /**
   * Electronic records (電子帳簿保存法, docs/COMPLIANCE.md): which fields give every attached
   * file its transaction date, amount, currency, counterparty and invoice registration number.
   * `kinds` overrides fields per attachment kind (a key of `attachments/<code>.json`).
   */
  records?: RecordFacts;
  /** The module moves money: a decided document becomes one journal (仕訳; docs/ACCOUNTING.md). */
  journal?: import('./journals/journal-facts').JournalFacts;
}

/** The fields of one electronic record (paths as in `StatisticFacts`). */
export interface RecordFields {
  /** Transaction date: the first real `YYYY-MM-DD` at these paths; none → the filing day. */
  date?: string[];
  /** The amount (a number). */
  amount?: string;
  /** The currency (a currency id). */
  currency?: string;
  /** Counterparty names (joined with " / "). */
  counterparty?: string[];
  /** Qualified-invoice registration numbers (`T` + 13 digits). */
  registrationNo?: string[];
}

/** `ui:module.statistics.records`: the module's record fields and per-kind overrides. */
export interface RecordFacts extends RecordFields {
  kinds?: Record<string, RecordFields>;
}

/** A module (or sub-form) ready for the renderer and the server. */
export interface CompiledModule {
  code: string;
  kind: 'module' | 'subform';
  /** Content hash of the compiled definition; a stored document records it. */
  version: string;
  /** JSON Schema of the form data (sub-form schemas inlined, wrapper fields added). */
  schema: JsonSchema;
  /** UI schema (without `ui:module`, wrapper-field defaults added). */
  uiSchema: UiSchema;
  rules: RulesFile;
  meta: ModuleMeta;
  /** Compiled sub-forms by code. */
  subForms: Record<string, CompiledModule>;
  /** This module's namespace in each language (`locales/<lang>/<code>.json`). */
  translations: Record<Lang, LocaleFile>;
  /** The approval steps (modules only; from `processes/<code>.json`). */
  process?: ProcessStepDefinition[];
  /** Attachment kinds by document type (from `attachments/<code>.json`), absent = none. */
  attachments?: AttachmentsFile;
}

/** A problem found by the checker or the compiler. */
export interface Problem {
  file: string;
  /** JSON pointer inside the file, e.g. `/properties/currency_id`. */
  pointer: string;
  message: string;
}

/** A failed validation, in rule order. */
export interface Violation {
  /** Path in the form data: `currency_id`, `purchase_goods[0].budget`. */
  propertyPath: string;
  /** Translated message. */
  message: string;
  /** The field to mark inline (top-level field of the validated form). */
  field?: string;
  messageKey: string;
}

/** One step of a module's master process (from `master_processes`). */
export interface MasterProcessStep {
  /** master_process id: approvals reference it as `master_process_id`. */
  id: number;
  optional: boolean;
  position?: number;
  process?: { id?: number; code?: string; name?: string };
}

/** A currency as known to the caller (for rounding by currency when the form holds an id). */
export interface CurrencyRef {
  id: number;
  code: string;
}

/** What validation and rules need beyond the form data. */
export interface RuleContext {
  /** Master process steps of the module; absent → at least one approver is required. */
  steps?: MasterProcessStep[];
  currencies?: CurrencyRef[];
  /** The parent form's data when running a sub-form's rules (available as `$parent`). */
  parent?: Record<string, unknown>;
  /**
   * May the signed-in user bypass this module (`ui:module.bypassRoles`)? `false` hides the bypass
   * switch (`$context.mayBypass` in the shared bypass rules); absent shows it (the server decides).
   */
  mayBypass?: boolean;
}

/** A changed place in the form data: property names and array indexes (`['rows', 0, 'qty']`). */
export type ChangedPath = ReadonlyArray<string | number>;

/** What the UI shows that rules decide, besides the data (`ModuleRuntime.derive`). */
export interface DerivedState {
  visibility: Record<string, boolean>;
  labels: Record<string, string>;
  submitEnabled: boolean;
}

/** Rules a change re-runs: effects by `on` field, computed and visibility and label rules by field. */
export interface AffectedRules {
  effects: string[];
  computed: string[];
  visibility: string[];
  labels: string[];
  submitEnabled: boolean;
}

/** Form data: a plain object keyed by field. */
export type FormData = Record<string, unknown>;

/** The evaluators of one compiled module's rules. */
export interface ModuleRuntime {
  module: CompiledModule;
  /** field → visible, for every field that has a visibility rule (others are visible). */
  visibility(data: FormData, context?: RuleContext): Record<string, boolean>;
  /** field → label key, for every field whose label rule matches now (others keep `labelKey`). */
  labels(data: FormData, context?: RuleContext): Record<string, string>;
  /** Whether the `submitEnabled` rule holds now (true without one; true when it throws). */
  submitEnabled(data: FormData, context?: RuleContext): boolean;
  /** New data after effects (for changed `on` fields) and computed fields whose vars changed. */
  applyChange(prev: FormData, next: FormData, context?: RuleContext): FormData;
  /**
   * `applyChange` when the caller knows where the data changed (`changes`: data paths such as
   * `['rows', 0, 'qty']`; `null`: compare the top-level fields): runs only the effects and
   * computed rules whose reads the changes touch (the module's dependency graph), and returns
   * the data with every path that changed, the given ones included.
   */
  update(prev: FormData, next: FormData, changes: ChangedPath[] | null, context?: RuleContext): { data: FormData; changed: ChangedPath[] };
  /**
   * Visibility, rule labels and submit-enabled for `data`, re-evaluating only the rules whose
   * reads `changed` touches (`null`: all). A part none of whose rules changed its answer keeps
   * the identity it had in `previous`, so what renders it can skip the work.
   */
  derive(previous: DerivedState | null, data: FormData, changed: ChangedPath[] | null, context?: RuleContext): DerivedState;
  /** The rules a change would re-run (the dependency graph's answer, for tests and tools). */
  affected(changes: ChangedPath[]): AffectedRules;
  /** Recompute every computed field (initial data, drafts). */
  computeAll(data: FormData, context?: RuleContext): FormData;
  /** All failures in rule order (a rule that throws counts as failing). */
  validate(data: FormData, context: RuleContext, t: Translate): Violation[];
}

/** Options of `compileModules`. */
export interface CompileOptions {
  /** Throw on the first compile problem (default false: problems are returned). */
  strict?: boolean;
}

/** Result of `compileModules`. */
export interface CompileResult {
  modules: Record<string, CompiledModule>;
  problems: Problem[];
}
