import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentState } from '../../server/workflow/core/document-state';
import { StepStatus } from '../../server/workflow/core/status';
import { actingFor, isTreasuryStep, nextStep, refuseStepAction } from '../../server/workflow/core/transitions';
import { deputyDay } from '../../server/workflow/people/deputies';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, insertDocument, purchaseRefs, type Users } from './workflow-fixtures';

/**
 * `ringi_pass_step` (migration 1416) decides a plain approval inside the database; the app's rules
 * (`transitions.ts`) decide every other action and every refusal. The two must agree: for every
 * document of a matrix built to reach each condition (a candidate, a deputy in effect or not, the
 * requester as deputy, a candidate who already approved, a disabled candidate, a voided, inactive,
 * treasury, quorum or last step, a voided or done step before the next, a withdrawn document, a
 * company with a webhook endpoint) and every demo user, the call passes the step exactly when the
 * app's rules let that user pass it and move the document on, for the same principal, activating
 * the same next step. Each call runs in a transaction rolled back, so every case sees the matrix
 * as built.
 */
describe('the plain approval decided in the database agrees with the app\'s rules', () => {
  let t: TestApp;
  let users: Users;
  let counter = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    users = await demoUsers(t.db);
  });
  afterAll(async () => t?.close());

  const rejectAfter = new Error('roll back');
  const at = (days: number) => deputyDay(new Date(Date.now() + days * 86_400_000));

  /** A payment of RH whose steps are `route`; `shape` changes it further before the cases run. */
  const payment = async (route: Array<[process: string, candidates: string[]]>, shape?: (doc: { id: number; steps: number[] }) => Promise<void>) => {
    const refs = await purchaseRefs(t.db);
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code: `PAY-ORACLE-${String(counter += 1).padStart(5, '0')}`,
      data: { company_id: refs.company, currency_id: refs.currency, total: 5000 },
      steps: route.map(([process, candidates]) => ({ process, candidates: candidates.map((c) => users[c].id) })),
    });
    await t.db.updateTable('buffers').set({ company_id: refs.company }).where('id', '=', doc.id).execute();
    await shape?.(doc);
    return doc;
  };

  /** What the database does for `user` on `step`: passes (with the principal and the step it made active) or declines. */
  const inDatabase = async (documentId: number, stepId: number, userId: number) => {
    let outcome: { passes: boolean; principal?: number | null; next?: number | null } = { passes: false };
    await t.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ answer: { passed?: number; state?: unknown } | null }>`select ringi_pass_step(${documentId}::integer, ${stepId}::integer, ${userId}::integer, ${deputyDay()}::date, ${new Date()}::timestamptz, null::boolean, null::jsonb) as answer`.execute(trx);
      const answer = rows[0].answer;
      if (answer?.passed !== undefined) {
        expect(answer.passed).toBe(documentId);
        const closed = await trx.selectFrom('approvals').select(['status', 'active', 'approver_id', 'on_behalf_of']).where('id', '=', stepId).executeTakeFirstOrThrow();
        expect([closed.status, closed.active, closed.approver_id]).toEqual([StepStatus.DONE, false, userId]);
        const active = await trx.selectFrom('approvals').select('id').where('buffer_id', '=', documentId).where('active', '=', true).execute();
        const entry = await trx.selectFrom('approval_logs').select(['user_id', 'log_text', 'on_behalf_of']).where('buffer_id', '=', documentId).where('approval_id', '=', stepId).execute();
        expect(entry).toEqual([{ user_id: userId, log_text: 'approve', on_behalf_of: closed.on_behalf_of }]);
        outcome = { passes: true, principal: closed.on_behalf_of, next: active.length === 1 ? active[0].id : null };
      } else {
        expect(answer === null || answer.state !== undefined, JSON.stringify(answer)).toBe(true);
      }
      throw rejectAfter;
    }).catch((error: unknown) => {
      if (error !== rejectAfter) throw error;
    });
    return outcome;
  };

  /** What the app's rules say on the same state: the plain pass `actOnStep` leaves to the database, or not. */
  const byTheRules = async (documentId: number, stepId: number, userId: number) => {
    const doc = (await loadDocumentState(t.db, documentId))!;
    const step = doc.steps.find((s) => s.id === stepId);
    const next = step ? nextStep(doc, step) : null;
    const hooks = await t.db.selectFrom('webhook_endpoints').select('id').where('company_id', '=', doc.company_id!).where('disabled_at', 'is', null).execute();
    if (refuseStepAction(doc, stepId, userId) || !step || !next || isTreasuryStep(step) || step.required > 1 || hooks.length > 0) return { passes: false };
    return { passes: true, principal: actingFor(step, userId) ?? null, next: next.id };
  };

  it('on every case of the matrix, for every user', async () => {
    const deputy = (principal: string, who: string, from: number, to: number) => t.db.insertInto('deputies')
      .values({ principal_id: users[principal].id, deputy_id: users[who].id, from_date: at(from), to_date: at(to) }).execute();
    /** A case: its document, the step acted on, and what holds only while it runs (`during(true)`, undone by `during(false)`). */
    const cases: Array<{ doc: { id: number; steps: number[] }; step: number; name: string; during?: (on: boolean) => Promise<void> }> = [];
    const add = (name: string, doc: { id: number; steps: number[] }, index = 0, during?: (on: boolean) => Promise<void>) => cases.push({ name, doc, step: doc.steps[index], during });

    add('two steps', await payment([['p-manager', ['approver']], ['p-finance', ['finance']]]));
    add('the last step', await payment([['p-manager', ['approver']]]));
    add('two candidates', await payment([['p-manager', ['approver', 'authorizer']], ['p-finance', ['finance']]]));
    add('the step after the active one', await payment([['p-manager', ['approver']], ['p-finance', ['finance']]]), 1);
    add('a treasury step', await payment([['p-treasury', ['treasury']], ['p-finance', ['finance']]]));
    add('a quorum step', await payment([['p-manager', ['approver', 'authorizer']], ['p-finance', ['finance']]], async (doc) => {
      await t.db.updateTable('approvals').set({ required: 2 }).where('id', '=', doc.steps[0]).execute();
    }));
    add('a candidate who already approved', await payment([['p-manager', ['approver', 'authorizer']], ['p-finance', ['finance']]], async (doc) => {
      await t.db.updateTable('approval_candidates').set({ decision: 1, decided_at: new Date(), decided_by: users.approver.id })
        .where('approval_id', '=', doc.steps[0]).where('user_id', '=', users.approver.id).execute();
    }));
    add('a voided step', await payment([['p-manager', ['approver']], ['p-finance', ['finance']]], async (doc) => {
      await t.db.updateTable('approvals').set({ voided_at: new Date() }).where('id', '=', doc.steps[0]).execute();
    }));
    add('a voided step before the next', await payment([['p-manager', ['approver']], ['p-finance', ['finance']], ['p-authorizer', ['authorizer']]], async (doc) => {
      await t.db.updateTable('approvals').set({ voided_at: new Date() }).where('id', '=', doc.steps[1]).execute();
    }));
    add('a done step before the next', await payment([['p-manager', ['approver']], ['p-finance', ['finance']], ['p-authorizer', ['authorizer']]], async (doc) => {
      await t.db.updateTable('approvals').set({ status: StepStatus.SKIPPED }).where('id', '=', doc.steps[1]).execute();
    }));
    add('a withdrawn document', await payment([['p-manager', ['approver']], ['p-finance', ['finance']]], async (doc) => {
      await t.db.updateTable('buffers').set({ status: 10 }).where('id', '=', doc.id).execute();
    }));
    add('a company with a webhook endpoint', await payment([['p-manager', ['approver']], ['p-finance', ['finance']]]), 0, async (on) => {
      const company = (await purchaseRefs(t.db)).company;
      if (on) await t.db.insertInto('webhook_endpoints').values({ company_id: company, url: 'https://hooks.example.com/ringi', events: JSON.stringify(['step.decided']), secret: 'oracle-secret' }).execute();
      else await t.db.deleteFrom('webhook_endpoints').where('company_id', '=', company).execute();
    });
    const outcomes: Array<{ name: string; user: string; passes: boolean; principal?: number | null }> = [];
    /** Each case collected so far, for every user: the database's answer is the rules'. */
    const run = async () => {
      for (const c of cases.splice(0)) {
        await c.during?.(true);
        try {
          for (const [name, user] of Object.entries(users)) {
            const rules = await byTheRules(c.doc.id, c.step, user.id);
            expect(await inDatabase(c.doc.id, c.step, user.id), `${c.name}: ${name}`).toEqual(rules);
            outcomes.push({ name: c.name, user: name, ...rules });
          }
        } finally {
          await c.during?.(false);
        }
      }
    };
    await run();
    // Deputies: in effect for approver (authorizer; the requester, who never acts on their own document),
    // for the later candidate of two (finance), not yet in effect (treasury), and for a disabled candidate.
    await deputy('approver', 'authorizer', -1, 1);
    await deputy('approver', 'employee', -1, 1);
    await deputy('approver', 'treasury', 1, 3);
    await deputy('authorizer', 'finance', 0, 0);
    await deputy('approver', 'finance', 0, 0);
    add('deputies of one candidate', await payment([['p-manager', ['approver']], ['p-finance', ['legal']]]));
    add('deputies of two candidates', await payment([['p-manager', ['authorizer', 'approver']], ['p-finance', ['legal']]]));
    await deputy('legal', 'approver', 0, 0);
    add('a disabled candidate with a deputy', await payment([['p-manager', ['legal']], ['p-finance', ['finance']]]), 0, async (on) => {
      await t.db.updateTable('users').set({ disabled: on }).where('id', '=', users.legal.id).execute();
    });

    await run();
    // The matrix reaches both answers, and a deputy's pass.
    const passed = (name: string) => outcomes.filter((o) => o.name === name && o.passes).map((o) => o.user).sort();
    expect(passed('two steps')).toEqual(['approver']);
    expect(passed('two candidates')).toEqual(['approver', 'authorizer']);
    expect(passed('deputies of one candidate')).toEqual(['approver', 'authorizer', 'finance']);
    expect(outcomes.find((o) => o.name === 'deputies of two candidates' && o.user === 'finance')?.principal).toBe(Math.min(users.authorizer.id, users.approver.id));
    expect(passed('a voided step before the next')).toEqual(['approver']);
    expect(passed('a done step before the next')).toEqual(['approver']);
    for (const name of ['the last step', 'the step after the active one', 'a treasury step', 'a quorum step', 'a voided step', 'a withdrawn document', 'a disabled candidate with a deputy', 'a company with a webhook endpoint']) {
      expect(passed(name), name).toEqual([]);
    }
    expect(passed('a candidate who already approved')).toEqual(['authorizer']);
  });
});
