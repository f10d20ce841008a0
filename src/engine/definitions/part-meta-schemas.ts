import type { JsonSchema } from '../types';
import { STEP_ROLES } from '../types';

/**
 * File extensions an attachment kind may accept: the ones the server can recognise by content
 * (spec 000 §5: images, pdf, spreadsheets, Word, OFD). Kept here, not in the server, so the
 * checker and the studio know them without loading server code.
 */
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic', 'pdf', 'xlsx', 'xls', 'docx', 'doc', 'ofd'] as const;

const names = {
  type: 'object',
  required: ['en', 'ja', 'zh'],
  additionalProperties: false,
  properties: Object.fromEntries(['en', 'ja', 'zh'].map((l) => [l, { type: 'string', minLength: 1, maxLength: 100 }])),
};

/** Meta-schema of `processes/<code>.json`: the ordered approval steps of a module. */
export const PROCESS_META: JsonSchema = {
  $id: 'ringi:process',
  title: 'Ringi module approval process',
  type: 'object',
  required: ['steps'],
  additionalProperties: false,
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['code', 'names'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$', description: 'Step kind code, shared by every module using it' },
          names: names,
          roles: { type: 'array', uniqueItems: true, items: { enum: [...STEP_ROLES] }, description: 'Eligible: users with any of these role flags; empty = anyone' },
          optional: { type: 'boolean', description: 'The requester may leave the step without an approver' },
          anyOf: { type: 'boolean', description: 'Several approvers may be chosen, any one passes (default true)' },
          allowRequester: { type: 'boolean', description: 'The requester may be named on this step themselves (default false)' },
          fills: { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string' }, description: 'Fields the step\'s approver fills with the approval (e.g. signed files); hidden on the filing form' },
          form: { type: 'string', minLength: 1, description: 'The sub-form the step\'s approver fills to pass it (its data validated with that definition)' },
          when: { description: 'json-logic over the form data: the step applies only when it holds' },
          approvers: {
            type: 'array', minItems: 1, maxItems: 10,
            // The kinds are the approver-resolver table's (routes/approver-resolvers.ts), checked by checkRoute.
            items: { type: 'object', description: 'One resolver: a kind of approver rule — {position, of}, {role}, {users}, {colleagues}, …' },
            description: 'Approvers resolved from the organisation; absent: the requester chooses',
          },
          editable: { type: 'boolean', description: 'The requester may change the resolved approvers (default false)' },
          // The codes are the step-mode table's (routes/step-modes.ts), checked by checkRoute.
          mode: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,31}$', description: 'How the step passes: a step mode — any one approver (default), all of them (合議), a quorum, …' },
          quorum: { type: 'integer', minimum: 1, maximum: 50, description: 'Approvals needed with mode "quorum"' },
          skip: {
            type: 'object', additionalProperties: false,
            properties: { requester: { type: 'boolean' }, vacant: { type: 'boolean' } },
            description: 'Skip the step (instead of refusing the filing) when only the requester, or nobody, resolves',
          },
          circulation: { type: 'boolean', description: 'Circulation (回覧): notified, marked read, the document does not wait' },
          reminder: {
            type: 'object', required: ['afterDays'], additionalProperties: false,
            properties: {
              afterDays: { type: 'integer', minimum: 1, maximum: 60 },
              escalateAfterDays: { type: 'integer', minimum: 1, maximum: 120 },
              escalateTo: { enum: ['manager', 'deputy'] },
            },
            description: 'Business days before a reminder mail, and before escalation',
          },
        },
      },
    },
  },
};

/** Meta-schema of `attachments/<code>.json`: attachment kinds by document type code. */
export const ATTACHMENTS_META: JsonSchema = {
  $id: 'ringi:attachments',
  title: 'Ringi module attachment kinds',
  type: 'object',
  propertyNames: { pattern: '^[a-z][a-z0-9-]{0,63}$' },
  additionalProperties: {
    type: 'object',
    required: ['accept', 'maxFiles', 'maxBytes'],
    additionalProperties: false,
    properties: {
      accept: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...ATTACHMENT_EXTENSIONS] } },
      maxFiles: { type: 'integer', minimum: 1, maximum: 100 },
      maxBytes: { type: 'integer', minimum: 1024, maximum: 1073741824 },
    },
  },
};
