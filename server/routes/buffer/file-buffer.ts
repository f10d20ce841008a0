import { documentCompany, requesterCompany } from '../../workflow/document-company';
import type { Kysely } from 'kysely';
import { BufferStatus, type CompiledModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { recordVersion } from '../../definitions/definition-version-repository';
import type { PreparedSubmission } from '../../workflow/submission-pipeline';
import { linkFiles } from '../../files/link-files';
import { codePrefix, stampPrefix, takeNextNumber } from './document-code';
import { recordActor } from '../../records/record-actor';

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
  const { data, steps, bypass } = prepared;
  const approvals = (Array.isArray(data.approvals) ? data.approvals : []) as Array<{ approver_id: number | null; master_process_id: number | null }>;
  const chosen = bypass ? [] : steps
    .map((step) => ({ step, approvers: [...new Set(approvals.filter((a) => a.approver_id != null && a.master_process_id === step.id).map((a) => a.approver_id as number))] }))
    .filter((s) => s.approvers.length > 0);
  // Never silently completed: the pipeline guarantees a chosen step unless bypassed.
  if (!bypass && chosen.length === 0) throw new Error('fileBuffer: no approval step chosen (the submission pipeline must refuse this)');
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
    for (const [i, { step, approvers }] of chosen.entries()) {
      const approval = await trx.insertInto('approvals')
        .values({ buffer_id: buffer.id, master_process_id: step.id, position: i + 1, active: i === 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('approval_candidates').values(approvers.map((user_id) => ({ approval_id: approval.id, user_id }))).execute();
    }
    if (data.save_approvers !== false && !bypass) {
      await trx.deleteFrom('saved_approvers').where('user_id', '=', requesterId).where('module_code', '=', module.code).execute();
      const rows = chosen.flatMap(({ step, approvers }) => approvers.map((approver_id, position) => ({
        user_id: requesterId, module_code: module.code, master_process_id: step.id, approver_id, position,
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
