import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { approveEveryStep } from './admin-fixtures';
import { demoUsers, filePurchase, getter, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * The history that cannot be rewritten quietly (電子帳簿保存法 真実性, 通達 10-2) and the
 * retention of removed files: a purchase filed with two photos, one taken off by an edit, then
 * approved to the end; every change is an entry with before/after, who and why, chained by
 * SHA-256; a change made in the database around the application is found by `/records/verify`;
 * the removed file is kept, refused to its uploader's delete, and still downloadable by a
 * Company Internal Auditor.
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let filed: { id: number; code: string };
const photos: number[] = [];
const bytes = [Buffer.from('%PDF-1.4\n% first photo\n%%EOF\n'), Buffer.from('%PDF-1.4\n% second photo\n%%EOF\n')];

async function upload(token: string, content: Buffer, name: string): Promise<number> {
  const boundary = '----ringi-records';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\npurchase-photo\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Entry = { seq: number; kind: string; reason: string | null; actor: { id: number } | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; files_added: Array<{ id: number; sha256: string }>; files_removed: Array<{ id: number }> };
const history = async (user: string, query = '') => {
  const response = await get(user, `/api/buffers/${filed.id}/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { 'hydra:member': Entry[]; chain_ok: boolean };
};

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  post = poster(t, auth);
  const employee = await auth('employee');
  photos.push(await upload(employee, bytes[0], 'first.pdf'), await upload(employee, bytes[1], 'second.pdf'));
  const body = await purchaseBody(t.db, users);
  (body.purchase_goods[0] as Record<string, unknown>).purchase_goods_photo = photos;
  filed = await filePurchase(t, employee, body);
}, 120_000);
afterAll(async () => t?.close());

describe('document history', () => {
  it('records the filing with who, why and the files with their SHA-256', async () => {
    const { 'hydra:member': entries, chain_ok } = await history('employee');
    expect(chain_ok).toBe(true);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ seq: 1, kind: 'filed', reason: 'submit', actor: { id: users.employee.id }, before: null });
    const stored = await t.db.selectFrom('files').select(['id', 'sha256']).where('id', 'in', photos).orderBy('id').execute();
    expect(entries[0].files_added).toEqual(stored.map((f) => expect.objectContaining({ id: f.id, sha256: f.sha256 })));
    expect(stored[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records an edit that takes a file off as before/after and keeps the record of the removed file', async () => {
    const current = (await t.db.selectFrom('buffers').select('data').where('id', '=', filed.id).executeTakeFirstOrThrow()).data as Record<string, unknown>;
    const goods = (current.purchase_goods as Array<Record<string, unknown>>).map((g) => ({ ...g, purchase_goods_photo: [photos[0]] }));
    const edited = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { ...current, purchase_goods: goods } });
    expect(edited.statusCode, edited.body).toBe(200);
    const { 'hydra:member': entries } = await history('employee');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ seq: 2, kind: 'file-removed', reason: 'edit', actor: { id: users.employee.id }, files_removed: [expect.objectContaining({ id: photos[1] })] });
    expect((entries[1].before!.purchase_goods as Array<Record<string, unknown>>)[0].purchase_goods_photo).toEqual(photos);
    expect((entries[1].after!.purchase_goods as Array<Record<string, unknown>>)[0].purchase_goods_photo).toEqual([photos[0]]);
    const kept = await t.db.selectFrom('records').select(['file_id', 'removed_at']).where('buffer_id', '=', filed.id).orderBy('file_id').execute();
    expect(kept.map((r) => [r.file_id, r.removed_at !== null])).toEqual([[photos[0], false], [photos[1], true]]);
  });

  it('records each status change with the approver as actor, and the chain verifies', async () => {
    const rows = () => sql<{ file_id: number; version: string; removed: boolean; amount: string | null }>`select file_id, xmin::text as version,
      removed_at is not null as removed, amount::text from records where buffer_id = ${filed.id} order by file_id`.execute(t.db).then((r) => r.rows);
    const before = await rows();
    await approveEveryStep(t.db, post, filed.id);
    // A status change leaves the records rows it does not change as they were (not written again: the same row versions).
    expect(await rows()).toEqual(before);
    const { 'hydra:member': entries, chain_ok } = await history('employee');
    const status = entries.filter((e) => e.kind === 'status');
    expect(status).toHaveLength(1);
    expect(status[0]).toMatchObject({ reason: 'approve', actor: { id: users.authorizer.id }, before: { $status: 0 } });
    expect(chain_ok).toBe(true);
    const verify = await get('admin', '/api/records/verify');
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ ok: true, broken: [], unattributed: [] });
    expect(verify.json().entries).toBeGreaterThanOrEqual(3);
  });

  it('writes a records row again where it differs from the document: a field, or a file marked removed that is back', async () => {
    const kept = () => t.db.selectFrom('records').select(['amount', 'counterparty', 'removed_at']).where('buffer_id', '=', filed.id).where('file_id', '=', photos[0]).executeTakeFirstOrThrow();
    const expected = await kept();
    for (const change of [sql`removed_at = now()`, sql`amount = 1, counterparty = 'someone else'`]) {
      await sql`update records set ${change} where buffer_id = ${filed.id} and file_id = ${photos[0]}`.execute(t.db);
      await sql`select ringi_records_fill(array[${filed.id}]::integer[])`.execute(t.db);
      expect(await kept()).toEqual(expected);
    }
  });

  it('is searchable by text, kind and day, and printable as a PDF', async () => {
    expect((await history('employee', '?q=second.pdf'))['hydra:member'].map((e) => e.seq)).toEqual([1, 2]);
    expect((await history('employee', '?kind=status'))['hydra:member'].map((e) => e.kind)).toEqual(['status']);
    expect((await history('employee', '?at%5Bbefore%5D=2000-01-01'))['hydra:member']).toEqual([]);
    const pdf = await get('employee', `/api/buffers/${filed.id}/history?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The shipped font (no system font needed): Noto Sans JP for a reader in en or ja.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
  });

  it('hides the history from someone who cannot see the document', async () => {
    expect((await get('client', `/api/buffers/${filed.id}/history`)).statusCode).toBe(404);
  });
});

describe('retention of removed files', () => {
  it('refuses the uploader\'s delete of a removed record file, naming the retention period', async () => {
    const token = await tokens(t)('employee');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/files/${photos[1]}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(409);
    const year = new Date().getUTCFullYear() + 7;
    expect(response.json().message).toMatch(new RegExp(`kept until ${year}-\\d{2}-\\d{2} \\(retention period\\)`));
  });

  it('lets a Company Internal Auditor find and download the removed file; others without a role get 403', async () => {
    expect((await get('legal', '/api/records')).statusCode).toBe(403);
    const type = await t.db.selectFrom('setting_types').select('id').where('code', '=', 'company-internal-auditor').executeTakeFirstOrThrow();
    // Every user has a row per setting type (the admin's user form): name legal@ the employee's internal auditor.
    await t.db.updateTable('user_settings').set({ approver_id: users.legal.id }).where('user_id', '=', users.employee.id).where('setting_type_id', '=', type.id).execute();
    const list = await get('legal', '/api/records?include_removed=true&module.code=purchase');
    expect(list.statusCode, list.body).toBe(200);
    const removed = (list.json()['hydra:member'] as Array<{ file: { id: number }; removed_at: string | null }>).find((r) => r.file.id === photos[1]);
    expect(removed?.removed_at).not.toBeNull();
    expect((await get('legal', '/api/records?module.code=purchase')).json()['hydra:member'].some((r: { file: { id: number } }) => r.file.id === photos[1])).toBe(false);
    const file = await get('legal', `/api/records/files/${photos[1]}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes[1])).toBe(true);
    expect((await get('client', `/api/records/files/${photos[1]}`)).statusCode).toBe(403);
  });
});

describe('changes made around the application', () => {
  it('refuses to update or delete a history entry', async () => {
    await expect(sql`update record_history set reason = 'x' where buffer_id = ${filed.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from record_history where buffer_id = ${filed.id}`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('reports a direct change of the documents\' data as an unattributed, unsealed entry (and not ok)', async () => {
    await sql`update buffers set data = jsonb_set(data, '{total_estimated}', '1') where id = ${filed.id}`.execute(t.db);
    const report = (await get('admin', '/api/records/verify')).json();
    expect(report.ok).toBe(false);
    expect(report.unattributed).toEqual([expect.objectContaining({ document: { id: filed.id, code: filed.code } })]);
    expect(report.broken).toEqual([{ document: { id: filed.id, code: filed.code }, seq: report.unattributed[0].seq, problem: 'unsealed' }]);
  });

  it('finds an entry rewritten with the append-only trigger switched off, and data changed without an entry', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`alter table record_history disable trigger record_history_append_only`.execute(trx);
      await sql`update record_history set after = jsonb_set(after, '{total_estimated}', '999999') where buffer_id = ${filed.id} and seq = 2`.execute(trx);
      await sql`alter table record_history enable trigger record_history_append_only`.execute(trx);
    });
    await t.db.transaction().execute(async (trx) => {
      // The loader's switch turns the records trigger off for this transaction: no entry is written.
      await sql`select set_config('ringi.stats_deferred', 'on', true)`.execute(trx);
      await sql`update buffers set status = 30 where id = ${filed.id}`.execute(trx);
    });
    const report = (await get('admin', '/api/records/verify')).json();
    expect(report.ok).toBe(false);
    expect(report.broken).toEqual([
      { document: { id: filed.id, code: filed.code }, seq: 2, problem: 'hash' },
      // The entry of the previous test's direct change, still unsealed.
      { document: { id: filed.id, code: filed.code }, seq: report.unattributed[0].seq, problem: 'unsealed' },
      { document: { id: filed.id, code: filed.code }, seq: expect.any(Number), problem: 'data' },
    ]);
    expect((await history('employee')).chain_ok).toBe(false);
  });
});

describe('the records rows follow what they are drawn from', () => {
  const row = () => t.db.selectFrom('records').select(['code', 'company_keys']).where('buffer_id', '=', filed.id).where('file_id', '=', photos[0]).executeTakeFirstOrThrow();

  it('a change of the document\'s code, or of its company, is followed', async () => {
    const before = await row();
    await sql`update buffers set code = code || '-R' where id = ${filed.id}`.execute(t.db);
    expect((await row()).code).toBe(`${filed.code}-R`);
    const other = await t.db.selectFrom('companies').select('id').where('id', '!=', sql<number>`(select company_id from buffers where id = ${filed.id})`).executeTakeFirstOrThrow();
    await sql`update buffers set company_id = ${other.id} where id = ${filed.id}`.execute(t.db);
    expect((await row()).company_keys).not.toEqual(before.company_keys);
  });
});
