/**
 * Reminders and escalation (issue #20 item 9) with an injected clock: a purchase's first step
 * waits; once it waited its definition's `afterDays` business days (the company calendar) its
 * approvers get one reminder mail, once `escalateAfterDays` it is offered to the approver's
 * manager (a candidate now, mailed, named on the timeline), and neither happens again on the
 * next scans. With `escalateTo: "deputy"` it goes to the approver's deputy in effect. The
 * reminder times come from the definition, the targets from the organisation.
 */
import { describe, expect, it } from 'vitest';
import { businessDaysWaited, toApiDate, type ProcessStepDefinition } from '../../src/engine';
import { companyCalendar } from '../../server/repositories/calendar-repository';
import { DEMO_CALENDARS } from '../../server/demo/seed-data';
import { copySource, type ModuleSource } from '../../src/engine';
import { filePurchase, moduleSteps, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

/** The first purchase step with a reminder in the definition in force. */
function remindedStep() {
  const steps = (s.t.app.definitions.modules.purchase.process ?? []) as ProcessStepDefinition[];
  const index = steps.findIndex((step) => step.reminder?.escalateAfterDays !== undefined && step.reminder.escalateTo === 'manager');
  expect(index, 'the demo purchase route has a step with a reminder and escalation to the manager').toBeGreaterThanOrEqual(0);
  return steps[index];
}

/** The first whole hour after `since` at which the step has waited `days` business days. */
async function firstInstantWaited(since: Date, days: number, companyId: number) {
  const calendar = await companyCalendar(s.t.db, companyId);
  let at = new Date(since);
  while (businessDaysWaited(since, at, calendar) < days) at = new Date(at.getTime() + 3_600_000);
  return at;
}

/** Publishes (POST: a new module; PUT: its next version) a copy of purchase under `code` through the studio. */
async function publishCopy(method: 'POST' | 'PUT', source: ModuleSource) {
  const url = method === 'POST' ? '/api/module-definitions' : `/api/module-definitions/${source.code}`;
  const published = await s.t.app.inject({ method, url, payload: source as unknown as Record<string, unknown>, headers: { authorization: `Bearer ${await s.auth('admin')}`, 'accept-language': 'en' } });
  expect(published.statusCode, published.body).toBe(method === 'POST' ? 201 : 200);
}

/** A copy of the purchase source under `code`, and the index of its first step with a reminder and escalation. */
async function purchaseCopy(code: string) {
  const source = copySource((await s.get('admin', '/api/module-definitions/purchase/source')).json() as ModuleSource, code);
  const index = source.process!.steps.findIndex((step) => step.reminder?.escalateAfterDays !== undefined);
  expect(index).toBeGreaterThanOrEqual(0);
  return { source, index };
}

/** Files a purchase body to the copy `code` (its approvers mapped to the copy's steps by code); the document and its active step. */
async function fileCopy(code: string, goods: string) {
  const body = await purchaseBody(s.t.db, s.users, { goods });
  const purchaseSteps = await moduleSteps(s.t.db, 'purchase');
  const copySteps = await moduleSteps(s.t.db, code);
  const approvals = body.approvals.map((a) => ({ ...a, master_process_id: copySteps.find((c) => c.code === purchaseSteps.find((p) => p.id === a.master_process_id)!.code)!.id }));
  const filed = await s.post('employee', `/api/buffer/${code}`, { ...body, approvals });
  expect(filed.statusCode, filed.body).toBe(201);
  const { id, code: documentCode } = filed.json() as { id: number; code: string };
  const step = await s.t.db.selectFrom('approvals').select(['id', 'activated_at']).where('buffer_id', '=', id).where('active', '=', true).executeTakeFirstOrThrow();
  return { id, code: documentCode, step, companyId: body.company_id };
}

const mailsSince = (id: number) => s.t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'subject']).where('id', '>', id).orderBy('id').execute();
const lastMailId = async () => (await s.t.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;

describe('reminders and escalation', () => {
  it('mails the approvers once after afterDays, offers the step to their manager once after escalateAfterDays', async () => {
    const step = remindedStep();
    const body = await purchaseBody(s.t.db, s.users, { goods: 'Reminded' });
    const filed = await filePurchase(s.t, await s.auth('employee'), body);
    const row = await s.t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select(['approvals.id', 'approvals.activated_at', 'approvals.active']).where('approvals.buffer_id', '=', filed.id).where('processes.code', '=', step.code)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(true);
    expect(row.activated_at).toBeInstanceOf(Date);
    const approvers = (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', row.id).execute()).map((c) => c.user_id);
    const managers = await s.t.db.selectFrom('users').select('manager_id').where('id', 'in', approvers).execute();
    const manager = managers.map((m) => m.manager_id).find((id) => id !== null && !approvers.includes(id))!;
    expect(manager, 'an approver of the step has a manager').toBeDefined();
    const emails = async (ids: number[]) => (await s.t.db.selectFrom('users').select('email').where('id', 'in', ids).execute()).map((u) => u.email).sort();

    const remindAt = await firstInstantWaited(row.activated_at!, step.reminder!.afterDays, body.company_id);
    const escalateAt = await firstInstantWaited(row.activated_at!, step.reminder!.escalateAfterDays!, body.company_id);
    const before = await lastMailId();

    // An hour too early: nothing.
    expect(await s.t.app.reminders.scan(new Date(remindAt.getTime() - 3_600_000))).toMatchObject({ claimed: true, reminded: 0, escalated: 0 });
    expect(await mailsSince(before)).toEqual([]);

    // Due: the approvers are mailed, once.
    expect((await s.t.app.reminders.scan(remindAt)).reminded).toBeGreaterThanOrEqual(1);
    const reminded = (await mailsSince(before)).filter((m) => m.subject.includes(filed.code));
    expect(reminded.map((m) => m.to_address).sort()).toEqual(await emails(approvers));
    const afterReminder = await lastMailId();
    await s.t.app.reminders.scan(remindAt);
    await s.t.app.reminders.scan(new Date(escalateAt.getTime() - 3_600_000));
    expect((await mailsSince(afterReminder)).filter((m) => m.subject.includes(filed.code))).toEqual([]);

    // Escalation: the manager becomes a candidate and is mailed, once.
    await s.t.app.reminders.scan(escalateAt);
    const candidates = (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', row.id).execute()).map((c) => c.user_id);
    expect(candidates.sort()).toEqual([...approvers, manager].sort());
    const escalated = (await mailsSince(afterReminder)).filter((m) => m.subject.includes(filed.code));
    expect(escalated.map((m) => m.to_address)).toEqual(await emails([manager]));
    const afterEscalation = await lastMailId();
    await s.t.app.reminders.scan(new Date(escalateAt.getTime() + 10 * 86_400_000));
    expect((await mailsSince(afterEscalation)).filter((m) => m.subject.includes(filed.code))).toEqual([]);
    const logs = await s.t.db.selectFrom('approval_logs').select(['log_text', 'user_id']).where('approval_id', '=', row.id).orderBy('id').execute();
    expect(logs).toEqual([{ log_text: 'remind', user_id: null }, { log_text: 'escalate', user_id: manager }]);

    // The timeline names it, and the manager may now act on the step.
    const managerEmail = (await emails([manager]))[0].split('@')[0];
    const view = await s.get(managerEmail, `/api/approvals/${row.id}/buffer`);
    expect(view.statusCode, view.body).toBe(200);
    const managerName = (await s.t.db.selectFrom('users').select('name').where('id', '=', manager).executeTakeFirstOrThrow()).name;
    const timeline = JSON.stringify(view.json());
    expect(timeline).toContain('Reminder mailed to the approvers');
    expect(timeline).toContain(`Offered to ${managerName} (escalation`);
    const act = await s.post(managerEmail, `/api/approvals/${row.id}/action`, { approve: true });
    expect(act.statusCode, act.body).toBe(200);
  });

  it('counts again from a new activation of the step (stepped back to it)', async () => {
    const step = remindedStep();
    const body = await purchaseBody(s.t.db, s.users, { goods: 'Reminded again' });
    const filed = await filePurchase(s.t, await s.auth('employee'), body);
    const first = await s.t.db.selectFrom('approvals').select(['id', 'activated_at']).where('buffer_id', '=', filed.id).where('active', '=', true).executeTakeFirstOrThrow();
    const remindAt = await firstInstantWaited(first.activated_at!, step.reminder!.afterDays, body.company_id);
    await s.t.app.reminders.scan(remindAt);
    expect((await s.t.db.selectFrom('approvals').select('reminded_at').where('id', '=', first.id).executeTakeFirstOrThrow()).reminded_at).not.toBeNull();
    // A new activation (as the next step's step back makes) clears the marks: it is reminded again when due.
    await s.t.db.updateTable('approvals').set({ active: false }).where('id', '=', first.id).execute();
    await s.t.db.updateTable('approvals').set({ active: true }).where('id', '=', first.id).execute();
    const again = await s.t.db.selectFrom('approvals').select(['activated_at', 'reminded_at', 'escalated_at']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(again).toMatchObject({ reminded_at: null, escalated_at: null });
    expect(again.activated_at!.getTime()).toBeGreaterThanOrEqual(first.activated_at!.getTime());
  });

  it('skips a scan while another instance holds the job, and takes it over once that lease ran out', async () => {
    await s.t.db.insertInto('job_leases').values({ name: 'reminders' }).onConflict((oc) => oc.column('name').doNothing()).execute();
    await s.t.db.updateTable('job_leases').set({ holder: 'a stopped instance', claimed_until: new Date(Date.now() + 3_600_000) }).where('name', '=', 'reminders').execute();
    expect(await s.t.app.reminders.scan()).toEqual({ claimed: false, reminded: 0, escalated: 0 });
    await s.t.db.updateTable('job_leases').set({ claimed_until: new Date(Date.now() - 1000) }).where('name', '=', 'reminders').execute();
    expect((await s.t.app.reminders.scan()).claimed).toBe(true);
    // Released at the end of the scan: the next one claims it again.
    expect((await s.t.app.reminders.scan()).claimed).toBe(true);
  });
});

describe('escalation to the deputy', () => {
  it('offers a waiting step to the approver\'s deputy in effect when the step says escalateTo deputy', async () => {
    // A copy of purchase whose first reminded step escalates to the deputy, published through the studio.
    const code = 'deputy-escalation';
    const { source, index } = await purchaseCopy(code);
    source.process!.steps[index] = { ...source.process!.steps[index], reminder: { ...source.process!.steps[index].reminder!, escalateTo: 'deputy' } };
    await publishCopy('POST', source);
    const { step, companyId } = await fileCopy(code, 'Deputy escalation');
    const approvers = (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', step.id).execute()).map((c) => c.user_id);
    const principal = await s.t.db.selectFrom('users').select(['id', 'email', 'company_id', 'manager_id']).where('id', '=', approvers[0]).executeTakeFirstOrThrow();
    // A colleague of the approver's company who has no part in the document names the deputy.
    const deputy = await s.t.db.selectFrom('users').select(['id', 'email'])
      .where('company_id', '=', principal.company_id).where('disabled', '=', false)
      .where('id', 'not in', [...approvers, s.users.employee.id, ...(principal.manager_id ? [principal.manager_id] : [])])
      .orderBy('id').executeTakeFirstOrThrow();
    const escalateAt = await firstInstantWaited(step.activated_at!, source.process!.steps[index].reminder!.escalateAfterDays!, companyId);
    // The server's calendar day, as `POST /deputies` counts it (a start before today is refused).
    const day = (d: Date) => toApiDate(d)!;
    const named = await s.post(principal.email.split('@')[0], '/api/deputies', { deputy_id: deputy.id, from: day(new Date()), to: day(new Date(escalateAt.getTime() + 7 * 86_400_000)) });
    expect(named.statusCode, named.body).toBe(201);

    await s.t.app.reminders.scan(escalateAt);
    const candidates = (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', step.id).execute()).map((c) => c.user_id);
    expect(candidates.sort()).toEqual([...approvers, deputy.id].sort());
    const logs = await s.t.db.selectFrom('approval_logs').select(['log_text', 'user_id']).where('approval_id', '=', step.id).orderBy('id').execute();
    expect(logs).toEqual([{ log_text: 'remind', user_id: null }, { log_text: 'escalate', user_id: deputy.id }]);
  });
});

describe('GET /api/companies/{id}/calendar', () => {
  it('shows each demo company its seeded weekend, time zone and holidays, by year and in the request language', async () => {
    const companies = await s.t.db.selectFrom('companies').select(['id', 'code']).execute();
    for (const [code, seeded] of Object.entries(DEMO_CALENDARS.companies)) {
      const company = companies.find((c) => c.code === code)!;
      const days = seeded.calendar ? DEMO_CALENDARS.calendars[seeded.calendar] : [];
      const reply = await s.get('employee', `/api/companies/${company.id}/calendar`);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({
        company_id: company.id, weekend_days: [0, 6], time_zone: seeded.time_zone,
        holidays: days.map(([date, en, ja, zh, working]) => ({ date, name: en, name_en: en, name_ja: ja, name_zh: zh, working: working === true })),
      });
      const year = days.find(([date]) => date.startsWith('2027'));
      if (!year) continue;
      const ja = await s.t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/calendar?year=2027`, headers: { authorization: `Bearer ${await s.auth('employee')}`, 'accept-language': 'ja' } });
      expect((ja.json() as { holidays: Array<{ date: string; name: string }> }).holidays.map(({ date, name }) => ({ date, name })))
        .toEqual(days.filter(([date]) => date.startsWith('2027')).map(([date, , jaName]) => ({ date, name: jaName })));
    }
  });

  it('refuses an unknown company (404) and a bad year (400)', async () => {
    expect((await s.get('employee', '/api/companies/999999/calendar')).statusCode).toBe(404);
    expect((await s.get('employee', '/api/companies/1/calendar?year=abc')).statusCode).toBe(400);
  });
});

describe('reminders keep the filed route (pinning)', () => {
  it('reminds a document by the reminder of the definition it was filed under, not by a later publish', async () => {
    const code = 'pinned-reminder';
    const { source, index } = await purchaseCopy(code);
    await publishCopy('POST', source);
    const filedBefore = await fileCopy(code, 'Filed under v1');
    const reminder = source.process!.steps[index].reminder!;
    const stepCode = (await s.t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id').select('processes.code').where('approvals.id', '=', filedBefore.step.id).executeTakeFirstOrThrow()).code;
    expect(stepCode, 'the first active step is the reminded one').toBe(source.process!.steps[index].code);
    // The next version waits ten more business days before reminding or escalating.
    const later = structuredClone(source);
    later.process!.steps[index] = { ...later.process!.steps[index], reminder: { ...reminder, afterDays: reminder.afterDays + 10, escalateAfterDays: reminder.escalateAfterDays! + 10 } };
    await publishCopy('PUT', later);
    const filedAfter = await fileCopy(code, 'Filed under v2');

    const remindAt = await firstInstantWaited(filedAfter.step.activated_at!, reminder.afterDays, filedAfter.companyId);
    const before = await lastMailId();
    await s.t.app.reminders.scan(remindAt);
    const marks = async (id: number) => (await s.t.db.selectFrom('approvals').select(['reminded_at']).where('id', '=', id).executeTakeFirstOrThrow()).reminded_at;
    expect(await marks(filedBefore.step.id), 'filed under v1: reminded after v1\'s afterDays').not.toBeNull();
    expect(await marks(filedAfter.step.id), 'filed under v2: not yet').toBeNull();
    const subjects = (await mailsSince(before)).map((m) => m.subject);
    expect(subjects.some((subject) => subject.includes(filedBefore.code))).toBe(true);
    expect(subjects.some((subject) => subject.includes(filedAfter.code))).toBe(false);
  });
});

describe('deputies get the reminder and escalation mails of their principals', () => {
  it('mails the approver\'s deputy the reminder and the manager\'s deputy the escalation, each naming the principal, in the deputy\'s language', async () => {
    const step = remindedStep();
    const body = await purchaseBody(s.t.db, s.users, { goods: 'Deputies reminded' });
    const filed = await filePurchase(s.t, await s.auth('employee'), body);
    const active = await s.t.db.selectFrom('approvals').select(['id', 'activated_at']).where('buffer_id', '=', filed.id).where('active', '=', true).executeTakeFirstOrThrow();
    const approvers = (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', active.id).execute()).map((c) => c.user_id);
    const principal = await s.t.db.selectFrom('users').select(['id', 'name', 'email', 'company_id', 'manager_id']).where('id', '=', approvers[0]).executeTakeFirstOrThrow();
    const manager = await s.t.db.selectFrom('users').select(['id', 'name', 'email', 'company_id']).where('id', '=', principal.manager_id!).executeTakeFirstOrThrow();
    // Two colleagues with no part in the document: one stands in for the approver, one for the manager.
    const [approverDeputy, managerDeputy] = await s.t.db.selectFrom('users').select(['id', 'email'])
      .where('company_id', '=', principal.company_id).where('disabled', '=', false)
      .where('id', 'not in', [...approvers, manager.id, s.users.employee.id])
      .orderBy('id').limit(2).execute();
    await s.t.db.updateTable('users').set({ language: 'zh' }).where('id', '=', approverDeputy.id).execute();
    await s.t.db.updateTable('users').set({ language: 'en' }).where('id', '=', managerDeputy.id).execute();
    const escalateAt = await firstInstantWaited(active.activated_at!, step.reminder!.escalateAfterDays!, body.company_id);
    const period = { from: toApiDate(new Date())!, to: toApiDate(new Date(escalateAt.getTime() + 7 * 86_400_000))! };
    // Earlier tests' arrangements of these principals are ended first (an overlapping one is refused).
    await s.t.db.deleteFrom('deputies').where('principal_id', 'in', [principal.id, manager.id]).execute();
    for (const [who, deputy] of [[principal.email, approverDeputy], [manager.email, managerDeputy]] as const) {
      const named = await s.post(who.split('@')[0], '/api/deputies', { deputy_id: deputy.id, ...period, module_codes: ['purchase'] });
      expect(named.statusCode, named.body).toBe(201);
    }
    const before = await lastMailId();
    await s.t.app.reminders.scan(escalateAt);
    const mails = (await s.t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('id', '>', before).execute())
      .filter((m) => m.subject.includes(filed.code));
    const to = (email: string) => mails.filter((m) => m.to_address === email);
    expect(to(principal.email)).toHaveLength(1);
    expect(to(approverDeputy.email)).toEqual([expect.objectContaining({ subject: `[Ringi] 催办：${filed.code} 仍在等待 ${principal.name} 的审批（您是代理人）` })]);
    expect(to(manager.email)).toHaveLength(1);
    expect(to(managerDeputy.email)).toEqual([expect.objectContaining({ subject: `[Ringi] ${filed.code} was escalated to ${manager.name} — you are their deputy` })]);
    expect(to(managerDeputy.email)[0].text).toContain('on their behalf');
  });
});
