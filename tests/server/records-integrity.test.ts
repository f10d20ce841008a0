import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobsSettled } from '../../server/statistics/export-jobs';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * Records that prove themselves (issue #30 item 7): each change below is made in the database
 * around the application, as someone with psql would, and `GET /records/verify` must report it —
 * (a) an entry written by a session that named an actor, (a') an entry rewritten with its SHA-256
 * recomputed, (b) rewritten `records` rows, (c) changed file bytes (also named by the tax-office
 * export), a refused TRUNCATE, and a document deleted with its whole history (found through the
 * anchor kept outside the database).
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
type Doc = { id: number; code: string; file: number };
const docs: Record<'psql' | 'forged' | 'rows' | 'bytes' | 'deleted', Doc> = {} as never;

async function upload(token: string, content: Buffer, name: string): Promise<number> {
  const boundary = '----ringi-integrity';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\npurchase-photo\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Problem = { document: { id: number; code: string | null }; seq: number | null; problem: string; file?: { id: number } };
type Report = { ok: boolean; broken: Problem[]; unattributed: Array<{ document: { id: number }; seq: number }>; files: { mode: string; checked: number; total: number }; anchor: { ok: boolean; digest: string } | null };
const verify = async (query = '') => {
  const response = await get('admin', `/api/records/verify${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Report;
};
const problemsOf = (report: Report, doc: Doc) => report.broken.filter((p) => p.document.id === doc.id);

/** A session that is not the application's (psql): its own BEGIN and COMMIT, so the app's commit hook never runs. */
async function outside(work: (db: typeof t.db) => Promise<void>) {
  await t.db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      await work(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  const employee = await auth('employee');
  for (const name of ['psql', 'forged', 'rows', 'bytes', 'deleted'] as const) {
    const file = await upload(employee, Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`), `${name}.pdf`);
    const body = await purchaseBody(t.db, users);
    (body.purchase_goods[0] as Record<string, unknown>).purchase_goods_photo = [file];
    const filed = await filePurchase(t, employee, body);
    docs[name] = { id: filed.id, code: filed.code, file };
  }
}, 120_000);
afterAll(async () => t?.close());

describe('records that prove themselves', () => {
  it('verifies what the application wrote: every entry sealed, every record and every file\'s bytes as recorded', async () => {
    const sealed = await t.db.selectFrom('record_history').select(['mac']).execute();
    expect(sealed.length).toBeGreaterThanOrEqual(5);
    expect(sealed.every((e) => /^[0-9a-f]{64}$/.test(e.mac ?? ''))).toBe(true);
    const report = await verify('?files=all');
    expect(report).toMatchObject({ ok: true, broken: [], unattributed: [], anchor: null });
    expect(report.files).toEqual({ mode: 'all', checked: report.files.total, total: expect.any(Number) });
    expect(report.files.total).toBeGreaterThanOrEqual(5);
  });

  it('(a) reports an entry written by psql after set_config(\'ringi.actor\', …): attributed, but unsealed, and not ok', async () => {
    const doc = docs.psql;
    await outside(async (db) => {
      await sql`select set_config('ringi.actor', ${String(users.employee.id)}, true), set_config('ringi.reason', 'edit', true)`.execute(db);
      await sql`update buffers set data = jsonb_set(data, '{total_estimated}', '1') where id = ${doc.id}`.execute(db);
    });
    const entry = await t.db.selectFrom('record_history').select(['seq', 'actor_id', 'mac']).where('buffer_id', '=', doc.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: users.employee.id, mac: null });
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.unattributed).toEqual([]);
    expect(problemsOf(report, doc)).toEqual([{ document: { id: doc.id, code: doc.code }, seq: entry.seq, problem: 'unsealed' }]);
    expect((await get('employee', `/api/buffers/${doc.id}/history`)).json().chain_ok).toBe(false);
  });

  it('(a) reports an entry rewritten with its SHA-256 recomputed (the chain alone would pass): its seal no longer fits', async () => {
    const doc = docs.forged;
    await outside(async (db) => {
      await sql`alter table record_history disable trigger record_history_append_only`.execute(db);
      await sql`update record_history set actor_id = ${users.admin.id}, reason = 'approve',
        hash = ringi_history_hash(prev_hash, buffer_id, seq, at, ${users.admin.id}, 'approve', kind, before, after, files_added, files_removed, data_hash, on_behalf_of_id)
        where buffer_id = ${doc.id} and seq = 1`.execute(db);
      await sql`alter table record_history enable trigger record_history_append_only`.execute(db);
    });
    // A seal set by hand is no seal either.
    const report = await verify();
    expect(problemsOf(report, doc)).toEqual([{ document: { id: doc.id, code: doc.code }, seq: 1, problem: 'seal' }]);
  });

  it('(b) reports records rows rewritten in the database (amount, counterparty) that the list would serve', async () => {
    const doc = docs.rows;
    await sql`update records set amount = 1, counterparty = 'Forged Ltd', counterparty_search = 'forged ltd' where buffer_id = ${doc.id}`.execute(t.db);
    const listed = (await get('admin', '/api/records?counterparty=forged')).json()['hydra:member'] as Array<{ document: { id: number } }>;
    expect(listed.map((r) => r.document.id)).toEqual([doc.id]);
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(problemsOf(report, doc)).toEqual([{ document: { id: doc.id, code: doc.code }, seq: null, problem: 'record', file: { id: doc.file } }]);
  });

  it('(b) reports a record of another file swapped in, with its SHA-256 to match', async () => {
    const doc = docs.rows;
    await sql`update records set file_name = 'other.pdf' where buffer_id = ${doc.id}`.execute(t.db);
    await sql`update files set name = 'other.pdf' where id = ${doc.file}`.execute(t.db);
    expect(problemsOf(await verify(), doc).map((p) => p.problem)).toEqual(['record']);
  });

  it('(c) reports changed file bytes on request (all files), and the tax-office export names them', async () => {
    const doc = docs.bytes;
    await sql`update file_chunks set bytes = ${Buffer.from('%PDF-1.4\n% changed\n%%EOF\n')}
      where storage_key = (select storage_key from files where id = ${doc.file})`.execute(t.db);
    expect(problemsOf(await verify('?files=none'), doc)).toEqual([]);
    const report = await verify('?files=all');
    expect(problemsOf(report, doc)).toEqual([{ document: { id: doc.id, code: doc.code }, seq: null, problem: 'file', file: { id: doc.file } }]);
    expect(report.files.checked).toBe(report.files.total);
    for (const format of ['csv', 'zip']) {
      const started = await get('finance', `/api/records/export?module.code=purchase&format=${format}`);
      expect(started.statusCode, started.body).toBe(202);
      await exportJobsSettled();
      const job = await t.db.selectFrom('export_jobs').select(['status', 'mail_id']).where('id', '=', started.json().id).executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
      const mail = await t.db.selectFrom('mail_outbox').select('text').where('id', '=', job.mail_id!).executeTakeFirstOrThrow();
      expect(mail.text).toContain(`1 file no longer matches the SHA-256 recorded when it was filed`);
      expect(mail.text).toContain(`${doc.code} bytes.pdf (${doc.file})`);
    }
  });

  it('refuses TRUNCATE of the history and of the records', async () => {
    await expect(sql`truncate record_history`.execute(t.db)).rejects.toThrow(/TRUNCATE is refused/);
    await expect(sql`truncate records`.execute(t.db)).rejects.toThrow(/TRUNCATE is refused/);
    await expect(sql`truncate buffers cascade`.execute(t.db)).rejects.toThrow(/TRUNCATE is refused/);
    expect(Number((await sql<{ n: number }>`select count(*) as n from record_history`.execute(t.db)).rows[0].n)).toBeGreaterThanOrEqual(5);
  });

  it('anchors the whole store outside the database and finds a document deleted with its whole history', async () => {
    const anchor = await t.app.recordsAnchor.run();
    expect(anchor).not.toBeNull();
    expect(existsSync(anchor!.file)).toBe(true);
    expect(createHash('sha256').update(readFileSync(anchor!.file)).digest('hex')).toBe(anchor!.digest);
    expect(readFileSync(anchor!.file, 'utf8')).toContain(`\n${docs.deleted.id} 1 `);
    const mails = await t.db.selectFrom('mail_outbox').select(['to_address', 'text']).where('subject', 'like', '%アンカー%').execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.text.includes(anchor!.digest))).toBe(true);
    expect((await verify('?files=none')).anchor).toMatchObject({ ok: true, digest: anchor!.digest });

    const doc = docs.deleted;
    await outside(async (db) => {
      // Foreign keys and every trigger off, as a superuser can: no trace is left in the chains.
      await sql`set local session_replication_role = replica`.execute(db);
      await sql`delete from record_history where buffer_id = ${doc.id}`.execute(db);
      await sql`delete from records where buffer_id = ${doc.id}`.execute(db);
      await sql`delete from buffers where id = ${doc.id}`.execute(db);
    });
    const report = await verify('?files=none');
    expect(report.ok).toBe(false);
    expect(report.anchor).toMatchObject({ ok: false });
    expect(problemsOf(report, doc)).toEqual([{ document: { id: doc.id, code: null }, seq: 1, problem: 'deleted' }]);
  });
});
