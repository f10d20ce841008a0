import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, validateSubmission } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { FileStorage } from '../../server/files/file-storage';
import { seedDocuments, type SeedDocumentsResult } from '../../scripts/lib/seed-documents';
import { buildTestApp, type TestApp } from './helpers';

const COUNT = 400;

describe('document generator (scripts/lib/seed-documents.ts)', () => {
  let t: TestApp;
  let result: SeedDocumentsResult;
  beforeAll(async () => {
    t = await buildTestApp();
    result = await seedDocuments(t.db, { count: COUNT, seed: 7, end: '2026-06-30', batchSize: 150, storage: new FileStorage(t.config.dataDir, t.db) });
  }, 180_000); // 400 documents with their uploads
  afterAll(() => t?.close());

  it('adds the asked number of documents over every module that has approval steps (entity modules left out)', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const withSteps = await t.db.selectFrom('master_processes').select('module_code').where('optional', '=', false).distinct().execute();
    const expected = withSteps.map((r) => r.module_code).filter((code) => definitions.modules[code]?.kind === 'module' && !definitions.modules[code]?.meta.entity).sort();
    expect(expected.length).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('buffers').select(['module_code']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('module_code').execute();
    expect(stored.map((r) => r.module_code).sort()).toEqual(expected);
    expect(stored.reduce((sum, r) => sum + Number(r.n), 0)).toBe(COUNT);
    expect(result.documents).toBe(COUNT);
  });

  it('spreads documents over two years and every status, with consistent chains', async () => {
    const years = await t.db.selectFrom('buffers').select((eb) => eb.fn.min('created_at').as('first')).select((eb) => eb.fn.max('created_at').as('last')).executeTakeFirstOrThrow();
    expect(new Date(years.first).getUTCFullYear()).toBe(2024);
    expect(new Date(years.last).getUTCFullYear()).toBe(2026);
    expect(Object.keys(result.byStatus).map(Number).sort((a, b) => a - b)).toEqual([0, 2, 3, 10]);
    // On process: exactly one active pending step; otherwise none active.
    const rows = await t.db.selectFrom('buffers').leftJoin('approvals', (j) => j.onRef('approvals.buffer_id', '=', 'buffers.id').on('approvals.active', '=', true))
      .select(['buffers.id', 'buffers.status']).select((eb) => eb.fn.count<number>('approvals.id').as('active')).groupBy(['buffers.id', 'buffers.status']).execute();
    for (const row of rows) expect([row.id, Number(row.active)]).toEqual([row.id, row.status === 0 ? 1 : 0]);
    const completedNotDone = await t.db.selectFrom('approvals').innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
      .select('approvals.id').where('buffers.status', '=', 2).where('approvals.status', '!=', 1).execute();
    expect(completedNotDone).toEqual([]);
    const codes = await t.db.selectFrom('buffers').select('code').execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(COUNT);
  });

  it('writes bodies the server accepts: each passes the module validation with its chain', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const t_ = definitions.translate('en');
    const docs = await t.db.selectFrom('buffers').select(['id', 'module_code', 'data']).execute();
    const failures: string[] = [];
    for (const doc of docs) {
      const module = definitions.modules[doc.module_code];
      const steps = await t.db.selectFrom('master_processes').select(['id', 'optional', 'position']).where('module_code', '=', doc.module_code).execute();
      const chain = await t.db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
        .select(['approvals.master_process_id', 'approval_candidates.user_id']).where('buffer_id', '=', doc.id).execute();
      const payload = buildSubmitPayload(module, { ...doc.data, approvals: chain.map((c) => ({ master_process_id: c.master_process_id, approver_id: c.user_id })) });
      const violations = validateSubmission(module, payload, { steps }, t_);
      if (violations.length) failures.push(`${doc.module_code}: ${violations.map((v) => `${v.propertyPath} ${v.message}`).join('; ')}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('files an e-invoice and a receipt on every document of a module that keeps invoices, so they are electronic records', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const keeping = Object.values(definitions.modules).filter((m) => m.meta.statistics?.invoices && m.meta.statistics.records).map((m) => m.code);
    expect(keeping.length).toBeGreaterThan(0);
    const docs = await t.db.selectFrom('buffers').select(['id', 'module_code', 'data']).where('module_code', 'in', keeping).execute();
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      const invoices = definitions.modules[doc.module_code].meta.statistics!.invoices!;
      for (const field of [invoices.einvoices, invoices.papers]) expect([doc.module_code, (doc.data[field] as unknown[] | undefined)?.length]).toEqual([doc.module_code, 1]);
    }
    const records = await t.db.selectFrom('records').select(['module_code']).select((eb) => eb.fn.count<number>('amount').as('amounts'))
      .where('module_code', 'in', keeping).groupBy('module_code').execute();
    expect(records.map((r) => r.module_code).sort()).toEqual([...keeping].sort());
    for (const r of records) expect([r.module_code, Number(r.amounts) > 0]).toEqual([r.module_code, true]);
  });

  it('gives every document a company as filing does (a form without one takes the requester\'s)', async () => {
    const docs = await t.db.selectFrom('buffers').innerJoin('users', 'users.id', 'buffers.requester_id')
      .select(['buffers.module_code', 'buffers.company_id', 'buffers.data', 'users.company_id as requester_company']).execute();
    const definitions = await readDefinitionSet(undefined, { check: false });
    for (const doc of docs) {
      const own = doc.data[definitions.modules[doc.module_code].meta.companyField ?? 'company_id'];
      expect([doc.module_code, doc.company_id]).toEqual([doc.module_code, Number.isInteger(own) ? own : doc.requester_company]);
    }
  });

  it('is deterministic: the same seed on a fresh database gives the same documents', async () => {
    const other = await buildTestApp();
    try {
      await seedDocuments(other.db, { count: 30, seed: 7, end: '2026-06-30', storage: new FileStorage(other.config.dataDir, other.db) });
      const again = await buildTestApp();
      try {
        await seedDocuments(again.db, { count: 30, seed: 7, end: '2026-06-30', storage: new FileStorage(again.config.dataDir, again.db) });
        const read = (app: TestApp) => app.db.selectFrom('buffers').select(['code', 'status', 'data', 'requester_id']).orderBy('id').execute();
        expect(await read(again)).toEqual(await read(other));
      } finally { await again.close(); }
    } finally { await other.close(); }
  }, 120_000); // two fresh databases

  it('leaves pending work on the approvers’ lists, served by the API', async () => {
    const approver = await t.db.selectFrom('approval_candidates').innerJoin('approvals', 'approvals.id', 'approval_candidates.approval_id')
      .innerJoin('users', 'users.id', 'approval_candidates.user_id')
      .select(['users.email']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('approvals.active', '=', true).where('approvals.status', '=', 0)
      .groupBy('users.email').orderBy('n', 'desc').executeTakeFirstOrThrow();
    const token = await t.login(approver.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/approvals/my', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { 'hydra:totalItems': number; 'hydra:member': Array<{ active: boolean; status: number }> };
    expect(body['hydra:totalItems']).toBe(Number(approver.n));
    expect(body['hydra:member'].length).toBeGreaterThan(0);
    for (const item of body['hydra:member']) expect([item.active, item.status]).toEqual([true, 0]);
  });

  it('serves the default pending list from the inbox index exactly as the general query would', async () => {
    const users = await t.db.selectFrom('users').select('email').execute();
    for (const { email } of users) {
      const token = await t.login(email);
      for (const page of [1, 2]) {
        const get = async (extra: string) => (await t.app.inject({ method: 'GET', url: `/api/approvals/my?page=${page}${extra}`, headers: { authorization: `Bearer ${token}` } })).json();
        // status[]=0 is a filter that keeps every pending item but forces the general query.
        expect(await get('')).toEqual(await get('&status[]=0'));
      }
    }
  });
});
