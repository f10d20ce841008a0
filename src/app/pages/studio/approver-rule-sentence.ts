import { resolverOf, type ApproverParam, type ApproverResolver } from '../../../engine';
import { positionName, type PositionChoice } from './position-names';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A parameter's value as the studio shows it: a position by its name, a role in words, e-mail addresses listed, an option by its label. */
export function paramText(t: T, param: ApproverParam, value: unknown, positions: readonly PositionChoice[]): string {
  if (param.input === 'position') return positionName(positions, String(value ?? ''));
  if (param.input === 'role') return t(`studio.steps.role.${String(value)}`);
  if (param.input === 'emails') return (Array.isArray(value) ? value : []).join(', ');
  const option = param.options?.find((o) => o.value === value);
  return option ? t(option.label) : String(value ?? '');
}

/**
 * An approver rule in words ("Department head of the requester's department", "Legal of the
 * company", …): its kind's sentence (the resolver table's) with each parameter as its input shows it.
 */
export function approverRuleSentence(t: T, rule: ApproverResolver, positions: readonly PositionChoice[]): string {
  const descriptor = resolverOf(rule);
  if (!descriptor) return JSON.stringify(rule);
  const values = Object.fromEntries(descriptor.params.map((p) => [p.key, paramText(t, p, rule[p.key], positions)]));
  return t(descriptor.sentenceKey(rule), values);
}
