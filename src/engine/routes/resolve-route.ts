import type { ApproverResolver, CurrencyRef, FormData, Lang, ProcessStepDefinition, StepMode } from '../types';
import { approvalsRequired, DEFAULT_STEP_MODE, stepMode } from './step-modes';
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

function holdersUpward(input: RouteInput, position: string): number[] {
  const byId = new Map(input.organisation.departments.map((d) => [d.id, d]));
  const seen = new Set<number>();
  for (let dept = startDepartment(input); dept !== null && !seen.has(dept); dept = byId.get(dept)?.parent_id ?? null) {
    seen.add(dept);
    const holders = input.organisation.posts.filter((p) => p.department_id === dept && p.position === position).map((p) => p.user_id);
    if (holders.length) return holders;
  }
  return [];
}

function resolveOne(input: RouteInput, resolver: ApproverResolver): number[] {
  const { organisation: org, companyId } = input;
  const enabled = new Set(org.users.map((u) => u.id));
  if ('position' in resolver) {
    if (resolver.of === 'requester') return holdersUpward(input, resolver.position).filter((id) => enabled.has(id));
    const inCompany = new Set(org.departments.filter((d) => d.company_id === companyId).map((d) => d.id));
    return org.posts.filter((p) => p.position === resolver.position && inCompany.has(p.department_id)).map((p) => p.user_id).filter((id) => enabled.has(id));
  }
  if ('role' in resolver) return org.users.filter((u) => u.company_id === companyId && u.roles.includes(resolver.role)).map((u) => u.id);
  if ('users' in resolver) {
    const wanted = new Set(resolver.users.map((e) => e.toLowerCase()));
    return org.users.filter((u) => wanted.has(u.email.toLowerCase())).map((u) => u.id);
  }
  const dept = input.requester.department_id;
  return dept === null ? [] : org.users.filter((u) => u.department_id === dept).map((u) => u.id);
}

/**
 * Does the step apply to this form data? A `when` that cannot be evaluated counts as applying:
 * a route fails towards more approval, never less.
 */
function applies(step: ProcessStepDefinition, input: RouteInput): boolean {
  if (step.when === undefined) return true;
  try {
    return Boolean(evaluate(step.when, input.data, { currencies: input.currencies }));
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
    const resolved = [...new Set(step.approvers.flatMap((r) => resolveOne(input, r)))];
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
