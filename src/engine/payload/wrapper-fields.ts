import type { JsonSchema, RulesFile, UiSchema } from '../types';

/**
 * The submission wrapper every module shares (spec 001 §1). The compiler adds these fields to
 * each module's schema (bypass only where `ui:module.hasBypass`, urgent only where
 * `ui:module.allowUrgent`), so module files describe only their body; labels live in the `engine` namespace.
 */
export const WRAPPER_FIELDS = ['urgent', 'bypass', 'send_notification_first_approval', 'save_approvers', 'approvals'] as const;
export type WrapperField = (typeof WRAPPER_FIELDS)[number];

/** JSON Schema of each wrapper field. */
export const WRAPPER_SCHEMAS: Record<WrapperField, JsonSchema> = {
  urgent: { type: 'boolean', default: false },
  bypass: { type: 'boolean', default: false },
  send_notification_first_approval: { type: 'boolean', default: true },
  save_approvers: { type: 'boolean', default: true },
  approvals: {
    type: 'array',
    default: [],
    items: {
      type: 'object',
      properties: {
        approver_id: { type: ['integer', 'null'] },
        master_process_id: { type: ['integer', 'null'] },
      },
    },
  },
};

/** Default UI schema entries of the wrapper fields (a module may override them). */
export const WRAPPER_UI: Record<WrapperField, UiSchema> = {
  urgent: { 'ui:widget': 'switch', 'ui:labelKey': 'engine.fields.urgent.label' },
  bypass: { 'ui:widget': 'switch', 'ui:labelKey': 'engine.fields.bypass.label' },
  send_notification_first_approval: { 'ui:widget': 'checkbox', 'ui:labelKey': 'engine.fields.send_notification_first_approval.label' },
  save_approvers: { 'ui:widget': 'switch', 'ui:labelKey': 'engine.fields.save_approvers.label' },
  approvals: { 'ui:field': 'ProcessCard', 'ui:labelKey': 'engine.fields.approvals.label' },
};

/**
 * The shared bypass behaviour (spec 000 §4): the switch shows only when the rule context does not
 * say `mayBypass: false`; bypass hides the approver flow, remember-approvers
 * and the notification checkbox, and switches the notification off (on again when bypass is
 * turned off). The compiler adds these to modules with `hasBypass` unless their rules say
 * otherwise for the same field.
 */
export const BYPASS_RULES: Required<Pick<RulesFile, 'visibility' | 'effects'>> = {
  visibility: {
    // Bypass is a permission: the host says whether this user has it (the server enforces it).
    bypass: { '!==': [{ var: '$context.mayBypass' }, false] },
    approvals: { '!': [{ var: 'bypass' }] },
    save_approvers: { '!': [{ var: 'bypass' }] },
    send_notification_first_approval: { '!': [{ var: 'bypass' }] },
  },
  effects: [{ on: 'bypass', set: { send_notification_first_approval: { '!': [{ var: 'bypass' }] } } }],
};

/** Is `name` one of the wrapper fields? */
export function isWrapperField(name: string): name is WrapperField {
  return (WRAPPER_FIELDS as readonly string[]).includes(name);
}

/**
 * Wrapper fields an edit may change (the edit page shows them): the requester may mark a filed
 * document urgent, or no longer urgent. The other wrapper fields stay as filed.
 */
export const EDITABLE_WRAPPER_FIELDS: readonly WrapperField[] = ['urgent'];

/** Is the wrapper field part of this module (bypass and urgent only where the module has them)? */
export function hasWrapperField(meta: { hasBypass: boolean; allowUrgent?: boolean }, field: WrapperField): boolean {
  if (field === 'bypass') return meta.hasBypass;
  if (field === 'urgent') return meta.allowUrgent === true;
  return true;
}
