import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobsSettled } from '../../server/statistics/export-jobs';
import { MONEYFORWARD_COLUMNS } from '../../server/journals/presets/moneyforward';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc } from './statistics-fixtures';
import { demoUsers, tokens, type Users } from './workflow-fixtures';
import { readMoneyforward, readYayoi } from './journals/journal-file-reader';
import { REGISTERED } from './journals/journal-samples';

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let rh: number;
let rt: number;

const call = async (user: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' }, ...(payload ? { payload: payload as object } : {}) });
const period = { from: '2026-09-01', to: '2026-10-31' };
const preview = (user: string, company: number, extra = '') => call(user, 'GET', `/api/journal_exports/preview?company_id=${company}&from=${period.from}&to=${period.to}${extra}`);
async function exportFile(user: string, body: Record<string, unknown>) {
  const started = await call(user, 'POST', '/api/journal_exports', { company_id: rh, ...period, ...body });
  expect(started.statusCode).toBe(202);
  await exportJobsSettled();
  const status = await call(user, 'GET', `/api/journal_exports/${started.json().id}`);
  expect(status.json()).toMatchObject({ status: 'done', progress: 100 });
  const file = await call(user, 'GET', `/api/journal_exports/${started.json().id}/file`);
  expect(file.statusCode).toBe(200);
  return { id: started.json().id as number, bytes: file.rawPayload, headers: file.headers };
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  rt = companies.find((c) => c.code === 'RT')!.id;
  await t.db.insertInto('journal_mappings').values({
    company_id: rh,
    mapping: JSON.stringify({ list: 'yayoi', modules: { payment: { debit: { account: '仕入高' }, credit: { account: '未払金' } }, 'collection-sales': { debit: { account: '売掛金' }, credit: { account: '売上高' } } } }),
  }).execute();
  const base = { requester: users.employee.id, company: rh, status: 2 };
  await insertStatDoc(t.db, { ...base, module: 'payment', code: 'PAY-J-1', data: { payment_date: '2026-09-30', total: 11000, transaction_items: [{ total: 11000, invoice_issuer: '㈱髙橋商事', invoice_registration_no: REGISTERED }] } });
  await insertStatDoc(t.db, { ...base, module: 'payment', code: 'PAY-J-2', data: { payment_date: '2026-10-01', total: 2200, transaction_items: [{ total: 2200, invoice_issuer: '山田' }] } });
  await insertStatDoc(t.db, { ...base, module: 'collection-sales', code: 'CS-J-1', data: { sales_date: '2026-10-15', amount: 33000, customer_name: 'Acme' } });
  // Issue #36: a decided document's 決裁番号 (else its 申請番号) goes into the memo beside the code.
  await t.db.updateTable('buffers').set({ application_number: 'RH-2026-PAY-00001', decision_number: 'KRH26-00001' }).where('code', '=', 'PAY-J-1').execute();
  await t.db.updateTable('buffers').set({ application_number: 'RH-2026-PAY-00002' }).where('code', '=', 'PAY-J-2').execute();
  // Outside the period, on process, another company's: none of them is exported.
  await insertStatDoc(t.db, { ...base, module: 'payment', code: 'PAY-J-OLD', data: { payment_date: '2026-08-31', total: 5, transaction_items: [{ total: 5 }] } });
  await insertStatDoc(t.db, { ...base, status: 0, module: 'payment', code: 'PAY-J-OPEN', data: { payment_date: '2026-09-15', total: 7, transaction_items: [{ total: 7 }] } });
  await insertStatDoc(t.db, { ...base, company: rt, module: 'payment', code: 'PAY-J-RT', data: { payment_date: '2026-09-15', total: 9, transaction_items: [{ total: 9 }] } });
});

afterAll(async () => { await t.close(); });

describe('journal exports', () => {
  it('previews the period\'s decided documents as balanced journals with the インボイス deduction', async () => {
    const res = await preview('finance', rh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.journals.map((j: { code: string }) => j.code)).toEqual(['PAY-J-1', 'PAY-J-2', 'CS-J-1']);
    expect(body.journals[0].lines[0].debit).toMatchObject({ account: '仕入高', amount: 11000, tax: 1000, deduction: 'qualified' });
    // 2026-10-01 without a registration: 70 % (令和8年度税制改正; was 50 %).
    expect(body.journals[1].lines[0].debit.deduction).toBe('70');
    expect(body.journals.map((j: { memo: string }) => j.memo)).toEqual(['PAY-J-1 KRH26-00001 ㈱髙橋商事', 'PAY-J-2 RH-2026-PAY-00002 山田', 'CS-J-1 Acme']);
    expect(body.journals[2].lines[0]).toMatchObject({ debit: { account: '売掛金', amount: 33000 }, credit: { account: '売上高', tax_class: 'sales_10', tax: 3000 } });
  });

  it('exports 弥生 as a job, marks the documents, skips them next time unless asked, and logs the export', async () => {
    const first = await exportFile('finance', { format: 'yayoi' });
    expect(first.headers['content-disposition']).toContain('journals-yayoi-2026-09-01-2026-10-31.txt');
    const read = readYayoi(first.bytes);
    expect(read.map((j) => [j.code, j.debit])).toEqual([['PAY-J-1', 11000], ['PAY-J-2', 2200], ['CS-J-1', 33000]]);
    expect(await t.db.selectFrom('journal_exported').select('buffer_id').where('job_id', '=', first.id).execute()).toHaveLength(3);
    const log = await t.db.selectFrom('access_log').select(['event', 'company_id', 'user_id', 'detail']).where('event', '=', 'export.journal').execute();
    expect(log).toEqual([{ event: 'export.journal', company_id: rh, user_id: users.finance.id, detail: expect.objectContaining({
      route: 'POST /api/journal_exports', status: 202, job_id: first.id, format: 'yayoi', ...period, include_exported: false,
    }) }]);

    const again = await exportFile('finance', { format: 'yayoi' });
    expect(again.bytes.length).toBe(0);
    const all = await exportFile('finance', { format: 'moneyforward', include_exported: true, encoding: 'shift_jis' });
    expect(readMoneyforward(all.bytes, 'cp932', MONEYFORWARD_COLUMNS).map((j) => j.code)).toEqual(['PAY-J-1', 'PAY-J-2', 'CS-J-1']);
  });

  it('lists a document edited after its export as needing a correcting journal', async () => {
    await t.db.updateTable('buffers').set({ updated_at: new Date(Date.now() + 60_000) }).where('code', '=', 'PAY-J-2').execute();
    const body = (await preview('finance', rh)).json();
    expect(body.corrections.map((c: { code: string }) => c.code)).toEqual(['PAY-J-2']);
    expect(body.journals).toEqual([]);
  });

  it('fails the job with the reason for a company without a mapping', async () => {
    const started = await call('admin', 'POST', '/api/journal_exports', { company_id: rt, format: 'freee', ...period });
    expect(started.statusCode).toBe(202);
    await exportJobsSettled();
    const status = (await call('admin', 'GET', `/api/journal_exports/${started.json().id}`)).json();
    expect(status).toMatchObject({ status: 'failed', error: expect.stringContaining('no journal mapping') });
    expect((await call('admin', 'GET', `/api/journal_exports/${started.json().id}/file`)).statusCode).toBe(409);
  });

  it('is for finance and treasury of the company and group admins only', async () => {
    const cases: Array<[string, number, number]> = [
      ['finance', rh, 200], ['treasury', rh, 200], ['admin', rh, 200], ['admin', rt, 200],
      ['ap.authorizer', rh, 403], ['legal', rh, 403], ['employee', rh, 403], ['approver', rh, 403], ['sota.kimura', rh, 403], ['finance', rt, 403],
    ];
    const entries = async () => (await t.db.selectFrom('access_log').select(['company_id', 'user_id', 'detail']).where('event', '=', 'export.journal').orderBy('id').execute());
    const before = (await entries()).length;
    const queued: Array<{ company_id: number; user_id: number; job_id: number }> = [];
    for (const [user, company, status] of cases) {
      expect([user, company, (await preview(user, company)).statusCode]).toEqual([user, company, status]);
      const post = await call(user, 'POST', '/api/journal_exports', { company_id: company, format: 'yayoi', ...period });
      expect([user, company, post.statusCode]).toEqual([user, company, status === 200 ? 202 : 403]);
      if (post.statusCode === 202) queued.push({ company_id: company, user_id: users[user].id, job_id: post.json().id });
    }
    // One entry per queued export (the job's company, even a group admin's for another company), none for a refused one.
    expect((await entries()).slice(before).map((e) => ({ company_id: e.company_id, user_id: e.user_id, job_id: (e.detail as { job_id?: number }).job_id }))).toEqual(queued);
    await exportJobsSettled();
    const own = await t.db.selectFrom('export_jobs').select(['id', 'user_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const owner = Object.values(users).find((u) => u.id === own.user_id)!.email.split('@')[0];
    const stranger = owner === 'finance' ? 'treasury' : 'finance';
    expect((await call(stranger, 'GET', `/api/journal_exports/${own.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad period and an unknown format with 400', async () => {
    expect((await call('finance', 'POST', '/api/journal_exports', { company_id: rh, format: 'yayoi', from: '2026-10-02', to: '2026-10-01' })).statusCode).toBe(400);
    expect((await call('finance', 'POST', '/api/journal_exports', { company_id: rh, format: 'yayoi', from: '2025-01-01', to: '2026-10-01' })).statusCode).toBe(400);
    expect((await call('finance', 'POST', '/api/journal_exports', { company_id: rh, format: 'excel', ...period })).statusCode).toBe(400);
  });
});

describe('journal mapping', () => {
  it('answers the mapping, the modules that book (from the definitions) and the standard lists', async () => {
    const res = await call('finance', 'GET', `/api/companies/${rh}/journal_mapping`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mapping.modules.payment.debit.account).toBe('仕入高');
    const marked = Object.values(t.app.definitions.modules).filter((m) => m.meta.statistics?.journal).map((m) => m.code).sort();
    expect(body.modules.map((m: { code: string }) => m.code).sort()).toEqual(marked);
    expect(body.lists.yayoi.accounts).toContain('旅費交通費');
    expect(body.lists.moneyforward.tax_classes).toContain('課税仕入 10%');
    expect((await call('employee', 'GET', `/api/companies/${rh}/journal_mapping`)).statusCode).toBe(403);
    expect((await call('finance', 'GET', `/api/companies/${rt}/journal_mapping`)).statusCode).toBe(403);
  });
});

describe('registration checks recorded with their day', () => {
  it('a number registered only from 2026-10-01 was not valid on 2026-09-30: 80 %控除', async () => {
    await t.db.insertInto('invoice_registration_checks').values({ number: REGISTERED, valid: true, registered_from: '2026-10-01', source: 'test' }).execute();
    const body = (await preview('finance', rh, '&include_exported=1')).json();
    const first = body.journals.find((j: { code: string }) => j.code === 'PAY-J-1');
    expect(first.lines[0].debit.deduction).toBe('80');
  });
});
