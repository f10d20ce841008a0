import type { CompiledModule, UiSchema } from '../types';
import { EDITABLE_WRAPPER_FIELDS, WRAPPER_FIELDS } from './wrapper-fields';

/**
 * Body fields an edit keeps as filed (spec 000 §2: the edit page shows the forward-document users
 * read-only). The server keeps their stored values whatever an edit sends.
 */
export const KEPT_ON_EDIT = ['user_finances'] as const;

/**
 * The module as its edit page shows it (spec 000 §2): the body only. An edit changes neither the
 * route nor the filing flags (the server keeps bypass, approvers and notification as filed), so
 * the wrapper fields are not shown — except `urgent` (`EDITABLE_WRAPPER_FIELDS`), which the
 * requester may change on a filed document; the fields of `KEPT_ON_EDIT` are read-only.
 */
export function editingModule(module: CompiledModule): CompiledModule {
  const uiSchema: UiSchema = { ...module.uiSchema };
  for (const field of WRAPPER_FIELDS) {
    if (!(field in ((module.schema.properties ?? {}) as Record<string, unknown>)) || EDITABLE_WRAPPER_FIELDS.includes(field)) continue;
    const { 'ui:field': _field, 'ui:widget': _widget, ...rest } = (uiSchema[field] ?? {}) as Record<string, unknown>;
    uiSchema[field] = { ...rest, [field === 'approvals' ? 'ui:field' : 'ui:widget']: 'hidden' };
  }
  for (const field of KEPT_ON_EDIT) {
    if (field in ((module.schema.properties ?? {}) as Record<string, unknown>)) uiSchema[field] = { ...(uiSchema[field] as object | undefined), 'ui:readonly': true };
  }
  return { ...module, uiSchema };
}
