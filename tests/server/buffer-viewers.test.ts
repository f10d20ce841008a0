import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocuments } from '../../scripts/lib/seed-documents';
import { FileStorage } from '../../server/files/file-storage';
import { visibleToByRule } from '../../server/workflow/core/visibility';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, insertDocument, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * `buffer_viewers` (migration 0810) is the visibility rule kept as rows by triggers; the server
 * checks visibility with one probe of it. After every kind of change the table must equal the
 * rule evaluated from its sources, for every user and document.
 */
let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let auth: ReturnType<typeof tokens>;

/** Every (document, user) pair the rule grants, and every row of the table, as sorted strings. */
async function compare() {
  const everyone = await t.db.selectFrom('users').select('id').execute();
  const byRule: string[] = [];
  for (const { id } of everyone) {
    const rows = await t.db.selectFrom('buffers').select('buffers.id').where(visibleToByRule(id)).execute();
    byRule.push(...rows.map((r) => `${r.id}:${id}`));
  }
  const table = (await t.db.selectFrom('buffer_viewers').select(['buffer_id', 'user_id']).execute()).map((r) => `${r.buffer_id}:${r.user_id}`);
  return { byRule: byRule.sort(), table: table.sort() };
}

async function expectInStep() {
  const { byRule, table } = await compare();
  expect(byRule.length).toBeGreaterThan(0);
  expect(table).toEqual(byRule);
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
});
afterAll(async () => t?.close());

describe('buffer_viewers', () => {
  it('follows filing, approving, stepping back and the timeline', async () => {
    const body = await purchaseBody(t.db, users, { user_finances: [users.finance.id], send_notification_first_approval: false });
    const doc = await filePurchase(t, await auth('employee'), body);
    await expectInStep();
    expect((await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    await expectInStep();
    // Step back clears the approver of the step (the candidate stays a viewer through candidacy).
    await sql`update approvals set approver_id = null, status = 0, active = true where id = ${doc.steps[0]}`.execute(t.db);
    await expectInStep();
    await sql`insert into approval_logs (buffer_id, user_id, log_text) values (${doc.id}, ${users.client.id}, 'note')`.execute(t.db);
    await expectInStep();
    expect((await get('client', `/api/buffers/${doc.id}`)).statusCode).toBe(200);
  });

  it('takes a row away when its only reason goes (a forwarded user removed), and keeps it while another remains', async () => {
    const body = await purchaseBody(t.db, users, { user_finances: [users.finance.id], send_notification_first_approval: false });
    const doc = await filePurchase(t, await auth('employee'), body);
    expect((await get('finance', `/api/buffers/${doc.id}`)).statusCode).toBe(200);
    // A second reason (a timeline entry of theirs) keeps the document visible when forwarding is taken back.
    const log = await t.db.insertInto('approval_logs').values({ buffer_id: doc.id, user_id: users.finance.id, log_text: 'note' }).returning('id').executeTakeFirstOrThrow();
    await sql`update buffers set user_finances = '[]'::jsonb where id = ${doc.id}`.execute(t.db);
    await expectInStep();
    expect((await get('finance', `/api/buffers/${doc.id}`)).statusCode).toBe(200);
    // With the last reason gone, so is the document.
    await t.db.deleteFrom('approval_logs').where('id', '=', log.id).execute();
    await expectInStep();
    expect((await get('finance', `/api/buffers/${doc.id}`)).statusCode).toBe(404);
    expect((await get('approver', `/api/buffers/${doc.id}`)).statusCode).toBe(200);
    // A changed requester: the old one loses the document, the new one sees it.
    await sql`update buffers set requester_id = ${users.finance.id} where id = ${doc.id}`.execute(t.db);
    await expectInStep();
    expect((await get('finance', `/api/buffers/${doc.id}`)).statusCode).toBe(200);
  });

  it('follows candidates added, moved and removed, non-integer forwarded values, and deleted documents', async () => {
    const doc = await insertDocument(t.db, { module: 'purchase', requester: users.employee.id, code: 'PUR-VIEW-1', steps: [
      { process: (await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
        .select('processes.code').where('master_processes.module_code', '=', 'purchase').orderBy('master_processes.position').executeTakeFirstOrThrow()).code,
        candidates: [users.approver2.id] },
    ] });
    await expectInStep();
    await sql`update approval_candidates set user_id = ${users.authorizer.id} where approval_id = ${doc.steps[0]} and user_id = ${users.approver2.id}`.execute(t.db);
    await expectInStep();
    await sql`delete from approval_candidates where approval_id = ${doc.steps[0]}`.execute(t.db);
    await expectInStep();
    await sql`update buffers set user_finances = ${JSON.stringify([users.legal?.id ?? users.finance.id, '7', 2.5, null])}::jsonb where id = ${doc.id}`.execute(t.db);
    await expectInStep();
    // A step's approver and a timeline entry's user as written add their pair; the pair a change
    // leaves behind (another approver or user named, or none) goes when it was its only reason.
    const log = await t.db.insertInto('approval_logs').values({ buffer_id: doc.id, user_id: users.approver2.id, log_text: 'note' }).returning('id').executeTakeFirstOrThrow();
    await sql`update approvals set approver_id = ${users.treasury.id} where id = ${doc.steps[0]}`.execute(t.db);
    await expectInStep();
    await sql`update approval_logs set user_id = ${users.treasury.id} where id = ${log.id}`.execute(t.db);
    await sql`update approvals set approver_id = ${users.approver.id} where id = ${doc.steps[0]}`.execute(t.db);
    await expectInStep();
    expect(await t.db.selectFrom('buffer_viewers').select('user_id').where('buffer_id', '=', doc.id).where('user_id', 'in', [users.approver2.id, users.treasury.id, users.approver.id]).orderBy('user_id').execute())
      .toEqual([users.approver.id, users.treasury.id].sort((a, b) => a - b).map((user_id) => ({ user_id })));
    await sql`update approvals set approver_id = null where id = ${doc.steps[0]}`.execute(t.db);
    await t.db.deleteFrom('approval_logs').where('id', '=', log.id).execute();
    await expectInStep();
    await sql`delete from buffers where id = ${doc.id}`.execute(t.db);
    await expectInStep();
    expect(await t.db.selectFrom('buffer_viewers').select('user_id').where('buffer_id', '=', doc.id).execute()).toEqual([]);
  });

  it('is filled set-based for bulk-seeded documents (triggers deferred per batch) and stays in step afterwards', async () => {
    await seedDocuments(t.db, { count: 40, seed: 7, end: '2026-06-30', batchSize: 15, storage: new FileStorage(t.config.dataDir, t.db) });
    await expectInStep();
    // The deferral was per transaction: a later change is followed by the triggers again.
    const last = await t.db.selectFrom('buffers').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await sql`update buffers set user_finances = ${JSON.stringify([users.finance.id])}::jsonb where id = ${last.id}`.execute(t.db);
    await expectInStep();
  });
});
