import { documentCompany, requesterCompany } from '../../workflow/document-company';
import type { Kysely } from 'kysely';
import { BufferStatus, type CompiledModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { recordVersion } from '../../definitions/definition-version-repository';
import type { PreparedSubmission } from '../../workflow/submission-pipeline';
import { linkFiles } from '../../files/link-files';
import { codePrefix, stampPrefix, takeNextNumber } from './document-code';
import { recordActor } from '../../records/record-actor';
import { StepStatus } from '../../workflow/status';

/** One step as filed: its approvers (pinned: later organisation or definition changes move none), how it passes, or why it was skipped. */
interface StepToFile {
  stepId: number;
  approvers: number[];
  mode: string;
  required: number;
  skipped: string | null;
  /** The requester named these approvers (remembered with `save_approvers`). */
  named: boolean;
}

/**
 * The steps a filing creates, in route order. Without a route (never for a new document since
 * routes: kept for callers that prepare none) every step with named approvers. With the route:
 * a choice step takes the requester's named approvers (an optional one without any is left
 * out); a resolved step its resolved approvers, or the requester's where it is `editable` and
 * they named some; a skipped step is filed skipped (status 3) with its reason for the timeline.
 * Circulation steps are not approval steps.
 */
function stepsToFile(prepared: PreparedSubmission): StepToFile[] {
  const approvals = (Array.isArray(prepared.data.approvals) ? prepared.data.approvals : []) as Array<{ approver_id: number | null; master_process_id: number | null }>;
  const namedFor = (id: number) => [...new Set(approvals.filter((a) => a.approver_id != null && a.master_process_id === id).map((a) => a.approver_id as number))];
  const passes = (mode: string, quorum: number | null, count: number) => (mode === 'all' ? count : mode === 'quorum' ? Math.min(quorum ?? 1, count) : 1);
  if (!prepared.route) {
    return prepared.steps.map((step) => ({ stepId: step.id, approvers: namedFor(step.id), mode: 'any', required: 1, skipped: null, named: true }))
      .filter((s) => s.approvers.length > 0);
  }
  const out: StepToFile[] = [];
  for (const step of prepared.route) {
    if (step.circulation) continue;
    if (step.skipped) {
      out.push({ stepId: step.id!, approvers: [], mode: step.mode, required: 0, skipped: step.skipped, named: false });
      continue;
    }
    const named = step.by === 'choice' || step.editable ? namedFor(step.id!) : [];
    const approvers = step.by === 'choice' || named.length ? named : step.approvers;
    if (approvers.length === 0) continue;
    out.push({ stepId: step.id!, approvers, mode: step.mode, required: passes(step.mode, step.quorum, approvers.length), skipped: null, named: named.length > 0 });
  }
  return out;
}

/** What a filed document answers with. */
export interface FiledBuffer {
  id: number;
  code: string;
  status: number;
}

/** What an entity module's filing adds: the operation, its target and a check in the transaction. */
export interface EntityFiling {
  action: string;
  targetId: number | null;
  /** Runs first inside the filing transaction (locks, "another change is pending" → 409). */
  beforeFiling?: (trx: Kysely<Database>) => Promise<void>;
}

/**
 * File a submission the pipeline prepared (`workflow/submission-pipeline.ts`) in ONE transaction:
 * the definition version, the buffer (data, requester, company/department, stamp number where
 * the module needs one) numbered with the module's code prefix, one approval step per
 * master-process step that has approvers (optional steps without approvers are skipped; the
 * first step is active) with its candidates, and the requester's saved approvers when
 * `save_approvers`. Only an allowed bypass files the document completed (the pipeline refuses a
 * module without steps and a chain without approvers). `afterFiling` runs last inside the
 * transaction (workflow log, mails, the idempotency answer): if it throws, nothing is stored.
 */
export async function fileBuffer(
  db: Kysely<Database>, module: CompiledModule, prepared: PreparedSubmission, requesterId: number,
  afterFiling?: (trx: Kysely<Database>, filed: FiledBuffer) => Promise<void>,
  entity?: EntityFiling,
): Promise<FiledBuffer> {
  const { data, bypass } = prepared;
  const chosen = bypass ? [] : stepsToFile(prepared);
  const saved = chosen.filter((s) => s.named);
  // Never silently completed: the pipeline guarantees a step with approvers unless bypassed.
  if (!bypass && !chosen.some((s) => s.approvers.length > 0)) throw new Error('fileBuffer: no approval step chosen (the submission pipeline must refuse this)');
  const status = bypass ? BufferStatus.COMPLETED : BufferStatus.ON_PROCESS;
  const { approvals: _approvals, ...stored } = data;
  const prefix = module.meta.codePrefix ?? module.code.toUpperCase();

  return db.transaction().execute(async (trx) => {
    if (entity?.beforeFiling) await entity.beforeFiling(trx);
    await recordVersion(trx, module);
    const code = await takeNextNumber(trx, 'code', codePrefix(prefix));
    const stampNo = module.meta.needsStampNo ? await takeNextNumber(trx, 'stamp_no', stampPrefix(prefix)) : null;
    await recordActor(trx, requesterId, 'submit');
    const buffer = await trx.insertInto('buffers')
      .values({
        code,
        module_code: module.code,
        status,
        requester_id: requesterId,
        company_id: documentCompany(module, data, await requesterCompany(trx, requesterId)),
        department_id: Number.isInteger(data.department_id) ? (data.department_id as number) : null,
        data: JSON.stringify(stampNo ? { ...stored, stamp_no: stampNo } : stored),
        definition_version: module.version,
        stamp_no: stampNo,
        bypass,
        send_notification_first_approval: data.send_notification_first_approval !== false,
        user_finances: JSON.stringify(Array.isArray(data.user_finances) ? data.user_finances : []),
        completed_at: status === BufferStatus.COMPLETED ? new Date() : null,
        ...(entity ? { action: entity.action, target_id: entity.targetId } : {}),
      })
      .returning(['id', 'code', 'status'])
      .executeTakeFirstOrThrow();
    const first = chosen.findIndex((s) => !s.skipped);
    for (const [i, { stepId, approvers, mode, required, skipped }] of chosen.entries()) {
      const approval = await trx.insertInto('approvals')
        .values({
          buffer_id: buffer.id, master_process_id: stepId, position: i + 1, active: i === first, mode, required, skipped,
          ...(skipped ? { status: StepStatus.SKIPPED } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (approvers.length) await trx.insertInto('approval_candidates').values(approvers.map((user_id) => ({ approval_id: approval.id, user_id }))).execute();
    }
    // Circulation steps wait for nobody: their people get the document "for information".
    for (const step of bypass ? [] : (prepared.route ?? []).filter((r) => r.circulation && !r.skipped)) {
      if (step.approvers.length) {
        await trx.insertInto('circulations').values(step.approvers.map((user_id) => ({ buffer_id: buffer.id, user_id, master_process_id: step.id! })))
          .onConflict((oc) => oc.columns(['buffer_id', 'user_id']).doNothing()).execute();
      }
    }
    if (data.save_approvers !== false && !bypass) {
      await trx.deleteFrom('saved_approvers').where('user_id', '=', requesterId).where('module_code', '=', module.code).execute();
      const rows = saved.flatMap(({ stepId, approvers }) => approvers.map((approver_id, position) => ({
        user_id: requesterId, module_code: module.code, master_process_id: stepId, approver_id, position,
      })));
      if (rows.length) await trx.insertInto('saved_approvers').values(rows).execute();
    }
    await linkFiles(trx, module, buffer.id, stored);
    // Spec 000 §4: a successful submit clears the draft. Done here too, in the filing
    // transaction, so a client that never sends its DELETE (closed tab, lost answer) cannot
    // reopen the form pre-filled with what it already filed.
    await trx.deleteFrom('buffer_temporaries').where('user_id', '=', requesterId).where('module_code', '=', module.code).execute();
    // The workflow's log entry and mails are written in this same transaction.
    if (afterFiling) await afterFiling(trx, buffer);
    return buffer;
  });
}
