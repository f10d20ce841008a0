import type { Kysely } from 'kysely';
import {
  ajvViolations, approvalsRequired, computeFormDataWithChanges, EXCHANGE_FIELD, isWrapperField, labelKey, readSubmitPayload, toApiDate, stripUnknownFields, validateComputedData,
  type CompiledModule, type DefinitionSet, type DocumentExchange, type FormData, type Lang, type MasterProcessStep, type ResolvedStep, type Translate,
} from '../../../src/engine';
import type { Database } from '../../db/database';
import { attachmentLimitViolations } from '../../files/attachment-limits';
import { forbidden, validationFailed, type Violation } from '../../lib/errors';
import { referenceViolations } from './reference-violations';
import { currencyRows } from '../../repositories/currency-repository';
import { moduleListViolations } from './module-list-violations';
import { stepRulesOf, type StepRule } from '../core/eligibility';
import { approverViolations, companyScopeViolations, forwardingViolations, loadFiler, mayBypass } from './filing-checks';
import { blockedReason, resolveFilingRoute } from './route-resolution';
import { exchangeRouteValues, resolveExchange } from '../../exchange/document-exchange';
import { budgetCheck, budgetRouteValues, type BudgetCheck } from '../../budgets/budget-ledger';
import { overBudgetViolation } from '../../budgets/over-budget';
import type { FilingPost } from './filing-post';

/** One submission (a new document or an edit) as the pipeline takes it. */
export interface SubmissionRequest {
  /** The definition set the request runs with (file fields of every module). */
  definitions: DefinitionSet;
  module: CompiledModule;
  /** The body as received: wrapper fields plus the module's body (under `bodyKey` where it has one). */
  payload: unknown;
  /** Whose document it is (company scope, eligibility, bypass permission). */
  requesterId: number;
  /** Who sends it (file references are checked against what this user may read). */
  actorId: number;
  t: Translate;
  /** The reader's language (step names in messages; default en). */
  lang?: Lang;
  /** An edit keeps the document's bypass as filed (it is not a new request to bypass). */
  edit?: boolean;
  /** Only violations of the wrapper fields count (an entity delete files the entity as it is). */
  wrapperOnly?: boolean;
  /** Check the company scope of `company_id` (default true; entity modules authorize their target instead). */
  companyScope?: boolean;
  /**
   * An entity module's own company rule (`EntityHandler.companyScope`): throws 403 when the user may
   * not request the change for the form's `company_id`. Runs before anything is resolved for it.
   */
  entityScope?: (companyId: number) => void;
  /** The document's date (YYYY-MM-DD) its exchange rate is chosen for: an edit's filing day; default today. */
  date?: string;
  /** An edit's document: its own budget reservation is not counted against it (the edit moves it). */
  documentId?: number;
  /** The requester's post it is filed as (兼務, `filing-post.ts`): the route resolves from it. */
  post?: FilingPost | null;
}

/** What the pipeline hands to filing: the computed, validated data and the module's steps. */
export interface PreparedSubmission {
  data: FormData;
  steps: StepRule[];
  bypass: boolean;
  /** Marked urgent (only where the module allows it). */
  urgent: boolean;
  /** The document's company for the workflow rules (its `company_id`, else the requester's). */
  companyId: number | null;
  /** The requester's own company (a form without a company belongs to it: `documentCompany`). */
  requesterCompanyId: number | null;
  /**
   * The route resolved for this filing from the computed data (null for a bypass). An edit
   * resolves it again from the edited data: filing compares it with the filed steps and restarts
   * the route when the approved content or the route changed (`filing.ts`).
   */
  route: ResolvedStep[] | null;
  /**
   * The rate used and the converted amount (`data.exchange`, also set in `data`), or null when
   * nothing is converted (no amount, or the company has no reporting currency).
   */
  exchange?: DocumentExchange | null;
  /**
   * What the document asks of budgets (`ui:module.budget`), read under the budgets' row locks in
   * the caller's transaction; null when the module does not opt in. Filing reserves it.
   */
  budget?: BudgetCheck | null;
  /** The post it is filed as (stored when chosen), or null. */
  post?: FilingPost | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const refuse = (violations: Violation[]) => validationFailed(violations.map(({ propertyPath, message }) => ({ propertyPath, message })));
const wrapperViolation = (v: Violation) => isWrapperField(v.propertyPath.split(/[.[]/)[0]);

/** Drops body fields the form never shows (visibility `false`): later steps fill them (treasury, signer). True when one was there. */
function dropNeverShown(module: CompiledModule, data: FormData): boolean {
  let dropped = false;
  for (const [field, rule] of Object.entries(module.rules.visibility ?? {})) {
    if (rule === false && !isWrapperField(field) && Object.hasOwn(data, field)) {
      delete data[field];
      dropped = true;
    }
  }
  return dropped;
}

/**
 * THE submission pipeline, for submit, edit and every future module (written once so they cannot
 * drift). In order, the first failing stage answers and nothing is stored:
 * 1. read: a JSON object; unknown fields dropped at any depth;
 * 2. shape: the submission schema (422 with the schema's violations); then the body is read ONCE
 *    into flat form data (`readSubmitPayload`) and never-shown fields are dropped;
 * 3. process: the module must have approval steps (422 at `approvals`); `bypass: true` needs a
 *    role of `ui:module.bypassRoles` (403); `urgent: true` needs `ui:module.allowUrgent` (422 at
 *    `urgent`, checked first, before unknown fields are dropped);
 * 4. compute every computed field (once: what is stored), then the engine validates that flat
 *    computed data (`validateComputedData`: schema, then ordered rules; the schema is not run a
 *    second time over data that is exactly the body it passed) — nothing re-nested or recomputed;
 * 5. references: ids exist and the user may use them (files — within the attachment kinds' count
 *    and size limits —, company scope, department,
 *    currency, approvers per step by the eligibility rule, forwarding to finance users of the
 *    document's company).
 * Filing is the caller's: `fileDocument` (`filing.ts`) runs this inside its one transaction.
 */
export async function prepareSubmission(db: Kysely<Database>, request: SubmissionRequest): Promise<PreparedSubmission> {
  const { module, t } = request;
  if (!isObject(request.payload)) throw refuse([{ propertyPath: '', message: t('engine.validation.body') }]);
  // Urgency is the definition's to allow: asked for where it is not allowed, refused (never silently dropped as an unknown field).
  if (request.payload.urgent !== undefined && request.payload.urgent !== false && !module.meta.allowUrgent) {
    throw refuse([{ propertyPath: 'urgent', message: t('server.integrity.urgentNotAllowed') }]);
  }
  const payload = stripUnknownFields(module, request.payload) as Record<string, unknown>;
  // Who may request this record for its company at all, before its fields are judged (as the route resolver refuses it).
  const record = module.meta.bodyKey && isObject(payload[module.meta.bodyKey]) ? payload[module.meta.bodyKey] as Record<string, unknown> : payload;
  if (request.entityScope && Number.isInteger(record.company_id)) request.entityScope(record.company_id as number);
  const only = (violations: Violation[]) => (request.wrapperOnly ? violations.filter(wrapperViolation) : violations);
  const bodyShape = ajvViolations(module, payload, t);
  const shape = only(bodyShape);
  if (shape.length) throw refuse(shape);
  const read = readSubmitPayload(module, payload);
  // After the shape check, so a mistyped never-shown field is still refused like the engine refuses it.
  const dropped = dropNeverShown(module, read);

  const steps = await stepRulesOf(db, module.code);
  if (steps.length === 0) throw refuse([{ propertyPath: 'approvals', message: t('server.integrity.noSteps') }]);
  const filer = await loadFiler(db, request.requesterId);
  if (!filer) throw forbidden(t('server.integrity.companyScope'));
  const bypass = module.meta.hasBypass && read.bypass === true;
  const urgent = module.meta.allowUrgent === true && read.urgent === true;
  if (bypass && !request.edit && !mayBypass(module, filer.flags)) throw forbidden(t('server.integrity.bypassForbidden'));

  const engineSteps: MasterProcessStep[] = steps.map(({ id, optional, position }) => ({ id, optional, position }));
  const currencies = await currencyRows(db, read[module.meta.currencyField ?? 'currency_id']);
  const computed = computeFormDataWithChanges(module, read, { steps: engineSteps, currencies });
  const { data } = computed;
  // A form without a company of its own files for the company of the post chosen.
  const post = request.post ?? null;
  const companyId = Number.isInteger(data.company_id) ? data.company_id as number : post?.chosen ? post.company_id : filer.company_id;
  // A company the requester may not file for is refused below; nothing is resolved for it meanwhile
  // (its budgets and route are not the requester's to learn): its steps are judged as named ones,
  // as `POST /master_processes/resolve` refuses to answer for it.
  const outOfScope = request.companyScope === false ? [] : await companyScopeViolations(db, data, filer, t);
  const inScope = outOfScope.length === 0;
  // The amount in the company's reporting currency, at the latest rate on or before the document's date.
  const exchange = await resolveExchange(db, module, data, companyId, request.date ?? toApiDate(new Date())!);
  // The route (the authority): which steps apply to these values, and who approves the resolved ones.
  // An edit too: what is approved is the edited data, so its route is the edited data's.
  // The budgets it asks of (locked until the filing commits), for the route's `budget.*` values and the over-budget policy.
  const budget = request.wrapperOnly || !inScope ? null : await budgetCheck(db, module, data, companyId, {
    day: request.date, documentId: request.documentId, lock: true, exchange: exchange.kind === 'converted' ? exchange.exchange : null,
  });
  const route = bypass || !inScope ? null : await resolveFilingRoute(db, module, data, request.requesterId, companyId, { values: { ...exchangeRouteValues(exchange), ...budgetRouteValues(budget) }, post, rules: steps, requester: filer });
  const chosenSteps = route ? choosableSteps(route) : null;
  // Only steps the requester names approvers for need one (resolved steps are filled by the route).
  const ruleSteps = chosenSteps ? engineSteps.filter((s) => route!.some((r) => r.id === s.id && r.by === 'choice')) : engineSteps;
  const namedApprovals = data.approvals;
  if (chosenSteps) data.approvals = routedApprovals(data.approvals, chosenSteps);
  const approvalsKept = !Array.isArray(namedApprovals) || (namedApprovals as unknown[]).length === (data.approvals as unknown[]).length;
  // A step nobody can approve stops the filing first, with why and what to do (before the form's
  // own "choose an approver", which the requester could not follow). An editable resolved step
  // nobody resolves is the requester's to fill: blocked only if they named nobody.
  const namedFor = (id: number | null) => (Array.isArray(data.approvals) ? data.approvals : [])
    .some((a) => a && typeof a === 'object' && Number((a as Record<string, unknown>).master_process_id) === id && Number.isInteger((a as Record<string, unknown>).approver_id));
  const blocked = route?.find((s) => s.blocked && !(s.by === 'rule' && s.editable && namedFor(s.id)));
  if (blocked) throw refuse([{ propertyPath: 'approvals', message: blockedReason(module, blocked, request.lang ?? 'en', t) }]);
  // A step several must approve needs as many named approvers as its mode asks (the step-mode table: one rule for resolution and filing).
  const short = route?.map((s) => ({ step: s, named: namedCount(data.approvals, s.id), needed: approvalsRequired(s.mode, null, s.quorum) }))
    .find(({ step, named, needed }) => step.by === 'choice' && !step.skipped && !step.circulation && named > 0 && named < needed);
  if (short) {
    const lang = request.lang ?? 'en';
    throw refuse([{ propertyPath: 'approvals', message: t('server.routes.tooFewApprovers', { step: short.step.names[lang] || short.step.names.en, count: short.needed }) }]);
  }
  // The engine judges the very data it computed (what is stored), with the same currencies. Its
  // schema is checked again only where it could say something new: the body had no violation at
  // all, and nothing was dropped, computed to another value or filtered since, leaves only the rules.
  const unchanged = bodyShape.length === 0 && !dropped && !computed.changed && approvalsKept;
  const violations = only(validateComputedData(module, data, unchanged, { steps: ruleSteps, currencies }, t));
  if (violations.length) throw refuse(violations);
  // Another currency than the company's without a rate: the amount cannot be compared or reported.
  if (exchange.kind === 'missing' && inScope) {
    throw refuse([{ propertyPath: exchange.field, message: t('server.exchange.noRate', { currency: exchange.currency, date: exchange.date, reporting: exchange.reporting_currency }) }]);
  }

  const scope = { requesterId: request.requesterId, companyId };
  const routed = route?.some((s) => s.by === 'rule' && !s.skipped && !s.circulation && s.approvers.length > 0) ?? false;
  const references = [
    ...await referenceViolations(db, request.definitions, module, data, engineSteps, t, (field) => t(labelKey(module, field)), request.actorId),
    ...await moduleListViolations(db, module, data, t, (field) => t(labelKey(module, field))),
    ...await attachmentLimitViolations(db, module, data, t, (field) => t(labelKey(module, field))),
    ...outOfScope,
    ...(bypass ? [] : await approverViolations(db, data, chosenSteps ? steps.filter((s) => chosenSteps.has(s.id)) : steps, scope, t, routed)),
    ...await forwardingViolations(db, data, companyId, t),
  ];
  if (references.length) throw refuse(references);
  // Over budget where the definition refuses it: 422 naming the budget, nothing filed.
  if (budget?.over && budget.policy === 'refuse') throw refuse([await overBudgetViolation(db, module, budget, t, request.lang ?? 'en')]);
  // Stored as a flag like the other filing choices (the history compares it old → new on an edit).
  if (module.meta.allowUrgent) data.urgent = urgent;
  // Stored with the data (so the records history chain hashes it); never taken from the body.
  delete data[EXCHANGE_FIELD];
  if (exchange.kind === 'converted') data[EXCHANGE_FIELD] = exchange.exchange;
  return { data, steps, bypass, urgent, companyId, requesterCompanyId: filer.company_id, route, exchange: exchange.kind === 'converted' ? exchange.exchange : null, budget, post };
}

/** How many distinct approvers the body names for step `id`. */
function namedCount(approvals: unknown, id: number | null): number {
  const named = (Array.isArray(approvals) ? approvals : []).filter((a) => a && typeof a === 'object' && Number((a as Record<string, unknown>).master_process_id) === id)
    .map((a) => (a as Record<string, unknown>).approver_id).filter(Number.isInteger);
  return new Set(named).size;
}

/** Steps whose approvers the requester may name: choice steps, and resolved steps marked `editable`. */
function choosableSteps(route: ResolvedStep[]): Set<number> {
  return new Set(route.filter((s) => !s.skipped && !s.circulation && (s.by === 'choice' || s.editable)).map((s) => s.id!));
}

/** The requester's named approvers, kept only for steps they may name (others are the route's, or do not apply). */
function routedApprovals(approvals: unknown, choosable: Set<number>): unknown {
  if (!Array.isArray(approvals)) return approvals;
  return approvals.filter((a) => a && typeof a === 'object' && choosable.has(Number((a as Record<string, unknown>).master_process_id)));
}
