import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type SecondInstance, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

/** Documents approved at once: a few by default, more on CI. */
const DOCUMENTS = process.env.CI === 'true' ? 30 : 8;

/**
 * Decision numbers (issue #36 item 1) given by final approvals racing on two app instances, each
 * with its own pool on PostgreSQL (TEST_DATABASE_URL; on PGlite both share the one connection):
 * every document gets one, none twice, and the sequence has no gap.
 */
describe('numbering on two app instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: SecondInstance | undefined;
  let users: Users;
  let token: (user: string) => Promise<string>;

  beforeAll(async () => {
    t = await buildTestApp();
    second = await secondInstance(t);
    b = second.app;
    users = await demoUsers(t.db);
    token = tokens(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('gives every final approval its own decision number, without gaps, across both instances', async () => {
    const employee = await token('employee');
    const finals: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const filed = await filePurchase(t, employee, await purchaseBody(t.db, users, { goods: `Race ${i}` }));
      const first = await t.app.inject({ method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: true }, headers: { authorization: `Bearer ${await token('approver')}` } });
      expect(first.statusCode).toBe(200);
      ids.push(filed.id);
      finals.push(filed.steps[1]);
    }
    const authorizer = await token('authorizer');
    // Each final step approved twice at once, once per instance: one of the pair wins (409 for the other).
    const replies = await Promise.all(finals.flatMap((step) => [t.app, b].map((app) => app.inject({
      method: 'POST', url: `/api/approvals/${step}/action`, payload: { approve: true }, headers: { authorization: `Bearer ${authorizer}`, 'accept-language': 'en' },
    }))));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DOCUMENTS);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);

    const rows = await t.db.selectFrom('buffers').select(['status', 'decision_number']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 2)).toBe(true);
    const numbers = rows.map((r) => r.decision_number!);
    expect(new Set(numbers).size).toBe(DOCUMENTS);
    const sequences = numbers.map((n) => Number(n.split('-').at(-1))).sort((x, y) => x - y);
    // Consecutive: the counter started this test's run at its first value and skipped none.
    expect(sequences).toEqual(sequences.map((_, i) => sequences[0] + i));
    const prefixes = new Set(numbers.map((n) => n.replace(/\d+$/, '')));
    expect(prefixes.size).toBe(1);
  }, 120_000);
});
