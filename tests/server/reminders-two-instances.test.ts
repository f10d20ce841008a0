/**
 * Reminders and escalation exactly once across two app instances (issue #20 item 13): both
 * instances scan at once — through their lease-claimed job, and straight past the lease as a scan
 * taken over from a stalled instance would — and every waiting step is reminded once and offered
 * to the manager once. On PGlite (one connection) and, with TEST_DATABASE_URL, on PostgreSQL with
 * a pool per instance (`npm run test:db`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysWaited, type ProcessStepDefinition } from '../../src/engine';
import { companyCalendar } from '../../server/repositories/calendar-repository';
import { remindWaitingSteps, type ReminderDeps } from '../../server/workflow/mail/reminders';
import { buildTestApp, secondInstance, type SecondInstance, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

describe('reminders on two app instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: SecondInstance | undefined;
  let users: Users;

  beforeAll(async () => {
    t = await buildTestApp();
    second = await secondInstance(t);
    b = second.app;
    users = await demoUsers(t.db);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const deps = (app: FastifyInstance): ReminderDeps => ({ db: app.db, definitions: () => app.definitions, appUrl: app.config.appUrl, log: app.log, kickMail: () => undefined });

  it('reminds and escalates each waiting step exactly once while both instances scan at once', async () => {
    const step = ((t.app.definitions.modules.purchase.process ?? []) as ProcessStepDefinition[]).find((st) => st.reminder?.escalateAfterDays !== undefined)!;
    expect(step, 'the demo purchase route has a step with a reminder and escalation').toBeDefined();
    const token = await tokens(t)('employee');
    const filed = [];
    for (let i = 0; i < 6; i++) filed.push(await filePurchase(t, token, await purchaseBody(t.db, users, { goods: `Waiting ${i}` })));
    const ids = filed.map((f) => f.id);
    const steps = await t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
      .select(['approvals.id', 'approvals.activated_at', 'buffers.company_id'])
      .where('approvals.buffer_id', 'in', ids).where('processes.code', '=', step.code).where('approvals.active', '=', true)
      .execute();
    expect(steps).toHaveLength(ids.length);
    // A moment at which every one of them waited past the escalation time.
    const calendar = await companyCalendar(t.db, steps[0].company_id);
    const latest = new Date(Math.max(...steps.map((s) => s.activated_at!.getTime())));
    let at = latest;
    while (businessDaysWaited(latest, at, calendar) < step.reminder!.escalateAfterDays!) at = new Date(at.getTime() + 3_600_000);
    // Who waits (the resolved approvers) and whom it goes to (their managers), from the organisation.
    const before = await t.db.selectFrom('approval_candidates').select(['approval_id', 'user_id']).where('approval_id', 'in', steps.map((s) => s.id)).execute();
    const approverIds = [...new Set(before.map((c) => c.user_id))];
    const people = await t.db.selectFrom('users').select(['id', 'email', 'manager_id']).execute();
    const person = (id: number) => people.find((p) => p.id === id)!;
    const expected = (stepId: number) => {
      const waiting = before.filter((c) => c.approval_id === stepId).map((c) => c.user_id);
      const managers = waiting.map((id) => person(id).manager_id).filter((id): id is number => id !== null && !waiting.includes(id));
      return { waiting, managers };
    };
    expect(approverIds.every((id) => person(id).manager_id !== null), 'the approvers have a manager').toBe(true);
    const firstMail = (await t.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;

    for (let round = 0; round < 3; round++) {
      await Promise.all([
        t.app.reminders.scan(at), b.reminders.scan(at),
        remindWaitingSteps(deps(t.app), at), remindWaitingSteps(deps(b), at),
        remindWaitingSteps(deps(b), at), remindWaitingSteps(deps(t.app), at),
      ]);
    }

    const logs = await t.db.selectFrom('approval_logs').select(['approval_id', 'log_text']).where('approval_id', 'in', steps.map((s) => s.id)).execute();
    for (const s of steps) {
      expect(logs.filter((l) => l.approval_id === s.id).map((l) => l.log_text).sort(), `step ${s.id}`).toEqual(['escalate', 'remind']);
    }
    const mails = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('id', '>', firstMail).execute();
    const offered = await t.db.selectFrom('approval_candidates').select(['approval_id', 'user_id']).where('approval_id', 'in', steps.map((s) => s.id)).execute();
    for (const [i, f] of filed.entries()) {
      const s = steps.find((st) => st.id === f.steps.find((id) => steps.some((x) => x.id === id)))!;
      const { waiting, managers } = expected(s.id);
      expect(managers.length).toBeGreaterThan(0);
      // One reminder to each approver, one escalation mail to each manager.
      const of = mails.filter((m) => m.subject.includes(f.code));
      expect(of.map((m) => m.to_address).sort(), `document ${i}`).toEqual([...waiting, ...managers].map((id) => person(id).email).sort());
      expect(offered.filter((c) => c.approval_id === s.id).map((c) => c.user_id).sort()).toEqual([...waiting, ...managers].sort());
    }
  }, 120_000);
});
