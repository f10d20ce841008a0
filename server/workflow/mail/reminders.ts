import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { businessDaysWaited, type DefinitionSet, type ProcessStepDefinition } from '../../../src/engine';
import type { Database } from '../../db/database';
import { serverTranslate } from '../../lib/i18n';
import { companyCalendar } from '../../repositories/calendar-repository';
import { writeApprovalLog } from '../core/approval-log';
import { loadDocumentState } from '../core/document-state';
import { eligibleAmong, scopeCompany } from '../core/eligibility';
import { mailStepWaiting } from '../people/deputies';
import { escalationTargets } from './escalation-targets';
import { pinnedDefinition } from '../../definitions/definition-version-repository';
import { DocumentStatus, StepStatus } from '../core/status';
import type { WorkflowContext } from '../core/workflow-context';

/** The job lease's name in `job_leases`. */
export const REMINDER_JOB = 'reminders';
/** How long an instance holds the reminder scan; renewed every third of it while the scan runs. */
export const REMINDER_LEASE_SECONDS = 120;

/** What a scan did. `claimed` false: another instance holds the scan (nothing was done here). */
export interface ReminderScanResult {
  claimed: boolean;
  /** Step activations whose approvers were mailed a reminder. */
  reminded: number;
  /** Step activations offered to their escalation target (or recorded as having none). */
  escalated: number;
}

/** What the reminder job needs from the app (kept apart so the workflow layer imports no plugin). */
export interface ReminderDeps {
  db: Kysely<Database>;
  /** The definition set in force when the scan runs. */
  definitions: () => DefinitionSet;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Delivers the outbox after a scan queued mail. */
  kickMail: () => void;
}

type Reminder = NonNullable<ProcessStepDefinition['reminder']>;

/** Keys a reminder by the document's module, the definition version it was filed under, and the step. */
const reminderKey = (module: string, version: string, step: string) => `${module}\u0000${version}\u0000${step}`;

/**
 * The reminder of each (module, filed definition version, step code) that documents waiting now
 * were filed under and that has one: the definition the document keeps (issue #20 item 10,
 * pinning), not the one in force — a publish that changes or drops a step's reminder moves none
 * of the documents filed before it.
 */
async function pinnedReminders(db: Kysely<Database>, definitions: DefinitionSet): Promise<Map<string, Reminder>> {
  const filed = await db.selectFrom('approvals').innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .select(['buffers.module_code', 'buffers.definition_version']).distinct()
    .where('approvals.active', '=', true).where('approvals.status', '=', StepStatus.PENDING)
    .where('buffers.status', '=', DocumentStatus.ON_PROCESS)
    .where((eb) => eb.or([eb('approvals.reminded_at', 'is', null), eb('approvals.escalated_at', 'is', null)]))
    .execute();
  const out = new Map<string, Reminder>();
  for (const { module_code: code, definition_version: version } of filed) {
    const module = await pinnedDefinition(db, definitions.modules[code] ?? null, code, version);
    for (const step of module?.process ?? []) if (step.reminder) out.set(reminderKey(code, version, step.code), step.reminder);
  }
  return out;
}

/**
 * One pass over the waiting steps at `now` (injectable: tests move the clock): every active,
 * pending step of a document on process whose step, in the definition the document was filed
 * under, has a `reminder` and that waited `afterDays` whole business days (the document's company
 * calendar) is reminded — its undecided approvers and their deputies in effect mailed —, and
 * after `escalateAfterDays` offered to the escalation target (each approver's manager or deputy
 * becomes a candidate of the step, mailed with their own deputies, and named on the timeline).
 * Each step is handled in its own transaction under the document's lock, and marks
 * `reminded_at` / `escalated_at` of the activation only while still unmarked: whichever instance
 * or scan comes second finds it done, so each happens once per activation. The times are the
 * pinned definition's (a document keeps its route); who is reminded or offered the step is
 * today's (deputies and escalation targets, like the route's deputies, are read when it happens).
 */
export async function remindWaitingSteps(deps: ReminderDeps, now: Date): Promise<Omit<ReminderScanResult, 'claimed'>> {
  const definitions = deps.definitions();
  const reminders = await pinnedReminders(deps.db, definitions);
  const result = { reminded: 0, escalated: 0 };
  if (reminders.size === 0) return result;
  const minDays = Math.min(...[...reminders.values()].map((r) => r.afterDays));
  const triples = [...reminders.keys()].map((key) => key.split('\u0000') as [string, string, string]);
  const rows = await deps.db.selectFrom('approvals')
    .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .innerJoin('users as requester', 'requester.id', 'buffers.requester_id')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'approvals.buffer_id', 'approvals.activated_at', 'buffers.module_code', 'buffers.definition_version',
      'processes.code as process_code', sql<number | null>`coalesce(buffers.company_id, requester.company_id)`.as('company_id')])
    .where('approvals.active', '=', true).where('approvals.status', '=', StepStatus.PENDING)
    .where('buffers.status', '=', DocumentStatus.ON_PROCESS)
    // n whole business days between two dates need more than n days between the instants.
    .where('approvals.activated_at', '<', new Date(now.getTime() - minDays * 86_400_000))
    .where((eb) => eb.or([eb('approvals.reminded_at', 'is', null), eb('approvals.escalated_at', 'is', null)]))
    .where((eb) => eb.or(triples.map(([module, version, code]) => eb.and([
      eb('buffers.module_code', '=', module), eb('buffers.definition_version', '=', version), eb('processes.code', '=', code)]))))
    .orderBy('approvals.id')
    .execute();
  const calendars = new Map<number | null, Awaited<ReturnType<typeof companyCalendar>>>();
  const ctx: WorkflowContext = { userId: 0, lang: 'ja', t: serverTranslate('ja'), appUrl: deps.appUrl, definitions };
  for (const row of rows) {
    const reminder = reminders.get(reminderKey(row.module_code, row.definition_version, row.process_code))!;
    if (!calendars.has(row.company_id)) calendars.set(row.company_id, await companyCalendar(deps.db, row.company_id));
    const waited = businessDaysWaited(row.activated_at!, now, calendars.get(row.company_id)!);
    const remind = waited >= reminder.afterDays;
    const escalate = reminder.escalateAfterDays !== undefined && waited >= reminder.escalateAfterDays;
    if (!remind && !escalate) continue;
    try {
      const done = await handleStep(deps.db, row.buffer_id, row.id, row.activated_at!, { remind, escalate, to: reminder.escalateTo ?? 'manager' }, now, ctx);
      result.reminded += done.reminded;
      result.escalated += done.escalated;
    } catch (err: unknown) {
      deps.log.error({ err, approvalId: row.id }, 'reminder of a waiting step failed');
    }
  }
  if (result.reminded || result.escalated) deps.kickMail();
  return result;
}

/** Reminds and/or escalates one step activation in one transaction (see remindWaitingSteps). */
async function handleStep(db: Kysely<Database>, documentId: number, stepId: number, activatedAt: Date,
  due: { remind: boolean; escalate: boolean; to: 'manager' | 'deputy' }, now: Date, ctx: WorkflowContext) {
  return db.transaction().execute(async (trx) => {
    const done = { reminded: 0, escalated: 0 };
    // The document's lock, as every action takes it: a concurrent approval or scan waits here.
    const doc = await loadDocumentState(trx, documentId, true);
    const step = doc?.steps.find((s) => s.id === stepId);
    if (!doc || doc.status !== DocumentStatus.ON_PROCESS || !step?.active || step.status !== StepStatus.PENDING) return done;
    const marks = await trx.selectFrom('approvals').select(['activated_at', 'reminded_at', 'escalated_at']).where('id', '=', stepId).executeTakeFirst();
    // Another activation of the step (stepped back and forth since the scan read it): the next scan judges it.
    if (!marks?.activated_at || marks.activated_at.getTime() !== activatedAt.getTime()) return done;
    const waiting = step.candidates.filter((id) => !step.decided.includes(id));
    // Under the document's lock nothing else activates the step meanwhile; the mark only takes an
    // unmarked activation (activated_at is compared above, in JS: the database keeps microseconds).
    const mark = (column: 'reminded_at' | 'escalated_at') => trx.updateTable('approvals').set({ [column]: now })
      .where('id', '=', stepId).where(column, 'is', null).where('active', '=', true).executeTakeFirst();

    if (due.remind && marks.reminded_at === null && (await mark('reminded_at')).numUpdatedRows === 1n) {
      // Deputies in effect (on the scan's day) stand in for their principals: reminded too, naming them (never the requester).
      await mailStepWaiting(trx, doc, waiting, ctx, stepId, 'reminder', now);
      await writeApprovalLog(trx, { documentId, approvalId: stepId, userId: null, action: 'remind' });
      done.reminded = 1;
    }
    if (due.escalate && marks.escalated_at === null && (await mark('escalated_at')).numUpdatedRows === 1n) {
      const offered = await offerStep(trx, doc.requester_id, doc.company_id, doc.module_code, stepId, waiting, due.to, now);
      if (offered.length) {
        for (const userId of offered) await writeApprovalLog(trx, { documentId, approvalId: stepId, userId, action: 'escalate' });
        // The targets now wait as candidates: their own deputies in effect are told too.
        await mailStepWaiting(trx, doc, offered, ctx, stepId, 'escalated', now);
      } else {
        await writeApprovalLog(trx, { documentId, approvalId: stepId, userId: null, action: 'escalate_none' });
      }
      done.escalated = 1;
    }
    return done;
  });
}

/**
 * Makes the escalation targets of the waiting approvers candidates of the step (they see it in
 * their inbox and may approve or reject it; in a 合議 or quorum step their approval counts as
 * one): only those the step's eligibility rule allows (never the requester, the step's roles, the
 * document's company) and who are not candidates yet. Returns who was added.
 */
async function offerStep(trx: Kysely<Database>, requesterId: number, companyId: number | null, moduleCode: string, stepId: number,
  waiting: number[], to: 'manager' | 'deputy', now: Date): Promise<number[]> {
  const targets = await escalationTargets(trx, to, waiting, now, moduleCode);
  if (targets.length === 0) return [];
  const rule = await trx.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['processes.approver_roles', 'master_processes.allow_requester'])
    .where('approvals.id', '=', stepId).executeTakeFirstOrThrow();
  const scope = { requesterId, companyId: await scopeCompany(trx, requesterId, companyId) };
  const eligible = await eligibleAmong(trx, { approver_roles: rule.approver_roles ?? [], allow_requester: rule.allow_requester }, scope, targets);
  const already = new Set((await trx.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', stepId).execute()).map((c) => c.user_id));
  const offered = targets.filter((id) => eligible.has(id) && id !== requesterId && !already.has(id));
  if (offered.length) await trx.insertInto('approval_candidates').values(offered.map((user_id) => ({ approval_id: stepId, user_id }))).execute();
  return offered;
}

/**
 * Claims the named periodic job for this instance (`holder`) unless another instance holds it
 * under a live lease: one statement, so two instances never both get it. Returns the claim's
 * number (the fencing token for renewing and releasing), or undefined.
 */
export async function claimJobLease(db: Kysely<Database>, name: string, holder: string, seconds: number): Promise<number | undefined> {
  await db.insertInto('job_leases').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const result = await sql<{ attempts: number }>`update job_leases
      set holder = ${holder}, attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${seconds})
    where name = ${name} and (claimed_until is null or claimed_until < now())
    returning attempts`.execute(db);
  return result.rows[0]?.attempts;
}

/** Lets go of a claim that still holds the job (a claim taken over meanwhile changes nothing). */
export async function releaseJobLease(db: Kysely<Database>, name: string, claim: number): Promise<void> {
  await db.updateTable('job_leases').set({ claimed_until: null, finished_at: new Date() })
    .where('name', '=', name).where('attempts', '=', claim).execute();
}

/** The reminder job of an app (`app.reminders`). */
export interface ReminderRunner {
  /**
   * Claims the scan (unless another instance holds it) and runs it at `now` (default: the clock);
   * scans of one instance run one after another.
   */
  scan(now?: Date): Promise<ReminderScanResult>;
  /** Starts a scan in the background (errors are logged). */
  kick(): void;
  /** Stops the interval and waits for the scan under way. */
  close(): Promise<void>;
}

/**
 * Runs the reminder scan as a lease-claimed job: on an interval (`REMINDER_INTERVAL_MS`; 0 = only
 * when asked), one instance at a time holds the scan; the lease is renewed while it runs and
 * released at the end. An instance that stops mid-scan leaves its lease to run out
 * (`REMINDER_LEASE_SECONDS`), and the next scan of any instance takes the job over; what the
 * stopped one committed stays done once (each step is marked in the transaction of its mail).
 */
export function createReminderRunner(deps: ReminderDeps, intervalMs: number): ReminderRunner {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();

  async function once(now: Date): Promise<ReminderScanResult> {
    const claim = await claimJobLease(deps.db, REMINDER_JOB, holder, REMINDER_LEASE_SECONDS);
    if (claim === undefined) return { claimed: false, reminded: 0, escalated: 0 };
    const renew = setInterval(() => {
      void deps.db.updateTable('job_leases').set({ claimed_until: sql`now() + make_interval(secs => ${REMINDER_LEASE_SECONDS})` })
        .where('name', '=', REMINDER_JOB).where('attempts', '=', claim).execute()
        .catch((err: unknown) => deps.log.warn({ err }, 'reminder lease not renewed'));
    }, (REMINDER_LEASE_SECONDS * 1000) / 3);
    renew.unref();
    try {
      return { claimed: true, ...(await remindWaitingSteps(deps, now)) };
    } finally {
      clearInterval(renew);
      await releaseJobLease(deps.db, REMINDER_JOB, claim);
    }
  }

  const runner: ReminderRunner = {
    scan(now = new Date()) {
      const next = chain.then(() => once(now));
      chain = next.catch(() => undefined);
      return next;
    },
    kick() {
      if (closed) return;
      runner.scan().catch((err: unknown) => deps.log.error({ err }, 'reminder scan failed'));
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await chain;
    },
  };
  const timer = intervalMs > 0 ? setInterval(() => runner.kick(), intervalMs).unref() : undefined;
  return runner;
}
