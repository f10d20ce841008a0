import { documentCompany } from './document-company';
import type { Kysely } from 'kysely';
import { findModule, isWrapperField, KEPT_ON_EDIT, stableStringify, type CompiledModule } from '../../src/engine';
import type { Database } from '../db/database';
import { findVersion, recordVersion } from '../definitions/definition-version-repository';
import { writeApprovalLog } from './approval-log';
import { loadDocumentState, type DocumentState } from './document-state';
import { recordHistories } from './histories';
import { allStepFields } from './step-fields';
import { prepareSubmission } from './submission-pipeline';
import { refuseEdit } from './transitions';
import { illegalTransition, refusalError } from './workflow-error';
import type { WorkflowContext } from './workflow-context';
import { recordActor } from '../records/record-actor';

const withoutWrapper = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([k]) => !isWrapperField(k)));

/** The document's approver choices as a submission carries them (so "approvers valid" holds). */
async function approvalsOf(db: Kysely<Database>, doc: DocumentState) {
  if (doc.steps.length === 0) return [];
  const rows = await db.selectFrom('approvals')
    .innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
    .select(['approvals.master_process_id', 'approval_candidates.user_id'])
    .where('approvals.buffer_id', '=', doc.id).orderBy('approvals.position').execute();
  return rows.map((r) => ({ approver_id: r.user_id, master_process_id: r.master_process_id }));
}

/**
 * Runs the edited data through the submission pipeline exactly as a submission (the requester's
 * scope, the editor's file access) and returns the new stored data: the old data with the
 * edited body fields replaced.
 */
async function validatedData(trx: Kysely<Database>, module: CompiledModule, doc: DocumentState, input: Record<string, unknown>, ctx: WorkflowContext) {
  // The body as the form would send it (only the schema's fields), with the document's own
  // approvers so the approver rules hold; not normalised further, so untouched fields stay equal.
  const properties = (module.schema.properties ?? {}) as Record<string, unknown>;
  // The forward-document users are read-only on the edit page (spec 000 §2): kept as filed.
  const kept = Object.fromEntries(KEPT_ON_EDIT.map((field) => [field, doc.data[field]]));
  const body = Object.fromEntries(Object.entries({ ...withoutWrapper(doc.data), ...withoutWrapper(input), ...kept })
    .filter(([key, value]) => key in properties && value !== undefined));
  const wrapper = {
    ...(module.meta.hasBypass ? { bypass: doc.bypass } : {}),
    send_notification_first_approval: doc.data.send_notification_first_approval !== false,
    save_approvers: false,
    approvals: await approvalsOf(trx, doc),
  };
  const payload = module.meta.bodyKey ? { ...wrapper, [module.meta.bodyKey]: body } : { ...wrapper, ...body };
  const { data: computed } = await prepareSubmission(trx, { definitions: ctx.definitions, module, payload, requesterId: doc.requester_id, actorId: ctx.userId, t: ctx.t, edit: true });
  // Fields outside the form's schema (stamp number, treasury data) and the stored wrapper
  // flags stay as they were: an edit changes the body only.
  const data: Record<string, unknown> = { ...doc.data, ...withoutWrapper(computed) };
  // Fields a step fills (signed files) are the step approver's: an edit keeps them as stored.
  for (const field of allStepFields(module)) {
    if (Object.hasOwn(doc.data, field)) data[field] = doc.data[field];
    else delete data[field];
  }
  return data;
}

/**
 * The definition a document was filed under (`buffers.definition_version`), kept in
 * `module_definition_versions`; the current one when that is the same version or was never
 * recorded. An edit validates and stores with it, so a later, stricter publish never refuses
 * (or silently reshapes) a document that was valid when filed.
 */
async function filedModule(db: Kysely<Database>, current: CompiledModule | null, code: string, bufferId: number): Promise<CompiledModule | null> {
  const row = await db.selectFrom('buffers').select('definition_version').where('id', '=', bufferId).executeTakeFirst();
  if (!row || (current && row.definition_version === current.version)) return current;
  return (await findVersion(db, code, row.definition_version)) ?? current;
}

/**
 * `POST /api/buffer/{id}/edit`: in ONE transaction, lock the document, check the editor and
 * state, validate with the definition version the document was filed under, store the data
 * (keeping that version), and record each changed top-level field in buffer_histories (user,
 * date, old and new value).
 */
export async function editDocument(db: Kysely<Database>, bufferId: number, input: Record<string, unknown>, ctx: WorkflowContext) {
  const { definitions } = ctx;
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, bufferId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const module = await filedModule(trx, findModule(definitions, doc.module_code), doc.module_code, doc.id);
    const refusal = refuseEdit(doc, ctx.userId, module?.meta.editable === true);
    if (refusal) throw refusalError(refusal, ctx.t);
    const data = await validatedData(trx, module!, doc, input, ctx);
    const changed = [...new Set([...Object.keys(doc.data), ...Object.keys(data)])]
      .filter((field) => stableStringify(doc.data[field] ?? null) !== stableStringify(data[field] ?? null));
    if (changed.length) {
      await recordVersion(trx, module!);
      await recordActor(trx, ctx.userId, 'edit');
      await trx.updateTable('buffers').set({
        data: JSON.stringify(data), definition_version: module!.version, updated_at: new Date(),
        // A form without a company keeps the one it was filed with (its requester's).
        company_id: documentCompany(module!, data, doc.company_id),
        department_id: Number.isInteger(data.department_id) ? (data.department_id as number) : null,
        user_finances: JSON.stringify(Array.isArray(data.user_finances) ? data.user_finances : []),
      }).where('id', '=', doc.id).execute();
      await recordHistories(trx, doc.id, ctx.userId, changed.map((field) => ({ field, old_value: doc.data[field] ?? null, value: data[field] ?? null })));
      await writeApprovalLog(trx, { bufferId: doc.id, userId: ctx.userId, action: 'edit' });
    }
    return { id: doc.id, status: doc.status, changed_fields: changed };
  });
}
