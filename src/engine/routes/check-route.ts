import type { ApproverResolver, JsonSchema, Logic, ProcessStepDefinition, Problem } from '../types';
import { STEP_ROLES } from '../types';
import { closestNames } from '../definitions/closest-names';
import { collectOperators, collectVars } from '../rules/collect-vars';
import { stepMode, stepModes } from './step-modes';
import { routeValues } from './route-values';
import { approverResolver, approverResolvers, resolverKeys, resolverKindsOf, resolverShape, type ApproverParam } from './approver-resolvers';

/** What the route checker knows beyond the step itself. */
export interface RouteCheckInput {
  file: string;
  schema: JsonSchema;
  operators: ReadonlySet<string>;
  /** Position codes routes may name; absent: positions are not checked (nothing to check against). */
  positions?: readonly string[];
}

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const suggest = (name: string, valid: Iterable<string>) => {
  const names = closestNames(name, valid);
  return names.length ? ` (closest valid names: ${names.join(', ')})` : '';
};
/** The start of the problem "nobody is set to approve step …" (the studio words it in its language). */
export const NOBODY_APPROVES = 'nobody is set to approve step';

/** A parameter's value checked by what it holds (the same for every resolver kind). */
function checkParam(param: ApproverParam, value: unknown, at: string, input: RouteCheckInput, problems: Problem[]): void {
  const { file } = input;
  const pointer = `${at}${ptr(param.key)}`;
  if (param.input === 'position') {
    if (typeof value !== 'string' || !value) problems.push({ file, pointer, message: `${param.key} must be a position code` });
    else if (input.positions && !input.positions.includes(value)) problems.push({ file, pointer, message: `unknown position "${value}"${suggest(value, input.positions)}` });
  } else if (param.input === 'role') {
    if (!STEP_ROLES.includes(value as never)) problems.push({ file, pointer, message: `unknown role "${String(value)}"${suggest(String(value), STEP_ROLES)}` });
  } else if (param.input === 'emails') {
    const emails = Array.isArray(value) ? value : [];
    if (!emails.length) problems.push({ file, pointer, message: `${param.key} must list at least one e-mail address` });
    emails.forEach((u, i) => { if (typeof u !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(u)) problems.push({ file, pointer: `${pointer}/${i}`, message: `"${String(u)}" is not an e-mail address` }); });
  } else {
    const options = param.options ?? [];
    if (!options.some((o) => o.value === value)) problems.push({ file, pointer, message: `"${param.key}" must be ${options.map((o) => `"${o.value}" (${o.meaning})`).join(' or ')}` });
  }
}

/** One approver rule: exactly one kind of the resolver table, its keys only, each parameter as it holds. */
function checkResolver(resolver: unknown, at: string, input: RouteCheckInput, problems: Problem[]): void {
  const { file } = input;
  const all = approverResolvers();
  const kindCodes = all.map((d) => d.code);
  if (!resolver || typeof resolver !== 'object' || Array.isArray(resolver)) {
    const shapes = all.map(resolverShape);
    problems.push({ file, pointer: at, message: `an approver rule is an object: ${shapes.slice(0, -1).join(', ')} or ${shapes[shapes.length - 1]}` });
    return;
  }
  const r = resolver as ApproverResolver;
  const kinds = resolverKindsOf(r);
  const descriptor = kinds.length === 1 ? approverResolver(kinds[0])! : null;
  const allowed = new Set(descriptor ? resolverKeys(descriptor) : kinds);
  const anyKey = [...new Set(all.flatMap(resolverKeys))];
  for (const key of Object.keys(r)) {
    if (!allowed.has(key) && !kindCodes.includes(key)) problems.push({ file, pointer: `${at}${ptr(key)}`, message: `unknown key "${key}" in an approver rule${suggest(key, anyKey)}` });
  }
  if (!descriptor) {
    problems.push({ file, pointer: at, message: `an approver rule names exactly one of ${kindCodes.join(', ')} (found ${kinds.length ? kinds.join(', ') : 'none'})` });
    return;
  }
  for (const param of descriptor.params) checkParam(param, r[param.key], at, input, problems);
  for (const [key, message] of descriptor.check?.(r) ?? []) problems.push({ file, pointer: key ? `${at}${ptr(key)}` : at, message });
}

function checkCondition(logic: Logic, at: string, input: RouteCheckInput, problems: Problem[]): void {
  const { file } = input;
  // The form's fields and the values the server derives for routes (route-values.ts).
  const fields = [...Object.keys((input.schema.properties ?? {}) as Record<string, unknown>), ...routeValues().map((v) => v.name)];
  for (const op of collectOperators(logic)) if (!input.operators.has(op)) problems.push({ file, pointer: at, message: `unknown operation "${op}"${suggest(op, input.operators)}` });
  for (const ref of collectVars(logic)) {
    if (ref.itemOf) continue;
    const head = ref.path.split('.')[0];
    if (head !== '$context' && !fields.includes(head) && !fields.includes(ref.path)) problems.push({ file, pointer: at, message: `unknown field "${ref.path}" in the condition${suggest(head, fields)}` });
  }
}

/**
 * Cross-checks one module's route (what the meta-schema cannot): every condition's vars name
 * fields of the form and its operations exist; every approver rule is one known kind naming a
 * known position or role; `mode`/`quorum`, `editable`, `skip` and `circulation` fit together.
 */
export function checkRoute(steps: ProcessStepDefinition[], input: RouteCheckInput, problems: Problem[]): void {
  const { file } = input;
  steps.forEach((step, i) => {
    if (!step || typeof step !== 'object') return;
    if (step.when !== undefined) checkCondition(step.when, ptr('steps', i, 'when'), input, problems);
    const approvers = Array.isArray(step.approvers) ? step.approvers : undefined;
    approvers?.forEach((r, j) => checkResolver(r, ptr('steps', i, 'approvers', j), input, problems));
    if (approvers && step.roles?.length) problems.push({ file, pointer: ptr('steps', i, 'roles'), message: 'roles filter the approvers a requester chooses: a step with resolved approvers names its roles in "approvers" ({"role": …})' });
    if (!approvers) {
      if (step.editable !== undefined) problems.push({ file, pointer: ptr('steps', i, 'editable'), message: 'editable applies to resolved approvers: the step has no "approvers"' });
      if (step.skip !== undefined) problems.push({ file, pointer: ptr('steps', i, 'skip'), message: 'skip applies to resolved approvers: the step has no "approvers"' });
      if (step.circulation) problems.push({ file, pointer: ptr('steps', i, 'circulation'), message: 'a circulation step names its people in "approvers"' });
      // Nothing says who approves a mandatory step: filings would stop at "No approver chosen".
      else if (!step.optional && !step.roles?.length) problems.push({ file, pointer: ptr('steps', i), message: `${NOBODY_APPROVES} "${step.code}": add an approver rule (who approves), tick the roles the requester chooses among, or make the step optional` });
    }
    const mode = step.mode === undefined ? stepMode(undefined) : stepMode(step.mode);
    if (!mode) problems.push({ file, pointer: ptr('steps', i, 'mode'), message: `unknown step mode "${step.mode}" (known: ${stepModes().map((m) => m.code).join(', ')})` });
    if (mode?.takesQuorum && step.quorum === undefined) problems.push({ file, pointer: ptr('steps', i, 'mode'), message: `mode "${mode.code}" needs "quorum": the number of approvals that pass the step` });
    if (step.quorum !== undefined && !mode?.takesQuorum) problems.push({ file, pointer: ptr('steps', i, 'quorum'), message: `quorum applies only with a mode that takes one (${stepModes().filter((m) => m.takesQuorum).map((m) => `"${m.code}"`).join(', ')})` });
    if (step.circulation && (step.mode !== undefined || step.fills !== undefined || step.reminder !== undefined)) problems.push({ file, pointer: ptr('steps', i, 'circulation'), message: 'a circulation step waits for nobody: no mode, fills or reminder' });
    if (mode?.collective && step.anyOf === false) problems.push({ file, pointer: ptr('steps', i, 'anyOf'), message: `anyOf false means exactly one approver: it contradicts mode "${step.mode}"` });
    const r = step.reminder;
    if (r?.escalateAfterDays !== undefined && r.escalateAfterDays <= r.afterDays) problems.push({ file, pointer: ptr('steps', i, 'reminder', 'escalateAfterDays'), message: 'escalateAfterDays must be later than afterDays' });
  });
  if (steps.length && steps.every((s) => s?.circulation)) problems.push({ file, pointer: ptr('steps'), message: 'every step is a circulation step: a route needs at least one approval step' });
}
