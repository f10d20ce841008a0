/**
 * The outgoing events (issue #35 item 6): ONE descriptor per event type — its name, the key of
 * its label (the admin screen's checkbox), what it means, and the JSON Schema of its `data`.
 * Every consumer reads this table: the server's check of `POST /webhooks` `events`, the OpenAPI
 * description's `webhooks` section, and the admin screen's checkboxes. An event is written to the
 * webhook outbox by the server in the transaction of the change that causes it.
 */

type JsonSchema = Record<string, unknown>;

/** One outgoing event type. */
export interface WebhookEventDescriptor {
  /** The event's `type` on the wire, e.g. `document.submitted`. */
  type: string;
  /** i18n key of the label shown beside its checkbox (`app.webhooks.events.<type with _>`). */
  labelKey: string;
  /** When it is sent (English, for the API description). */
  description: string;
  /** The properties of its `data` (always an object of ids, codes and states — never a document's body). */
  data: Record<string, JsonSchema>;
}

const id = (description: string): JsonSchema => ({ type: 'integer', description });
const nullableId = (description: string): JsonSchema => ({ type: ['integer', 'null'], description });

/** What every document event names: the document, its code, module, company and status. */
const DOCUMENT: Record<string, JsonSchema> = {
  document_id: id('The document (`GET /api/buffers/{id}`)'),
  code: { type: 'string', description: 'The document code, e.g. `PU-2026-000123`' },
  module: { type: 'string', description: 'The module code, e.g. `purchase`' },
  company_id: nullableId('The document\'s company'),
  status: { type: 'integer', enum: [0, 2, 3, 10], description: 'The document status after the change: 0 on process, 2 completed, 3 rejected, 10 withdrawn' },
};

/** What every step event adds: the step and its process. */
const STEP: Record<string, JsonSchema> = {
  step_id: id('The approval step (`approvals.id`, as in `POST /api/approvals/{id}/action`)'),
  step: { type: 'string', description: 'The process code of the step, e.g. `p-manager`' },
};

const label = (type: string) => `app.webhooks.events.${type.replace('.', '_')}`;

/** Every event a webhook endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS: readonly WebhookEventDescriptor[] = [
  {
    type: 'document.submitted', labelKey: label('document.submitted'),
    description: 'A document was filed (also a bypassed one, which is decided at once).',
    data: { ...DOCUMENT, requester_id: id('Who filed it'), bypass: { type: 'boolean', description: 'Filed without approval' } },
  },
  {
    type: 'step.assigned', labelKey: label('step.assigned'),
    description: 'A step became the one waiting for a decision: the first step at filing, the next one after an approval, the step a document was sent or stepped back to, the first step on resubmission or after an edit restarted the route.',
    data: { ...DOCUMENT, ...STEP, candidate_ids: { type: 'array', items: { type: 'integer' }, description: 'Who may decide it (deputies in effect may act for them)' } },
  },
  {
    type: 'step.decided', labelKey: label('step.decided'),
    description: 'An approver decided a step: approved (also the treasury step and one approval of a 合議 / quorum step), rejected, or sent back.',
    data: {
      ...DOCUMENT, ...STEP,
      decision: { type: 'string', enum: ['approved', 'rejected', 'sent_back'], description: 'What the approver decided' },
      actor_id: id('Who decided (the deputy when a deputy acted)'),
      on_behalf_of_id: nullableId('The principal a deputy acted for; null when the approver acted themselves'),
      by_deputy: { type: 'boolean', description: 'Decided by a deputy (代理) for `on_behalf_of_id`' },
      step_closed: { type: 'boolean', description: 'The step is passed or ended by this decision (false: a 合議 / quorum step still waits for others)' },
      sent_back_to: { type: ['integer', 'string', 'null'], description: 'For `sent_back`: the step id it went back to, or `requester`; else null' },
    },
  },
  {
    type: 'document.decided', labelKey: label('document.decided'),
    description: 'A document reached its end: approved by its last step (or bypassed), or rejected.',
    data: { ...DOCUMENT, decision: { type: 'string', enum: ['approved', 'rejected'], description: 'The outcome' } },
  },
  {
    type: 'document.withdrawn', labelKey: label('document.withdrawn'),
    description: 'The requester withdrew a document on process.',
    data: { ...DOCUMENT },
  },
  {
    type: 'record.changed', labelKey: label('record.changed'),
    description: 'An entry was added to a document\'s electronic records history (its data, status or files changed, or a comment): read it with `GET /api/buffers/{id}/history`.',
    data: {
      ...DOCUMENT,
      seq: id('The entry\'s place in the document\'s history chain'),
      kind: { type: 'string', description: 'What the entry records, e.g. `filed`, `edit`, `status`, `file-added`, `file-removed`, `comment`' },
    },
  },
];

/** The event types, for checks. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = WEBHOOK_EVENTS.map((e) => e.type);

/** The descriptor of a type, or undefined for an unknown one. */
export function webhookEvent(type: string): WebhookEventDescriptor | undefined {
  return WEBHOOK_EVENTS.find((e) => e.type === type);
}
