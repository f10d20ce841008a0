import type { FastifyInstance } from 'fastify';
import { validateSubmission, type CompiledModule, type CurrencyRef, type MasterProcessStep, type Translate } from '../../../src/engine';

/**
 * The engine's judgment along the route `POST /master_processes/resolve` gives for these values,
 * as the server judges: only steps the requester chooses for need an approver, and only steps they
 * may name keep one (steps resolved from the organisation need none); a step the route finds
 * nobody for is refused with its reason alone. A bypass, or a body the resolver refuses, is judged
 * with every step.
 */
export async function judgedAlongRoute(app: FastifyInstance, headers: Record<string, string>, module: CompiledModule, payload: unknown,
  steps: MasterProcessStep[], currencies: CurrencyRef[], translate: Translate) {
  const data = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload as Record<string, unknown> : null;
  if (!data || data.bypass === true) return validateSubmission(module, payload, { steps, currencies }, translate);
  const reply = await app.inject({ method: 'POST', url: '/api/master_processes/resolve', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ module_code: module.code, data }) });
  if (reply.statusCode !== 200) return validateSubmission(module, payload, { steps, currencies }, translate);
  const route = reply.json().steps as Array<{ id: number; by: string; editable: boolean; skipped: string | null; circulation: boolean; blocked: string | null; blocked_reason: string | null }>;
  // A step nobody can approve stops the filing first with its reason (an editable resolved step the requester named someone for aside).
  const named = (id: number) => Array.isArray(data.approvals) && data.approvals.some((a) => a && typeof a === 'object'
    && Number((a as Record<string, unknown>).master_process_id) === id && Number.isInteger((a as Record<string, unknown>).approver_id));
  const blocked = route.find((s) => s.blocked && !(s.by === 'rule' && s.editable && named(s.id)));
  if (blocked) return [{ propertyPath: 'approvals', message: blocked.blocked_reason! }] as ReturnType<typeof validateSubmission>;
  const choice = new Set(route.filter((s) => s.by === 'choice').map((s) => s.id));
  const nameable = new Set(route.filter((s) => !s.skipped && !s.circulation && (s.by === 'choice' || s.editable)).map((s) => s.id));
  const approvals = Array.isArray(data.approvals)
    ? data.approvals.filter((a) => a && typeof a === 'object' && nameable.has(Number((a as Record<string, unknown>).master_process_id)))
    : data.approvals;
  return validateSubmission(module, { ...data, approvals }, { steps: steps.filter((s) => choice.has(s.id)), currencies }, translate);
}
