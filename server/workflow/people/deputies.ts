import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { isValidDate, toApiDate, type DefinitionSet, type Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { Violation } from '../../lib/errors';
import { deputiesOfPrincipals, deputyInEffect, overlappingArrangements } from '../../repositories/deputy-repository';
import type { DocumentState, StepState } from '../core/document-state';
import { mailDocumentEvent, stepName, type MailKind } from '../mail/notifications';
import type { WorkflowContext } from '../core/workflow-context';

/**
 * Deputies (代理, issue #20 item 6). A principal names a deputy for a period of days, optionally
 * for some modules only. While the arrangement is in effect the deputy sees and acts on the
 * principal's pending steps — exactly those: the active pending step of a document on process
 * where the principal is a candidate who has not decided yet, of a module the arrangement
 * covers — never on a document the deputy filed. Nothing is copied: the pending list, the
 * document's visibility, `can` and the action all evaluate the arrangements of today, so an
 * arrangement starts and ends by the date alone. The action records both people
 * (`approvals.approver_id` / `approval_logs.user_id` = the deputy, `on_behalf_of` = the principal).
 */

/** Today as the arrangements count days (YYYY-MM-DD, the server's calendar like the route's organisation). */
export function deputyDay(at: Date = new Date()): string {
  return toApiDate(at)!;
}

/**
 * The users acting for `userId` at `at` on documents of `moduleCode` (enabled deputies of
 * arrangements in effect that day and cover the module). For mails and escalation: a step
 * waiting for `userId` may be offered to these people as well.
 */
export async function activeDeputies(db: Kysely<Database>, userId: number, moduleCode: string, at: Date = new Date()): Promise<number[]> {
  const pairs = await deputiesOfPrincipals(db, [userId], moduleCode, deputyDay(at));
  return pairs.map((p) => p.deputy_id);
}

/**
 * Who may act for whom on a pending step: each enabled deputy in effect today of one of
 * `principalIds` (the step's candidates), except the requester (nobody acts on their own document).
 */
export async function stepDeputies(db: Kysely<Database>, principalIds: number[], moduleCode: string, requesterId: number, at: Date = new Date()) {
  const pairs = await deputiesOfPrincipals(db, principalIds, moduleCode, deputyDay(at));
  return pairs.filter((p) => p.deputy_id !== requesterId);
}

/** For each mail a step's candidates get, the one their deputies get (naming the principal: "… you are their deputy"). */
const DEPUTY_MAIL = {
  approvalRequest: 'deputyRequest', sentBack: 'deputySentBack', reminder: 'deputyReminder', escalated: 'deputyEscalated',
} as const satisfies Partial<Record<MailKind, MailKind>>;

/** The mails of a step that waits for someone: filed or passed on to it, sent back to it, reminded, escalated. */
export type StepMailKind = keyof typeof DEPUTY_MAIL;

/**
 * The mails of a step that waits for `candidateIds` (issue #20 item 6: "mails go to both"): the
 * `kind` mail to the candidates, and to each deputy in effect on `at` of one of them for the
 * document's module (not the requester, not a candidate already mailed) its deputy form, which
 * names the principal(s) they stand in for. Each in its recipient's language, inside the caller's
 * transaction like every mail, with the recipient's own Approve and Reject links to the `waiting`
 * step (its id, or the loaded step) (server/workflow/README.md "Deciding from the mail").
 * `loaded`: the candidates' deputies as `loadDocumentState` gave them for this step when it was the
 * active pending one (filing's first step), so they are not read again.
 */
export async function mailStepWaiting(
  trx: Kysely<Database>, doc: Pick<DocumentState, 'id' | 'code' | 'module_code' | 'requester_id'>, candidateIds: number[], ctx: WorkflowContext,
  waiting: number | Pick<StepState, 'id' | 'names'>, kind: StepMailKind = 'approvalRequest', at: Date = new Date(), loaded?: StepState['deputies'],
): Promise<void> {
  // The step's names come with a loaded step; a bare id reads them.
  const stepId = typeof waiting === 'number' ? waiting : waiting.id;
  const step = typeof waiting === 'number' ? await stepName(trx, waiting) : waiting.names;
  // Each recipient's mail carries their own Approve and Reject links to this step (`mail-action-tokens.ts`).
  const decide = { decideStepId: stepId };
  await mailDocumentEvent(trx, kind, doc, candidateIds, ctx, step, {}, decide);
  const deputies = (loaded ?? await stepDeputies(trx, candidateIds, doc.module_code, doc.requester_id, at)).filter((d) => !candidateIds.includes(d.deputy_id));
  for (const deputyId of new Set(deputies.map((d) => d.deputy_id))) {
    const principals = await trx.selectFrom('users').select('name')
      .where('id', 'in', deputies.filter((d) => d.deputy_id === deputyId).map((d) => d.principal_id)).orderBy('name').execute();
    await mailDocumentEvent(trx, DEPUTY_MAIL[kind], doc, [deputyId], ctx, step, { principal: principals.map((p) => p.name).join(', ') }, decide);
  }
}

/**
 * SQL over `approvals` joined with `buffers`: the step is pending for a principal `userId` acts
 * for today (an open, undecided candidacy of an enabled principal, an arrangement covering the
 * document's module) and the document is not `userId`'s own.
 */
export function deputyPendingStep(userId: number, day: string): Expression<SqlBool> {
  return sql<SqlBool>`(buffers.requester_id <> ${userId} and exists (
    select 1 from approval_candidates d_c
      join users d_p on d_p.id = d_c.user_id and not d_p.disabled
      join deputies d_d on d_d.principal_id = d_c.user_id
    where d_c.approval_id = approvals.id and d_c.inbox_open and d_d.deputy_id = ${userId}
      and ${deputyInEffect('d_d', day, sql<string>`buffers.module_code`)}))`;
}

/** SQL over `buffers`: a step of the document is pending for a principal `userId` acts for today (visibility). */
export function deputyPendingDocument(userId: number, day: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from approvals where approvals.buffer_id = buffers.id and approvals.active
    and ${deputyPendingStep(userId, day)})`;
}

/**
 * What differs between the arrangements of one shape — a principal names a person for a period,
 * optionally per module: deputies (`POST /deputies`, `deputy_id`) and filers allowed to file for
 * the principal (`POST /proxy_filers`, `filer_id`, 代理申請). One check serves both.
 */
export interface ArrangementKind {
  /** The body's field naming the person. */
  person: 'deputy_id' | 'filer_id';
  /** The person's message keys' stem (`deputyRequired`, `filerSelf`, …) and the section under `server.` holding every message. */
  word: 'deputy' | 'filer';
  messages: 'deputies' | 'proxyFilers';
  /** Only modules one may file for someone (no entity module: organisation changes are never filed for someone). */
  filableOnly?: boolean;
  /** The principal's arrangements with this person whose period overlaps `from`..`to`. */
  overlapping(db: Kysely<Database>, principalId: number, personId: number, from: string, to: string): Promise<Array<{ module_codes: string[] | null }>>;
}

/** Deputies (代理, issue #20 item 6). */
export const DEPUTY_ARRANGEMENT: ArrangementKind = { person: 'deputy_id', word: 'deputy', messages: 'deputies', overlapping: overlappingArrangements };

/** What the checks accept: the arrangement to store (`person_id`: the deputy or the filer). */
export interface CheckedArrangement {
  person_id: number;
  from_date: string;
  to_date: string;
  module_codes: string[] | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a `POST /deputies` (or `/proxy_filers`, by `kind`) body for `principalId`: every
 * violation with its field, in the body's order. The person: an enabled user other than the
 * principal, of a group company or the principal's own company; `from` and `to` real dates
 * (YYYY-MM-DD), `from` not before today, `to` not before `from` nor before today; `module_codes`
 * (optional; absent, null or empty: every module) codes of published modules with approval steps;
 * no other arrangement with the same person overlaps the period for a shared module (two deputies
 * at once are fine: either may act).
 */
export async function checkArrangement(
  db: Kysely<Database>, definitions: DefinitionSet, principalId: number, body: unknown, t: Translate, kind: ArrangementKind = DEPUTY_ARRANGEMENT,
): Promise<{ value: CheckedArrangement } | { violations: Violation[] }> {
  const violations: Violation[] = [];
  const add = (propertyPath: string, key: string, params?: Record<string, unknown>) => violations.push({ propertyPath, message: t(`server.${kind.messages}.${key}`, params) });
  if (!isRecord(body)) return { violations: [{ propertyPath: '', message: t(`server.${kind.messages}.body`) }] };
  for (const key of Object.keys(body)) {
    if (![kind.person, 'from', 'to', 'module_codes'].includes(key)) add(key, 'unknownField', { field: key });
  }
  const { [kind.person]: personId, from, to } = body;
  if (!Number.isInteger(personId) || (personId as number) < 1 || (personId as number) > 2147483647) {
    add(kind.person, `${kind.word}Required`);
  } else if (personId === principalId) {
    add(kind.person, `${kind.word}Self`);
  } else {
    const principal = await db.selectFrom('users').select('company_id').where('id', '=', principalId).executeTakeFirst();
    const person = await db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.disabled', 'users.company_id', sql<boolean>`coalesce(companies.is_group, false)`.as('is_group')])
      .where('users.id', '=', personId as number).executeTakeFirst();
    if (!person) add(kind.person, `${kind.word}Unknown`);
    else if (person.disabled) add(kind.person, `${kind.word}Disabled`);
    else if (!person.is_group && person.company_id !== principal?.company_id) add(kind.person, `${kind.word}Outside`);
  }
  const fromOk = isValidDate(from);
  const toOk = isValidDate(to);
  if (!fromOk) add('from', 'dateInvalid');
  // An arrangement starts today at the earliest: a past start would claim the deputy stood in on days already gone.
  else if ((from as string) < deputyDay()) add('from', 'startsInPast');
  if (!toOk) add('to', 'dateInvalid');
  if (fromOk && toOk && (to as string) < (from as string)) add('to', 'toBeforeFrom');
  else if (toOk && (to as string) < deputyDay()) add('to', 'ended');
  let modules: string[] | null = null;
  if (body.module_codes !== undefined && body.module_codes !== null) {
    if (!Array.isArray(body.module_codes) || body.module_codes.some((c) => typeof c !== 'string')) {
      add('module_codes', 'modulesList');
    } else {
      const approvable = new Set((await approvableModules(db, definitions)).filter((code) => !kind.filableOnly || !definitions.modules[code].meta.entity));
      body.module_codes.forEach((code: string, i) => {
        if (!approvable.has(code)) add(`module_codes[${i}]`, 'moduleUnknown', { code: String(code).slice(0, 60) });
      });
      modules = body.module_codes.length ? [...new Set(body.module_codes as string[])].sort() : null;
    }
  }
  if (violations.length === 0) {
    const overlapping = await kind.overlapping(db, principalId, personId as number, from as string, to as string);
    const shares = (other: string[] | null) => other === null || modules === null || other.some((c) => modules!.includes(c));
    if (overlapping.some((o) => shares(o.module_codes))) add('from', 'overlap');
  }
  if (violations.length) return { violations };
  return { value: { person_id: personId as number, from_date: from as string, to_date: to as string, module_codes: modules } };
}

/** The module codes an arrangement may name: published modules with live approval steps. */
export async function approvableModules(db: Kysely<Database>, definitions: DefinitionSet): Promise<string[]> {
  const rows = await db.selectFrom('master_processes').select('module_code').distinct().where('retired_at', 'is', null).execute();
  return rows.map((r) => r.module_code).filter((code) => definitions.modules[code] !== undefined).sort();
}
