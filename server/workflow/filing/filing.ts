import { sql, type Kysely, type Transaction } from 'kysely';
import { EXCHANGE_FIELD, findModule, followUpEntry, isWrapperField, KEPT_ON_EDIT, stableStringify, toApiDate, type CompiledModule, type EntityOperation } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { Edited, Filed } from '../../../src/wire/workflow';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { pinnedDefinition, recordVersion } from '../../definitions/definition-version-repository';
import { linkFiles } from '../../files/link-files';
import { recordActor } from '../../records/record-actor';
import { codePrefix, stampPrefix, takeNextNumber } from '../../repositories/document-code-repository';
import { applyEntityChange } from '../entity-changes/apply-entity-change';
import { writeApprovalLog } from '../core/approval-log';
import { documentCompany } from './document-company';
import { loadDocumentState, type DocumentState } from '../core/document-state';
import { entityHandler } from '../entity-changes/entity-handler';
import { recordHistories } from './histories';
import { onDocumentFiled } from './on-document-filed';
import { refusePendingEntityChange } from '../entity-changes/pending-entity-change';
import { DocumentStatus } from '../core/status';
import { allStepFields } from '../core/step-fields';
import { insertSteps, stepsToFile } from './filed-steps';
import { restartRouteAfterEdit } from './route-restart';
import { prepareSubmission, type PreparedSubmission } from './submission-pipeline';
import { giveNumbers } from './numbering';
import { filingPrincipal } from './proxy-principal';
import { reserveBudgets, settleBudgets } from '../../budgets/budget-ledger';
import { followUpOrigin, linkViolation } from '../../follow-ups/follow-up-origin';
import { refuseEdit } from '../core/transitions';
import { illegalTransition, refusalError } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';
import { filedAsOf, filingPost, storedPost } from './filing-post';

/**
 * THE filing of a document, for submit (`POST /buffer/{code}`, an entity module's
 * `/buffer/{code}/{id}/edit|delete`) and edit (`POST /buffer/{id}/edit`): ONE transaction that
 * runs the submission pipeline (`submission-pipeline.ts`: the body parsed, computed and
 * validated once), records the definition version and the actor, stores the document (a new
 * document with its steps, or the edited data with its histories), logs it on the timeline and
 * runs the caller's `afterFiling` (entity change, idempotency answer). If anything throws,
 * nothing is stored.
 */

/** The operation of an entity module's submission (`create` for `POST /buffer/{code}`). */
export interface EntityTarget {
  operation: EntityOperation;
  targetId: number | null;
  /** An edit: the entity as it is now (the handler's form data), so the request records old → new. */
  current?: Record<string, unknown>;
}

/** A new document of `module` from the body as received. */
export interface NewFiling {
  kind: 'new';
  module: CompiledModule;
  payload: unknown;
  /** Who files it (requester and actor). */
  user: AuthUser;
  /** An entity module's operation and target (default `create` of a new entity). */
  target?: EntityTarget;
  /** Runs last inside the transaction (the idempotency answer). */
  afterFiling?: (trx: Kysely<Database>, filed: Filed) => Promise<void>;
}

/** New values for the body fields of a filed document. */
export interface EditFiling {
  kind: 'edit';
  documentId: number;
  input: Record<string, unknown>;
  /** The document's `updated_at` as the editor read it: a change since (a decision, another edit) refuses the edit (409). */
  expectedUpdatedAt?: string;
}

export function fileDocument(db: Kysely<Database>, filing: NewFiling, ctx: WorkflowContext): Promise<Filed>;
export function fileDocument(db: Kysely<Database>, filing: EditFiling, ctx: WorkflowContext): Promise<Edited>;
export async function fileDocument(db: Kysely<Database>, filing: NewFiling | EditFiling, ctx: WorkflowContext): Promise<Filed | Edited> {
  return db.transaction().execute<Filed | Edited>((trx) => (filing.kind === 'new' ? fileNew(trx, filing, ctx) : fileEdit(trx, filing, ctx)));
}

/** The company an entity change is about: an edit's target as stored, else the form's. */
function recordCompany(target: EntityTarget, formCompany: number): number {
  const stored = target.current?.company_id;
  return target.operation === 'edit' && Number.isInteger(stored) ? stored as number : formCompany;
}

/** A new document: pipeline, entity permission, then the document with its steps. */
async function fileNew(trx: Transaction<Database>, filing: NewFiling, ctx: WorkflowContext): Promise<Filed> {
  const { module, user } = filing;
  const target = filing.target ?? { operation: 'create', targetId: null };
  if (ctx.definitions.disabled.has(module.code)) throw conflict(ctx.t('server.studio.disabled', { code: module.code }));
  const entity = module.meta.entity;
  const handler = entity ? entityHandler(entity.kind) : null;
  if (entity && (!handler || !entity.operations.includes(target.operation))) {
    throw notFound(ctx.t('server.admin.errors.operationUnknown', { code: module.code, operation: target.operation }));
  }
  // 代理申請: filed for a principal who allowed it — the document is theirs, the filer the actor.
  const requesterId = await filingRequester(trx, module, filing.payload, user.id, ctx);
  const filedBy = requesterId === user.id ? null : user.id;
  // 兼務: the requester's post it is filed as (422 unless it is theirs).
  const post = await filingPost(trx, requesterId, filedAsOf(filing.payload), ctx.t);
  // 関連書類: a follow-up of a decided document (`follow_up_of`), checked under the origin's row lock.
  const followUpOf = bodyField(filing.payload, 'follow_up_of');
  const origin = followUpOf === undefined || followUpOf === null ? null
    : await followUpOrigin(trx, ctx.definitions, module, followUpOf, { actorId: user.id, requesterId }, ctx.t, true);
  let prepared = await prepareSubmission(trx, {
    post,
    definitions: ctx.definitions, module, payload: filing.payload, requesterId, actorId: user.id, t: ctx.t, lang: ctx.lang,
    // A delete files the entity as it is: only the approval fields are the requester's to get right.
    wrapperOnly: target.operation === 'delete',
    // An entity's company is the target's (the handler authorizes it), not a company filed for.
    companyScope: !entity,
    // Before anything is resolved for it: the user may request this kind for the record's company (a
    // new record's is the form's; an edit's the target's as stored — `authorize` refuses moving it).
    entityScope: handler?.companyScope ? (companyId) => handler.companyScope!(user, recordCompany(target, companyId), ctx.t) : undefined,
  });
  if (entity && handler) {
    const { approvals: _approvals, ...formData } = prepared.data;
    await handler.authorize(trx, { ...target, data: formData }, user, ctx.t, ctx.definitions);
    if (handler.complete && target.operation !== 'delete') prepared = { ...prepared, data: { ...prepared.data, ...await handler.complete(trx, formData, ctx) } };
    if (target.targetId !== null) await refusePendingEntityChange(trx, ctx.definitions, entity.kind, target.targetId, ctx.t);
  }
  // The follow-up names its origin in its link field (the form starts with it): nothing else may stand there.
  const unlinked = origin ? linkViolation(origin.entry, origin, prepared.data, module, ctx.t) : null;
  if (unlinked) throw unlinked;
  await recordVersion(trx, module);
  await recordActor(trx, user.id, 'submit', filedBy === null ? null : requesterId);
  const companyId = documentCompany(module, prepared.data, prepared.post?.chosen ? prepared.post.company_id : prepared.requesterCompanyId);
  const filed = await insertDocument(trx, module, prepared, companyId, requesterId, entity ? { action: target.operation, targetId: target.targetId } : null, filedBy, origin?.id ?? null);
  // Budgets: reserved at submit (consumed at once when filed completed), under the locks the pipeline took.
  await reserveBudgets(trx, filed.id, prepared.budget ?? null, true);
  if (filed.status === DocumentStatus.COMPLETED) await settleBudgets(trx, filed.id, 'consume').execute();
  // The workflow's log entry and mails are written in this same transaction.
  await onDocumentFiled(trx, filed.id, ctx, {
    notifyFirst: prepared.data.send_notification_first_approval !== false,
    circulated: [...new Set(circulationSteps(prepared).flatMap((step) => step.approvers))],
  });
  // An edit request says what it changes: each changed field with its value now and the requested
  // one (the approver judges old → new; the entity changes only when the request completes).
  if (entity && target.operation === 'edit' && target.current) {
    const current = target.current;
    const { approvals: _approvals, ...formData } = prepared.data;
    const changed = Object.keys(formData).filter((field) => !isWrapperField(field) && Object.hasOwn(current, field)
      && stableStringify(current[field] ?? null) !== stableStringify(formData[field] ?? null));
    await recordHistories(trx, filed.id, user.id, changed.map((field) => ({ field, old_value: current[field] ?? null, value: formData[field] ?? null })));
  }
  if (entity && filed.status === DocumentStatus.COMPLETED) await applyEntityChange(trx, filed.id, ctx);
  const numbered = await giveFiledNumbers(trx, module, filed, companyId);
  if (filing.afterFiling) await filing.afterFiling(trx, numbered);
  return numbered;
}

/**
 * 申請番号, and 決裁番号 when filed completed (issue #36: in the filing's transaction, never
 * skipped by one that fails), given LAST: from the counter's row on, every filing of the module in
 * the company waits for this transaction's commit, so only the number's write and the reply's
 * claim come after it. Nothing before reads these numbers (mails carry the code).
 */
async function giveFiledNumbers(trx: Transaction<Database>, module: CompiledModule, filed: Filed, companyId: number | null): Promise<Filed> {
  const numbers = await giveNumbers(trx, module, filed.status === DocumentStatus.COMPLETED ? ['application', 'decision'] : ['application'], companyId, filed.id);
  if (!Object.keys(numbers).length) return filed;
  return { ...filed, application_number: numbers.application ?? null, decision_number: numbers.decision ?? null };
}

/**
 * An edit: lock the document, check the editor and state (and that it is the document the editor
 * read), validate with the definition version the document was filed under, store the data
 * (keeping that version), record each changed top-level field in buffer_histories (user, date,
 * old and new value), and restart the route when the edit voids the approvals given so far or
 * resolves to another route (`route-restart.ts`).
 */
async function fileEdit(trx: Transaction<Database>, filing: EditFiling, ctx: WorkflowContext): Promise<Edited> {
  const doc = await loadDocumentState(trx, filing.documentId, true);
  if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
  const module = await filedModule(trx, findModule(ctx.definitions, doc.module_code), doc.module_code, doc.id);
  const refusal = refuseEdit(doc, ctx.userId, module?.meta.editable === true);
  if (refusal) throw refusalError(refusal, ctx.t);
  if (filing.expectedUpdatedAt !== undefined) {
    const { updated_at } = await trx.selectFrom('buffers').select('updated_at').where('id', '=', doc.id).executeTakeFirstOrThrow();
    if (new Date(updated_at).getTime() !== new Date(filing.expectedUpdatedAt).getTime()) throw illegalTransition(ctx.t('server.workflow.errors.editStale'));
  }
  const urgency = filing.input.urgent;
  if (urgency !== undefined && urgency !== doc.urgent) {
    // Urgency is the requester's to set, where the definition allows it (the edit body's `data.urgent`).
    if (!module!.meta.allowUrgent) throw validationFailed([{ propertyPath: 'urgent', message: ctx.t('server.integrity.urgentNotAllowed') }]);
    if (ctx.userId !== doc.requester_id) throw forbidden(ctx.t('server.integrity.urgentRequesterOnly'));
  }
  const { data, prepared } = await editedData(trx, module!, doc, filing.input, ctx);
  await refuseUnlinking(trx, doc.id, module!, data, ctx);
  const changed = [...new Set([...Object.keys(doc.data), ...Object.keys(data)])]
    .filter((field) => stableStringify(doc.data[field] ?? null) !== stableStringify(data[field] ?? null));
  let cleared = false;
  if (changed.length) {
    await recordVersion(trx, module!);
    await recordActor(trx, ctx.userId, 'edit');
    await trx.updateTable('buffers').set({
      data: JSON.stringify(data), definition_version: module!.version, updated_at: new Date(),
      // A form without a company keeps the one it was filed with (its requester's).
      company_id: documentCompany(module!, data, doc.company_id),
      department_id: Number.isInteger(data.department_id) ? (data.department_id as number) : null,
      user_finances: JSON.stringify(Array.isArray(data.user_finances) ? data.user_finances : []),
      urgent: prepared.urgent,
    }).where('id', '=', doc.id).execute();
    await recordHistories(trx, doc.id, ctx.userId, changed.map((field) => ({ field, old_value: doc.data[field] ?? null, value: data[field] ?? null })));
    // The reservation moves with the edit (to other budgets, or another amount).
    await reserveBudgets(trx, doc.id, prepared.budget ?? null);
    await writeApprovalLog(trx, { documentId: doc.id, userId: ctx.userId, action: 'edit' });
    if (prepared.urgent !== doc.urgent) await writeApprovalLog(trx, { documentId: doc.id, userId: ctx.userId, action: prepared.urgent ? 'urgent' : 'urgent_cleared' });
    // Urgency says how soon, not what is approved: it never restarts the route. Nor does the
    // exchange by itself (a rate entered since): a converted amount that changes the route
    // restarts it through the route comparison.
    const content = changed.filter((field) => field !== 'urgent' && field !== EXCHANGE_FIELD);
    cleared = await restartRouteAfterEdit(trx, { doc, module: module!, prepared, changed: content, before: doc.data, after: data }, ctx);
  }
  return { id: doc.id, status: doc.status, changed_fields: changed, approvals_cleared: cleared };
}

/**
 * Store a prepared submission as a new document: its code from the module's code prefix (and a
 * stamp number where the module needs one), one approval step per step to file (the first not
 * skipped is active) with its candidates, the circulation, and the requester's saved approvers
 * when `save_approvers`. Only an allowed bypass files the document completed (the pipeline
 * refuses a module without steps and a chain without approvers). Clears the requester's draft.
 * Its numbers are given last (`giveFiledNumbers`).
 */
async function insertDocument(
  trx: Transaction<Database>, module: CompiledModule, prepared: PreparedSubmission, companyId: number | null, requesterId: number,
  entity: { action: string; targetId: number | null } | null, filedBy: number | null = null, followUpOf: number | null = null,
): Promise<Filed> {
  const { data, bypass } = prepared;
  const chosen = bypass ? [] : stepsToFile(prepared);
  const saved = chosen.filter((s) => s.named);
  // Never silently completed: the pipeline guarantees a step with approvers unless bypassed.
  if (!bypass && !chosen.some((s) => s.approvers.length > 0)) throw new Error('fileDocument: no approval step chosen (the submission pipeline must refuse this)');
  const status = bypass ? DocumentStatus.COMPLETED : DocumentStatus.ON_PROCESS;
  const { approvals: _approvals, ...stored } = data;
  // Spec 000 §4: a successful submit clears the draft. Done here too, in the filing
  // transaction, so a client that never sends its DELETE (closed tab, lost answer) cannot
  // reopen the form pre-filled with what it already filed.
  // A filing for someone clears the filer's draft for that principal only (drafts kept apart).
  await trx.deleteFrom('buffer_temporaries').where('user_id', '=', filedBy ?? requesterId).where('module_code', '=', module.code)
    .where('filed_for', filedBy === null ? 'is' : '=', filedBy === null ? null : requesterId).execute();
  const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
  const code = await takeNextNumber(trx, 'code', codePrefix(prefix));
  const stampNo = module.meta.needsStampNo ? await takeNextNumber(trx, 'stamp_no', stampPrefix(prefix)) : null;
  const doc = await trx.insertInto('buffers')
    .values({
      code,
      module_code: module.code,
      status,
      requester_id: requesterId,
      company_id: companyId,
      filed_by: filedBy,
      filed_as_department_id: prepared.post?.chosen ? prepared.post.department_id : null,
      follow_up_of: followUpOf,
      department_id: Number.isInteger(data.department_id) ? (data.department_id as number) : null,
      data: JSON.stringify(stampNo ? { ...stored, stamp_no: stampNo } : stored),
      definition_version: module.version,
      stamp_no: stampNo,
      bypass,
      urgent: prepared.urgent,
      send_notification_first_approval: data.send_notification_first_approval !== false,
      user_finances: JSON.stringify(Array.isArray(data.user_finances) ? data.user_finances : []),
      completed_at: status === DocumentStatus.COMPLETED ? new Date() : null,
      ...(entity ? { action: entity.action, target_id: entity.targetId } : {}),
    })
    .returning(['id', 'code', 'status', 'application_number', 'decision_number'])
    .executeTakeFirstOrThrow();
  await insertSteps(trx, doc.id, chosen, true);
  // Circulation steps wait for nobody: their people get the document "for information".
  for (const step of circulationSteps(prepared)) {
    await trx.insertInto('circulations').values(step.approvers.map((user_id) => ({ buffer_id: doc.id, user_id, master_process_id: step.id! })))
      .onConflict((oc) => oc.columns(['buffer_id', 'user_id']).doNothing()).execute();
  }
  // The saved approvers become this filing's choices: stored over the old rows (never a unique
  // violation when two filings of the same user's run at once), then the rest of the old list goes.
  if (data.save_approvers !== false && !bypass) {
    const rows = saved.flatMap(({ stepId, approvers }) => approvers.map((approver_id, position) => ({
      user_id: requesterId, module_code: module.code, master_process_id: stepId, approver_id, position,
    })));
    if (rows.length) {
      await trx.insertInto('saved_approvers').values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'master_process_id', 'approver_id']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position'), module_code: eb.ref('excluded.module_code') })))
        .execute();
    }
    const kept = rows.map((row) => sql`(${row.master_process_id}::integer, ${row.approver_id}::integer)`);
    await trx.deleteFrom('saved_approvers').where('user_id', '=', requesterId).where('module_code', '=', module.code)
      .$if(kept.length > 0, (q) => q.where(sql<boolean>`(master_process_id, approver_id) not in (${sql.join(kept)})`))
      .execute();
  }
  await linkFiles(trx, module, doc.id, stored);
  return doc;
}

/** The route's circulation steps a filing stores, each with its people (none for a bypass). */
function circulationSteps(prepared: PreparedSubmission) {
  return prepared.bypass ? [] : (prepared.route ?? []).filter((r) => r.circulation && !r.skipped && r.approvers.length > 0);
}

/** A top-level field of a filing body read before the pipeline (`filed_for`, `follow_up_of`: not form data, never stored in it). */
function bodyField(payload: unknown, name: string): unknown {
  return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>)[name] : undefined;
}

/** The `filed_for` of a filing body (代理申請), checked by `filingPrincipal`. */
async function filingRequester(trx: Kysely<Database>, module: CompiledModule, payload: unknown, userId: number, ctx: WorkflowContext): Promise<number> {
  return filingPrincipal(trx, module, bodyField(payload, 'filed_for'), userId, ctx.t);
}

const withoutWrapper = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([k]) => !isWrapperField(k)));

/** The document's approver choices as a submission carries them (so "approvers valid" holds). */
async function approvalsOf(db: Kysely<Database>, doc: DocumentState) {
  if (doc.steps.length === 0) return [];
  const rows = await db.selectFrom('approvals')
    .innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
    .select(['approvals.master_process_id', 'approval_candidates.user_id'])
    .where('approvals.buffer_id', '=', doc.id).where('approvals.voided_at', 'is', null).orderBy('approvals.position').execute();
  return rows.map((r) => ({ approver_id: r.user_id, master_process_id: r.master_process_id }));
}

/**
 * Runs the edited data through the submission pipeline exactly as a submission (the requester's
 * scope, the editor's file access, the route resolved from the edited data) and returns the new
 * stored data — the old data with the edited body fields replaced — with the pipeline's answer.
 */
async function editedData(trx: Kysely<Database>, module: CompiledModule, doc: DocumentState, input: Record<string, unknown>, ctx: WorkflowContext) {
  // The body as the form would send it (only the schema's fields), with the document's own
  // approvers so the approver rules hold; not normalised further, so untouched fields stay equal.
  const properties = (module.schema.properties ?? {}) as Record<string, unknown>;
  // The forward-document users are read-only on the edit page (spec 000 §2): kept as filed.
  const kept = Object.fromEntries(KEPT_ON_EDIT.map((field) => [field, doc.data[field]]));
  const body = Object.fromEntries(Object.entries({ ...withoutWrapper(doc.data), ...withoutWrapper(input), ...kept })
    .filter(([key, value]) => key in properties && value !== undefined));
  const wrapper = {
    // Urgency is the one filing flag an edit may change (`EDITABLE_WRAPPER_FIELDS`); else as filed.
    ...(module.meta.allowUrgent ? { urgent: typeof input.urgent === 'boolean' ? input.urgent : doc.urgent } : {}),
    ...(module.meta.hasBypass ? { bypass: doc.bypass } : {}),
    send_notification_first_approval: doc.data.send_notification_first_approval !== false,
    save_approvers: false,
    approvals: await approvalsOf(trx, doc),
  };
  const payload = module.meta.bodyKey ? { ...wrapper, [module.meta.bodyKey]: body } : { ...wrapper, ...body };
  // The rate is chosen again for the document's own date (its filing day), not the edit's.
  const filed = await trx.selectFrom('buffers').select(['created_at', 'filed_as_department_id']).where('id', '=', doc.id).executeTakeFirstOrThrow();
  const prepared = await prepareSubmission(trx, {
    definitions: ctx.definitions, module, payload, requesterId: doc.requester_id, actorId: ctx.userId, t: ctx.t, lang: ctx.lang, edit: true,
    date: toApiDate(filed.created_at) ?? undefined, documentId: doc.id,
    // The route resolves again from the post the document was filed as.
    post: await storedPost(trx, filed.filed_as_department_id),
  });
  const computed = prepared.data;
  // Fields outside the form's schema (stamp number, treasury data) and the stored wrapper
  // flags stay as they were: an edit changes the body only.
  const data: Record<string, unknown> = { ...doc.data, ...withoutWrapper(computed) };
  if (module.meta.allowUrgent) data.urgent = prepared.urgent;
  // The exchange as the edited data resolves it (none when nothing converts any more).
  if (!prepared.exchange) delete data[EXCHANGE_FIELD];
  // Fields a step fills (signed files) are the step approver's: an edit keeps them as stored.
  for (const field of allStepFields(module)) {
    if (Object.hasOwn(doc.data, field)) data[field] = doc.data[field];
    else delete data[field];
  }
  return { data, prepared };
}

/** An edit of a follow-up keeps its link field naming the origin (422 at that field otherwise). */
async function refuseUnlinking(trx: Kysely<Database>, bufferId: number, module: CompiledModule, data: Record<string, unknown>, ctx: WorkflowContext): Promise<void> {
  const origin = await trx.selectFrom('buffers as f').innerJoin('buffers as o', 'o.id', 'f.follow_up_of')
    .select(['o.id', 'o.code', 'o.module_code']).where('f.id', '=', bufferId).executeTakeFirst();
  const entry = origin ? followUpEntry(ctx.definitions.modules[origin.module_code], module.code) : null;
  const refusal = origin && entry ? linkViolation(entry, origin, data, module, ctx.t) : null;
  if (refusal) throw refusal;
}

/**
 * The definition a document was filed under (`buffers.definition_version`), kept in
 * `module_definition_versions`; the current one when that is the same version or was never
 * recorded. An edit validates and stores with it, so a later, stricter publish never refuses
 * (or silently reshapes) a document that was valid when filed.
 */
async function filedModule(db: Kysely<Database>, current: CompiledModule | null, code: string, documentId: number): Promise<CompiledModule | null> {
  const row = await db.selectFrom('buffers').select('definition_version').where('id', '=', documentId).executeTakeFirst();
  return row ? pinnedDefinition(db, current, code, row.definition_version) : current;
}
