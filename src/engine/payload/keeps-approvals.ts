import type { CompiledModule } from '../types';

/**
 * Does an edit of `field` leave the approvals given so far standing? Only where the definition
 * says so (`"ui:keepsApprovals": true` on the field's UI schema: a remark, an added receipt).
 * Every other field is part of what the approvers approved: changing it restarts the route.
 * The route is re-resolved on every edit whatever this says, so a kept field that feeds a step
 * condition still moves the route when it changes the steps.
 */
export function keepsApprovals(module: CompiledModule, field: string): boolean {
  const ui = module.uiSchema[field];
  return Boolean(ui) && typeof ui === 'object' && (ui as Record<string, unknown>)['ui:keepsApprovals'] === true;
}
