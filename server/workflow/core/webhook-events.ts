import type { Kysely, QueryCreator, SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { companyEndpoints, enqueueWebhookEvent } from '../../webhooks/webhook-outbox';
import { DocumentStatus, StepStatus, type LogAction } from './status';

/** A timeline entry as `writeApprovalLog` receives it, plus the step a send back decided. */
export interface LoggedAction {
  documentId: number;
  approvalId?: number | null;
  userId: number | null;
  action: LogAction;
  onBehalfOf?: number | null;
  /** For a send back: the step that sent the document back (the log's `approvalId` is the target). */
  decidedStepId?: number;
}

interface Doc { id: number; code: string; module_code: string; company_id: number | null; status: number; requester_id: number; bypass: boolean }
interface Step { id: number; status: number; process_code: string }

/** What the events of one logged action are built from: the document and its steps as the transaction left them. */
interface Scene {
  entry: LoggedAction;
  doc: Doc;
  step(id: number | null | undefined): Promise<Step | undefined>;
  active(): Promise<Step | undefined>;
  candidates(stepId: number): Promise<number[]>;
}

type Emit = (type: string, data: Record<string, unknown>) => Promise<unknown>;

const documentData = (doc: Doc) => ({ document_id: doc.id, code: doc.code, module: doc.module_code, company_id: doc.company_id, status: doc.status });

async function assigned(scene: Scene, emit: Emit, step?: Step) {
  const active = step ?? await scene.active();
  if (!active) return;
  await emit('step.assigned', { ...documentData(scene.doc), step_id: active.id, step: active.process_code, candidate_ids: await scene.candidates(active.id) });
}

async function decided(scene: Scene, emit: Emit, step: Step | undefined, decision: 'approved' | 'rejected' | 'sent_back', sentBackTo: number | 'requester' | null = null) {
  if (!step) return;
  const { entry } = scene;
  await emit('step.decided', {
    ...documentData(scene.doc), step_id: step.id, step: step.process_code, decision,
    actor_id: entry.userId, on_behalf_of_id: entry.onBehalfOf ?? null, by_deputy: (entry.onBehalfOf ?? null) !== null,
    step_closed: decision === 'sent_back' || step.status !== StepStatus.PENDING, sent_back_to: sentBackTo,
  });
}

/** An approval (or treasury step) passed: the decision, then the next step or the document's end. */
async function approved(scene: Scene, emit: Emit) {
  const step = await scene.step(scene.entry.approvalId);
  await decided(scene, emit, step, 'approved');
  if (!step || step.status === StepStatus.PENDING) return; // one approval of a 合議 / quorum step: it still waits
  if (scene.doc.status === DocumentStatus.COMPLETED) await emit('document.decided', { ...documentData(scene.doc), decision: 'approved' });
  else await assigned(scene, emit);
}

/**
 * THE table from a timeline action to the webhook events it causes (the events themselves are
 * described in src/engine/webhooks). Every workflow transaction logs its action through
 * `writeApprovalLog`, so every path — the app, the mail link, bulk approval, deputies — sends the
 * same events, in its own transaction. Actions not listed (edit, remind, escalate) send none; an
 * edit's change is a `record.changed` (written by the records trigger).
 */
const EVENTS_OF: Partial<Record<LogAction, (scene: Scene, emit: Emit) => Promise<void>>> = {
  submit: async (scene, emit) => {
    await emit('document.submitted', { ...documentData(scene.doc), requester_id: scene.doc.requester_id, bypass: false });
    await assigned(scene, emit);
  },
  bypass: async (scene, emit) => {
    await emit('document.submitted', { ...documentData(scene.doc), requester_id: scene.doc.requester_id, bypass: true });
    await emit('document.decided', { ...documentData(scene.doc), decision: 'approved' });
  },
  approve: approved,
  treasury: approved,
  reject: async (scene, emit) => {
    await decided(scene, emit, await scene.step(scene.entry.approvalId), 'rejected');
    await emit('document.decided', { ...documentData(scene.doc), decision: 'rejected' });
  },
  send_back: async (scene, emit) => {
    await decided(scene, emit, await scene.step(scene.entry.decidedStepId), 'sent_back', scene.entry.approvalId ?? null);
    await assigned(scene, emit, await scene.step(scene.entry.approvalId));
  },
  send_back_requester: async (scene, emit) => {
    await decided(scene, emit, await scene.step(scene.entry.decidedStepId), 'sent_back', 'requester');
  },
  resubmit: (scene, emit) => assigned(scene, emit),
  step_back: (scene, emit) => assigned(scene, emit),
  approvals_cleared: (scene, emit) => assigned(scene, emit),
  withdraw: async (scene, emit) => { await emit('document.withdrawn', documentData(scene.doc)); },
};

/** Whether a logged action sends webhook events (its log entry reads the document for them). */
export function sendsWorkflowEvents(action: LogAction): boolean {
  return EVENTS_OF[action] !== undefined;
}

/**
 * The document as the events carry it, with whether its company has an enabled endpoint, in one
 * read over `db` — `writeApprovalLog` gives the `with` of its log entry's insert, so the entry and
 * this read are one statement. Read after the action's changes: the state that commits.
 */
export function eventDocument(db: QueryCreator<Database>, documentId: number) {
  return db.selectFrom('buffers').select(['id', 'code', 'module_code', 'company_id', 'status', 'requester_id', 'bypass'])
    .select((eb) => eb.exists(companyEndpoints(eb.ref('buffers.company_id'))).as('has_webhooks'))
    .where('id', '=', documentId);
}

/**
 * Queues the webhook events of one logged workflow action in the action's transaction, from its
 * document as `eventDocument` read it (nothing when its company has no endpoint, as most have none).
 */
export async function queueWorkflowEvents(trx: Kysely<Database>, entry: LoggedAction, doc: (Doc & { has_webhooks: SqlBool }) | undefined): Promise<void> {
  const build = EVENTS_OF[entry.action];
  if (!build || !doc?.has_webhooks) return;
  const steps = () => trx.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'approvals.status', 'processes.code as process_code']).where('approvals.buffer_id', '=', doc.id);
  const scene: Scene = {
    entry, doc,
    step: async (id) => (id ? await steps().where('approvals.id', '=', id).executeTakeFirst() : undefined),
    active: async () => steps().where('approvals.active', '=', true).where('approvals.status', '=', StepStatus.PENDING)
      .where('approvals.voided_at', 'is', null).executeTakeFirst(),
    candidates: async (stepId) => (await trx.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', stepId).orderBy('user_id').execute()).map((c) => c.user_id),
  };
  await build(scene, (type, data) => enqueueWebhookEvent(trx, doc.company_id, type, data));
}
