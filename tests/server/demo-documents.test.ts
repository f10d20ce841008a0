import { afterAll, describe, expect, test } from 'vitest';
import { seedDemoDocuments } from '../../server/db/demo/demo-documents';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { BufferStatus } from '../../server/workflow/status';
import { buildTestApp } from './helpers';

/**
 * The demo's working month (issue #22): filed through the API on the seeded organisation, every
 * module with approval steps has documents in every status, each demo approver has work
 * waiting, completed payments carry treasury data, and admin@ has a user's deletion to judge.
 */
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const started = Date.now();
const result = await seedDemoDocuments(t.app, { today: new Date('2026-11-20T03:00:00Z') });
console.log(`demo documents: ${JSON.stringify(result)} in ${Date.now() - started} ms`);
const { modules } = await readDefinitionSet(undefined, { check: false });
const withSteps = (await t.db.selectFrom('master_processes').select('module_code').distinct().where('optional', '=', false).execute())
  .map((r) => r.module_code).filter((code) => modules[code] && !modules[code].meta.entity);

const get = async (email: string, url: string) => {
  const reply = await t.app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${await t.login(email)}`, 'accept-language': 'en' } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

describe('demo documents', () => {
  test('every module with steps has documents on process, completed, rejected and withdrawn', async () => {
    expect(result).not.toBeNull();
    const rows = await t.db.selectFrom('buffers').select(['module_code', 'status']).execute();
    for (const code of withSteps) {
      const statuses = new Set(rows.filter((r) => r.module_code === code).map((r) => r.status));
      expect([...statuses].sort(), code).toEqual([BufferStatus.ON_PROCESS, BufferStatus.COMPLETED, BufferStatus.REJECTED, BufferStatus.WITHDRAWN].sort());
    }
  });

  test.each(['approver@example.com', 'approver2@example.com', 'finance@example.com', 'treasury@example.com', 'legal@example.com', 'admin@example.com'])(
    '%s has documents waiting', async (email) => {
      const list = await get(email, '/approvals/my');
      expect(list['hydra:totalItems']).toBeGreaterThan(0);
    },
  );

  test('admin@ has a user deletion waiting, and edit histories and treasury data exist', async () => {
    const deletion = await t.db.selectFrom('buffers').select(['id', 'action', 'module_code']).where('action', '=', 'delete').where('status', '=', BufferStatus.ON_PROCESS).execute();
    expect(deletion.map((d) => modules[d.module_code]?.meta.entity?.kind)).toContain('user');
    const histories = await t.db.selectFrom('buffer_histories' as never).select('id' as never).execute();
    expect(histories.length).toBeGreaterThan(0);
    const paid = await t.db.selectFrom('buffers').select('data').where('status', '=', BufferStatus.COMPLETED).execute();
    expect(paid.some((b) => typeof (b.data as Record<string, unknown>)?.payment_date === 'string')).toBe(true);
  });

  test('the Records screen has e-invoices and receipts of every module whose invoices the statistics list, for finance@', async () => {
    const invoiceModules = Object.values(modules).filter((m) => m.kind === 'module' && m.meta.statistics?.invoices && m.meta.statistics.records).map((m) => m.code);
    expect(invoiceModules.length).toBeGreaterThan(0);
    for (const code of invoiceModules) {
      const list = await get('finance@example.com', `/records?module.code=${code}&itemsPerPage=100`);
      const kinds = new Set((list['hydra:member'] as Array<{ file: { document_type: string } }>).map((r) => r.file.document_type));
      expect([...kinds], code).toEqual(expect.arrayContaining(['e-invoice', 'app-paper']));
    }
  });

  test.each([['en', 'Delete'], ['ja', '削除'], ['zh', '删除']])('admin@ reads the deletion\'s action title in %s', async (lang, word) => {
    const reply = await t.app.inject({ url: '/api/approvals/my', headers: { authorization: `Bearer ${await t.login('admin@example.com')}`, 'accept-language': lang } });
    const deletions = (reply.json()['hydra:member'] as Array<{ buffer: { action: string; info: { title: string } } }>).filter((a) => a.buffer.action === 'delete');
    expect(deletions.length).toBeGreaterThan(0);
    for (const d of deletions) expect(d.buffer.info.title).toContain(word);
  });

  test('running it again changes nothing', async () => {
    const before = await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoDocuments(t.app)).toBeNull();
    const after = await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });
});
