/** Document and step status values (spec 000 §4): named once, in the engine, for server and web app. */
export { DocumentStatus, StepStatus } from '../../../src/engine/status';

/**
 * The process whose step takes the treasury form (payment account, date, deal slip) instead
 * of a plain approval. A process code, not a module name: any module whose chain contains this
 * process gets the treasury step (spec 000 §4; seeded for payment and reimbursement).
 */
export const TREASURY_PROCESS_CODE = 'p-treasury';

/** What a log entry records; the timeline translates it (`server.workflow.log.<action>`). */
export type LogAction = 'submit' | 'bypass' | 'approve' | 'reject' | 'treasury' | 'step_back' | 'withdraw' | 'edit'
  | 'send_back' | 'send_back_requester' | 'resubmit'
  // an edit that restarted the route (route-restart.ts): its `detail` holds the changes old → new
  | 'approvals_cleared'
  // reminders and escalation (server/workflow/mail/reminders.ts): by nobody, or naming the person the step was offered to
  | 'remind' | 'escalate' | 'escalate_none'
  // the requester marked the document urgent (at filing or by an edit), or no longer urgent (issue #33 item 8)
  | 'urgent' | 'urgent_cleared'
  // deprovisioning (server/workflow/people/deactivation.ts): the step moved to the named person, or stayed; `detail.from` names whom it came from
  | 'deactivated_to_deputy' | 'deactivated_to_escalation' | 'deactivated_none';
