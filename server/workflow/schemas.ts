import { objectOf, pagedCollectionSchema } from '../lib/http-schemas';

/** Response schemas of the workflow routes (OpenAPI at /api/docs); objects let further fields through. */

const namedUser = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;
const nullableNamedUser = { type: ['object', 'null'], properties: namedUser.properties } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const nullableString = { type: ['string', 'null'] } as const;
const logEntry = objectOf({ log_text: { type: 'string' }, action: { type: 'string' }, user: nullableNamedUser, created_at: { type: 'string' } });
const processRef = objectOf({ id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' } });

const permissions = {
  type: 'object',
  properties: Object.fromEntries(['approve', 'reject', 'step_back', 'withdraw', 'edit', 'treasury'].map((k) => [k, { type: 'boolean' }])),
} as const;

/** Buffer item (spec 000 §3). */
export const bufferItemSchema = objectOf({
  id: { type: 'integer' }, code: { type: 'string' }, status: { type: 'integer' }, action: { type: 'string' },
  module: objectOf({ code: { type: 'string' } }), requester: namedUser, info: anyObject, data: anyObject,
  stamp_no: nullableString, bypass: { type: 'boolean' }, definition_version: { type: 'string' }, created_at: { type: 'string' }, updated_at: { type: 'string' },
  completed_at: nullableString, waiting_for: nullableString,
  last_approval: objectOf({ id: { type: 'integer' }, approver: nullableNamedUser, approved_at: nullableString, process: processRef }, true),
});

/** Approval item (spec 000 §3). */
export const approvalItemSchema = objectOf({
  id: { type: 'integer' }, code: { type: 'string' }, status: { type: 'integer' }, active: { type: 'boolean' }, approved_at: nullableString,
  master_process: objectOf({
    id: { type: 'integer' }, optional: { type: 'boolean' }, module: objectOf({ code: { type: 'string' } }), process: processRef,
    selected_roles: { type: 'array', items: { type: 'string' } },
  }),
  buffer: bufferItemSchema,
});

/** The detail page's document with steps (spec 000 §3 process step). */
export const documentViewSchema = objectOf({
  ...bufferItemSchema.properties,
  user_finances: { type: 'array', items: namedUser },
  approval_logs: { type: 'array', items: logEntry },
  current_approval_id: { type: ['integer', 'null'] },
  can: permissions,
  step_fields: { type: 'array', items: { type: 'string' }, description: 'Fields the reader fills with their approval at the active step (processes fills: the signer\'s signed files)' },
  approvals: {
    type: 'array',
    items: objectOf({
      id: { type: 'integer' }, position: { type: 'integer' }, status: { type: 'integer' }, active: { type: 'boolean' },
      approver: nullableNamedUser, approved_at: nullableString, data: { type: ['object', 'null'], additionalProperties: true },
      master_process: objectOf({ id: { type: 'integer' }, optional: { type: 'boolean' }, process: processRef }),
      prospective_approvers: { type: 'array', items: namedUser },
      approval_logs: { type: 'array', items: logEntry },
    }),
  },
});

export const approvalCollectionSchema = pagedCollectionSchema(approvalItemSchema);
export const bufferCollectionSchema = pagedCollectionSchema(bufferItemSchema);

/** `{id, status}` of a document after an applicant's action. */
export const documentStatusSchema = objectOf({ id: { type: 'integer' }, status: { type: 'integer' } });

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
export const doc = (description: string) => ({ description });
