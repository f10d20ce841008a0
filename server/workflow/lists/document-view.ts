import type { Kysely } from 'kysely';
import { labelKey, type CompiledModule, type DefinitionSet, type Lang, type Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { localizedName } from '../../lib/localized-name';
import type { DocumentView, LogEntry, StepView } from '../../../src/wire/workflow';
import { documentItems } from './document-items';
import type { ClearedChange } from '../filing/route-restart';
import { loadDocumentState } from '../core/document-state';
import { stepFieldsOf } from '../core/step-fields';
import { actingFor, activeStep, permissionsOf } from '../core/transitions';

export type { DocumentView, LogEntry, StepView };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Where a decision came from when not the app's own button: the timeline's wording ("… via mail", "… (bulk approval)"). */
const VIA_KEYS: Record<string, string> = { mail: 'server.workflow.log.viaMail', bulk: 'server.workflow.log.viaBulk' };

/**
 * The document with everything the detail page shows, for a user allowed to see it (the route
 * checks visibility first). Log texts are translated into the reader's language.
 */
export async function documentView(db: Kysely<Database>, definitions: DefinitionSet, documentId: number, userId: number, lang: Lang): Promise<DocumentView | null> {
  const [item] = await documentItems(db, definitions, [documentId], lang);
  const state = await loadDocumentState(db, documentId);
  if (!item || !state) return null;
  const t = definitions.translate(lang);
  const steps = await db.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .leftJoin('users as approver', 'approver.id', 'approvals.approver_id')
    .leftJoin('users as principal', 'principal.id', 'approvals.on_behalf_of')
    .select(['approvals.id', 'approvals.position', 'approvals.status', 'approvals.active', 'approvals.approved_at', 'approvals.data',
      'approvals.mode', 'approvals.required', 'approvals.skipped', 'approver.id as approver_id', 'approver.name as approver_name', 'master_processes.id as master_process_id',
      'principal.id as principal_id', 'principal.name as principal_name',
      'master_processes.optional', 'processes.id as process_id', 'processes.code as process_code',
      localizedName(lang, 'processes').as('process_name')])
    .where('approvals.buffer_id', '=', documentId).where('approvals.voided_at', 'is', null)
    .orderBy('approvals.position')
    .execute();
  const candidates = steps.length ? await db.selectFrom('approval_candidates')
    .innerJoin('users', 'users.id', 'approval_candidates.user_id')
    .select(['approval_candidates.approval_id', 'approval_candidates.decision', 'users.id', 'users.name'])
    .where('approval_candidates.approval_id', 'in', steps.map((s) => s.id))
    .orderBy('users.name').orderBy('users.id')
    .execute() : [];
  const logs = await db.selectFrom('approval_logs')
    .leftJoin('users', 'users.id', 'approval_logs.user_id')
    .leftJoin('users as principal', 'principal.id', 'approval_logs.on_behalf_of')
    .select(['approval_logs.approval_id', 'approval_logs.log_text', 'approval_logs.detail', 'approval_logs.created_at', 'users.id as user_id', 'users.name as user_name',
      'principal.id as principal_id', 'principal.name as principal_name'])
    .where('approval_logs.buffer_id', '=', documentId)
    .orderBy('approval_logs.created_at').orderBy('approval_logs.id')
    .execute();
  const module = definitions.modules[state.module_code];
  // An edit that cleared the approvals names each change, old → new, in the reader's words.
  const changes = (detail: Record<string, unknown> | null) => (module && Array.isArray(detail?.changes)
    ? (detail.changes as ClearedChange[]).map((c) => describeChange(c, module, t, lang)).join('; ')
    : '');
  // A deputy's entry reads "Approved by <deputy> on behalf of <principal>" (the `onBehalf` form of the action's text);
  // a decision from the mail link "Approved by X via mail", with its comment.
  const text = (log: (typeof logs)[number]) => {
    const said = t(`server.workflow.log.${log.log_text}`, { name: log.user_name ?? '', from: typeof log.detail?.from === 'string' ? log.detail.from : '' });
    const via = VIA_KEYS[String(log.detail?.via)];
    const action = via ? t(via, { action: said }) : said;
    const described = log.detail ? [action, changes(log.detail)].filter(Boolean).join(': ') : action;
    const full = log.principal_id !== null ? t('server.workflow.log.onBehalf', { action: described, principal: log.principal_name ?? '' }) : described;
    return typeof log.detail?.comment === 'string' ? t('server.workflow.log.comment', { text: full, comment: log.detail.comment }) : full;
  };
  const entry = (log: (typeof logs)[number]): LogEntry => ({
    log_text: text(log),
    action: log.log_text,
    user: log.user_id !== null ? { id: log.user_id, name: log.user_name! } : null,
    on_behalf_of: log.principal_id !== null ? { id: log.principal_id, name: log.principal_name! } : null,
    ...(log.detail?.via === 'mail' || log.detail?.via === 'bulk' ? { via: log.detail.via } : {}),
    ...(typeof log.detail?.comment === 'string' ? { comment: log.detail.comment } : {}),
    created_at: iso(log.created_at)!,
  });
  const forwarded = state.user_finances.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', state.user_finances).orderBy('name').execute()
    : [];
  const editable = definitions.modules[state.module_code]?.meta.editable === true;
  const can = permissionsOf(state, userId, editable);
  const current = activeStep(state);
  // The reader acts on the active step only as a deputy: for whom (the detail page says so).
  const principalId = current && (can.approve || can.reject || can.treasury) ? actingFor(current, userId) ?? null : null;
  const actingForUser = principalId !== null
    ? await db.selectFrom('users').select(['id', 'name']).where('id', '=', principalId).executeTakeFirst() ?? null
    : null;
  return {
    ...item,
    user_finances: forwarded,
    approvals: steps.map((s) => ({
      id: s.id, position: s.position, status: s.status, active: s.active, approved_at: iso(s.approved_at),
      approver: s.approver_id !== null ? { id: s.approver_id, name: s.approver_name! } : null,
      on_behalf_of: s.principal_id !== null ? { id: s.principal_id, name: s.principal_name! } : null,
      data: (s.data ?? null) as Record<string, unknown> | null,
      master_process: { id: s.master_process_id, optional: s.optional, process: { id: s.process_id, code: s.process_code, name: s.process_name } },
      prospective_approvers: candidates.filter((c) => c.approval_id === s.id).map((c) => ({ id: c.id, name: c.name })),
      approval_logs: logs.filter((l) => l.approval_id === s.id).map(entry),
      mode: s.mode, required: s.required,
      decided: candidates.filter((c) => c.approval_id === s.id && c.decision === 1).map((c) => ({ id: c.id, name: c.name })),
      skipped: s.skipped,
      skipped_reason: s.skipped ? t(s.skipped === 'requester' ? 'server.routes.skippedRequester' : 'server.routes.skippedVacant') : null,
    })),
    // The entries of steps an edit voided stay on the timeline, as the document's.
    approval_logs: logs.filter((l) => l.approval_id === null || state.voided.includes(l.approval_id)).map(entry),
    current_approval_id: current?.id ?? null,
    can,
    acting_for: actingForUser,
    step_fields: can.approve && current ? stepFieldsOf(definitions.modules[state.module_code], current.process_code) : [],
  };
}

const LOCALE: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' };

/** One change of an edit that cleared the approvals: "<label>: old → new" (numbers grouped), or "<label> changed" for lists. */
function describeChange(change: ClearedChange, module: CompiledModule, t: Translate, lang: Lang): string {
  const field = t(labelKey(module, change.field));
  if (change.compound) return t('server.workflow.log.changeCompound', { field });
  const value = (v: ClearedChange['old']) => (v === null || v === '' ? t('server.workflow.log.changeEmpty')
    : typeof v === 'number' ? new Intl.NumberFormat(LOCALE[lang]).format(v) : String(v));
  return t('server.workflow.log.changeValue', { field, old: value(change.old), new: value(change.new) });
}
