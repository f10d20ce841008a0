import type { ApproverResolver, CurrencyRef, FormData, Lang, ProcessStepDefinition, StepMode } from '../types';
import { approvalsRequired, DEFAULT_STEP_MODE, stepMode } from './step-modes';
import { resolverOf, type ApproverResolveContext } from './approver-resolvers';
import { evaluate } from '../rules/evaluate';
import type { OrganisationSnapshot, RouteRequester } from './organisation-snapshot';

/** Why a resolved step has nobody to approve it: only the requester resolves, or nobody does. */
export type RouteGap = 'requester' | 'vacant';

/** One step of a route as resolved for a filing. */
export interface ResolvedStep {
  /** The step's `master_processes.id` when the caller knows it (the server does), else null. */
  id: number | null;
  code: string;
  names: Record<Lang, string>;
  mode: StepMode;
  /** Approvals that pass the step: 1 for `any`, every approver for `all`, `quorum` for quorum. */
  required: number;
  quorum: number | null;
  optional: boolean;
  circulation: boolean;
  /** `rule`: approvers resolved from the organisation; `choice`: the requester picks candidates. */
  by: 'rule' | 'choice';
  /** The requester may change resolved approvers (always true for `choice`). */
  editable: boolean;
  /** Resolved approvers (user ids, the requester never among them); empty for `choice`. */
  approvers: number[];
  /** Skipped by the definition's `skip`, with the reason the timeline shows. */
  skipped: RouteGap | null;
  /** A mandatory step nobody can approve and the definition does not skip: filing is refused. */
  blocked: RouteGap | null;
}

/** Everything a route is resolved from. */
export interface RouteInput {
  steps: ProcessStepDefinition[];
  /** `master_processes.id` by step code, when known. */
  stepIds?: Record<string, number>;
  /** The form data (computed), read by the steps' `when`. */
  data: FormData;
  requester: RouteRequester;
  /** The document's company (its `company_id`, else the requester's). */
  companyId: number | null;
  organisation: OrganisationSnapshot;
  currencies?: CurrencyRef[];
  /**
   * The route values the server derived for this document (`route-values.ts`: `reporting_amount`,
   * `reporting_currency`), read by the conditions beside the form's fields.
   */
  values?: Record<string, unknown>;
}

/**
 * The department a relative position is looked up from: the form's `department_id` when it is
 * one of the requester's own (someone with a concurrent post files for that department), else
 * the requester's main department.
 */
function startDepartment(input: RouteInput): number | null {
  const { requester, data } = input;
  const chosen = Number(data.department_id);
  const own = [requester.department_id, ...(requester.other_department_ids ?? [])];
  return Number.isInteger(chosen) && own.includes(chosen) ? chosen : requester.department_id;
}

/** The users one rule names, by its kind's descriptor (an unknown or ambiguous rule names nobody: the checker refuses it). */
function resolveOne(input: RouteInput, rule: ApproverResolver, enabled: ReadonlySet<number>): number[] {
  const context: ApproverResolveContext = {
    organisation: input.organisation, requester: input.requester, companyId: input.companyId, startDepartment: startDepartment(input), enabled,
  };
  return resolverOf(rule)?.resolve(rule, context) ?? [];
}

/**
 * Does the step apply to this form data? A `when` that cannot be evaluated counts as applying:
 * a route fails towards more approval, never less.
 */
function applies(step: ProcessStepDefinition, input: RouteInput): boolean {
  if (step.when === undefined) return true;
  try {
    const data = input.values ? { ...input.data, ...input.values } : input.data;
    return Boolean(evaluate(step.when, data, { currencies: input.currencies }));
  } catch {
    return true;
  }
}

/**
 * THE route resolution (browser and server use this one function; the server's answer is the
 * authority at filing): the steps whose `when` holds, in definition order, each with its mode
 * and approvers. Resolved approvers never include the requester (nobody approves their own
 * document); a step left with nobody is skipped when its `skip` says so, an optional step is
 * skipped as vacant, otherwise it is `blocked` and filing is refused.
 */
export function resolveRoute(input: RouteInput): ResolvedStep[] {
  const out: ResolvedStep[] = [];
  const enabled = new Set(input.organisation.users.map((u) => u.id));
  for (const step of input.steps) {
    if (!applies(step, input)) continue;
    const mode = step.mode ?? DEFAULT_STEP_MODE;
    const base = {
      id: input.stepIds?.[step.code] ?? null, code: step.code, names: step.names, mode,
      quorum: stepMode(mode)?.takesQuorum ? step.quorum ?? 1 : null, optional: step.optional === true,
      circulation: step.circulation === true, skipped: null, blocked: null,
    };
    if (!step.approvers) {
      out.push({ ...base, by: 'choice', editable: true, approvers: [], required: approvalsRequired(mode, null, base.quorum) });
      continue;
    }
    const resolved = [...new Set(step.approvers.flatMap((r) => resolveOne(input, r, enabled)))];
    const approvers = resolved.filter((id) => id !== input.requester.id);
    const required = approvalsRequired(mode, approvers.length, base.quorum);
    const resolvedStep: ResolvedStep = { ...base, by: 'rule', editable: step.editable === true, approvers, required };
    const gap: RouteGap | null = approvers.length === 0 || approvers.length < required
      ? (resolved.includes(input.requester.id) ? 'requester' : 'vacant') : null;
    if (gap) {
      if (step.skip?.[gap] || step.optional || step.circulation) resolvedStep.skipped = gap;
      else resolvedStep.blocked = gap;
    }
    out.push(resolvedStep);
  }
  return out;
}
