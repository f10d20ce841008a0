import type { CompiledModule, FormData, JsonSchema } from '../types';
import { isWrapperField } from './wrapper-fields';

/** The body `POST /api/buffer/{code}` receives: wrapper fields plus the module's body. */
export type SubmitPayload = Record<string, unknown>;

function isEmptyApprover(entry: unknown): boolean {
  if (!entry || typeof entry !== 'object') return true;
  const id = (entry as Record<string, unknown>).approver_id;
  return id === null || id === undefined || id === '';
}

function numberedItems(items: unknown[], itemSchema: JsonSchema | undefined): unknown[] {
  const hasIndex = Boolean((itemSchema?.properties as Record<string, unknown> | undefined)?.index);
  if (!hasIndex) return items;
  // Item indexes start at 1 (spec 001 §9), renumbered after dropped entries.
  return items.map((item, i) => (item && typeof item === 'object' ? { ...(item as object), index: i + 1 } : item));
}

/**
 * Build the submission body from form data: wrapper (`bypass` and `urgent` only where the module has them,
 * `send_notification_first_approval` and `save_approvers` default true, `approvals` without
 * empty approvers), the body at top level or under `transaction`, items with a zero total
 * dropped where the module says so, item indexes from 1, undefined values left out.
 */
export function buildSubmitPayload(module: CompiledModule, formData: FormData): SubmitPayload {
  const properties = (module.schema.properties ?? {}) as Record<string, JsonSchema>;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (value === undefined || isWrapperField(key) || !(key in properties)) continue;
    let out = value;
    if (Array.isArray(value)) {
      const totalField = module.meta.dropZeroItems[key];
      const kept = totalField
        ? value.filter((item) => Number((item as Record<string, unknown> | null)?.[totalField] ?? 0) > 0)
        : value;
      out = numberedItems(kept, properties[key]?.items as JsonSchema | undefined);
    }
    body[key] = out;
  }
  const approvals = Array.isArray(formData.approvals) ? formData.approvals.filter((a) => !isEmptyApprover(a)) : [];
  const wrapper: SubmitPayload = {};
  if (module.meta.allowUrgent) wrapper.urgent = formData.urgent === true;
  if (module.meta.hasBypass) wrapper.bypass = formData.bypass === true;
  wrapper.send_notification_first_approval = formData.send_notification_first_approval !== false;
  wrapper.save_approvers = formData.save_approvers !== false;
  wrapper.approvals = approvals.map((a) => {
    const entry = a as Record<string, unknown>;
    return { approver_id: entry.approver_id, master_process_id: entry.master_process_id ?? null };
  });
  return module.meta.bodyKey ? { ...wrapper, [module.meta.bodyKey]: body } : { ...wrapper, ...body };
}
