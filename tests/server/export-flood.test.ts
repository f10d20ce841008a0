import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import jaServer from '../../locales/ja/server.json';
import zhServer from '../../locales/zh/server.json';
import { exportJobsSettled, MAX_OPEN_EXPORTS, MAX_OPEN_EXPORTS_PER_USER } from '../../server/statistics/export-jobs';
import { buildTestApp, type TestApp } from './helpers';
import { factModules } from './statistics-fixtures';
import { demoUsers, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let query: string;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  const company = await t.db.selectFrom('users').select('company_id').where('id', '=', users.finance.id).executeTakeFirstOrThrow();
  const subject = (await factModules()).withExport[0];
  query = new URLSearchParams({ moduleCode: subject.code, companyId: String(company.company_id), period: '2026-01-01~2026-12-31', fileType: 'xlsx' }).toString();
});
afterAll(async () => {
  await exportJobsSettled();
  await t?.close();
});

const start = async (user: string, lang = 'en') => t.app.inject({
  url: `/api/buffer/export?${query}`, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': lang },
});
/** Jobs of `userId` held open: queued under a lease far ahead, so no runner takes (and finishes) them during the test. */
const holdOpen = (userId: number, count: number) => t.db.insertInto('export_jobs')
  .values(Array.from({ length: count }, () => ({ user_id: userId, params: JSON.stringify({}), claimed_until: sql<Date>`now() + interval '1 hour'` as unknown as Date })))
  .execute();
const message = (template: string, max: number) => template.replace('{{max}}', String(max));

describe('export flood (issue #19 item 8)', () => {
  it(`accepts at most ${MAX_OPEN_EXPORTS_PER_USER} queued or running exports per user, then answers 429 saying one is being prepared`, async () => {
    await holdOpen(users.finance.id, MAX_OPEN_EXPORTS_PER_USER);
    const before = await t.db.selectFrom('export_jobs').select('id').execute();
    const refused = await start('finance');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: message(enServer.export.alreadyPreparing, MAX_OPEN_EXPORTS_PER_USER) });
    expect((await start('finance', 'ja')).json().message).toBe(message(jaServer.export.alreadyPreparing, MAX_OPEN_EXPORTS_PER_USER));
    expect((await start('finance', 'zh')).json().message).toBe(message(zhServer.export.alreadyPreparing, MAX_OPEN_EXPORTS_PER_USER));
    expect((await t.db.selectFrom('export_jobs').select('id').execute()).length).toBe(before.length); // nothing queued
    // Another user is not affected.
    expect((await start('treasury')).statusCode).toBe(202);
    // Once one of them is done, the user may export again.
    await t.db.updateTable('export_jobs').set({ status: 'done', claimed_until: null })
      .where('id', '=', (eb) => eb.selectFrom('export_jobs').select((e) => e.fn.min('id').as('id')).where('user_id', '=', users.finance.id))
      .execute();
    expect((await start('finance')).statusCode).toBe(202);
  });

  it('lets only the allowed number through when one user sends many at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => start('authorizer')));
    const statuses = answers.map((a) => a.statusCode).sort();
    const accepted = statuses.filter((s) => s === 202).length;
    // Jobs finished meanwhile free a place, so more than the limit may pass over time, but never all eight at once.
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s !== 202 && s !== 429)).toEqual([]);
    const open = await t.db.selectFrom('export_jobs').select('id').where('user_id', '=', users.authorizer?.id ?? -1)
      .where('status', 'in', ['queued', 'running']).execute();
    expect(open.length).toBeLessThanOrEqual(MAX_OPEN_EXPORTS_PER_USER);
  });
});

describe('records export: the same limits, taken atomically (issue #30 item 6)', () => {
  const recordsExport = async (user: string, lang = 'en') => t.app.inject({
    url: '/api/records/export?format=csv', headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': lang },
  });
  /** Marks every open job done, so each test starts from an empty queue. */
  const closeAll = () => t.db.updateTable('export_jobs').set({ status: 'done', claimed_until: null }).where('status', 'in', ['queued', 'running']).execute();
  /** Demo users of a company other than finance, given the finance role (records need a Statistic role). */
  let others: string[];

  beforeAll(async () => {
    const rows = await t.db.selectFrom('users').select(['id', 'email']).where('company_id', 'is not', null).where('disabled', '=', false)
      .where('locked_at', 'is', null).where('id', '!=', users.finance.id).orderBy('id').limit(10).execute();
    await t.db.updateTable('users').set({ is_finance: true }).where('id', 'in', rows.map((r) => r.id)).execute();
    others = rows.map((r) => r.email.split('@')[0]);
  });

  it(`answers 429 with Retry-After once a user has ${MAX_OPEN_EXPORTS_PER_USER} exports of any kind queued or running`, async () => {
    await exportJobsSettled();
    await closeAll();
    await holdOpen(users.finance.id, MAX_OPEN_EXPORTS_PER_USER);
    const before = (await t.db.selectFrom('export_jobs').select('id').execute()).length;
    const refused = await recordsExport('finance');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: message(enServer.export.alreadyPreparing, MAX_OPEN_EXPORTS_PER_USER) });
    expect((await recordsExport('finance', 'ja')).json().message).toBe(message(jaServer.export.alreadyPreparing, MAX_OPEN_EXPORTS_PER_USER));
    expect((await t.db.selectFrom('export_jobs').select('id').execute()).length).toBe(before); // nothing queued
    expect((await recordsExport(others[0])).statusCode).toBe(202);
    await closeAll();
    expect((await recordsExport('finance')).statusCode).toBe(202);
  });

  it(`never holds more than ${MAX_OPEN_EXPORTS} open jobs when many users ask at once`, async () => {
    await exportJobsSettled();
    await closeAll();
    const free = 2;
    await holdOpen(users.finance.id, MAX_OPEN_EXPORTS - free);
    // One request from each of eight users at once.
    const answers = await Promise.all(others.slice(0, 8).map((user) => recordsExport(user)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 202 && s !== 503), answers.map((a) => a.body).join('\n')).toEqual([]);
    const accepted = answers.filter((a) => a.statusCode === 202).map((a) => a.json().id as number);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(answers.find((a) => a.statusCode === 503)?.headers['retry-after']).toBe('30');
    // A job that finished meanwhile freed its place for a later one; beyond that, only the free places were taken.
    const finished = await t.db.selectFrom('export_jobs').select('id').where('id', 'in', accepted).where('status', 'in', ['done', 'failed']).execute();
    expect(accepted.length - finished.length).toBeLessThanOrEqual(free);
    await exportJobsSettled();
    await closeAll();
  });
});
