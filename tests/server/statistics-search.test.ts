import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { fileFieldNames } from '../../server/files/file-field-names';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertFile, insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let post: (user: string, url: string, payload: unknown) => Promise<Awaited<ReturnType<typeof get>>>;
const ids: Record<string, number> = {};
let files: number[] = [];
let rh: number;
let rt: number;
let subject: { code: string; facts: { amount?: string; vendor?: string[]; paymentDate?: string[] } };
const today = new Date().toISOString().slice(0, 10);

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const codes = (body: { 'hydra:member': Array<{ code: string }> }) => body['hydra:member'].map((m) => m.code).sort();

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  post = async (user, url, payload) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' } });
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  rt = companies.find((c) => c.code === 'RT')!.id;
  const definitions = await readDefinitionSet(undefined, { check: false });
  const fileFieldOf = (code: string) => fileFieldNames(definitions.modules).find((f) => Object.hasOwn((definitions.modules[code].schema.properties ?? {}) as object, f));
  // A module with amount, vendor, payment date and a top-level file field.
  subject = (await factModules()).withAmountVendorDate.find((m) => fileFieldOf(m.code))!;
  const { amount, vendor, paymentDate } = subject.facts;
  const fileField = fileFieldOf(subject.code)!;
  const data = (total: number, name: string, pay: string, fileIds: number[] = []) => {
    const d: Record<string, unknown> = { currency_id: 1 };
    setAtPath(d, amount!, total);
    setAtPath(d, vendor![0], name);
    setAtPath(d, paymentDate![0], pay);
    if (fileIds.length) d[fileField] = fileIds;
    return d;
  };
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  files = [
    await insertFile(t.db, t.config.dataDir, users.employee.id, 'invoice.pdf', pdf),
    await insertFile(t.db, t.config.dataDir, users.employee.id, 'invoice.pdf', Buffer.from('%PDF-1.4\nsecond\n%%EOF\n')),
    await insertFile(t.db, t.config.dataDir, users.approver2.id, 'other-company.pdf', pdf),
  ];
  const base = { module: subject.code, requester: users.employee.id };
  ids.small = await insertStatDoc(t.db, { ...base, company: rh, code: 'S-1', data: data(100, 'Alpha Supplies', '2026-03-10', [files[0], files[1]]) });
  ids.big = await insertStatDoc(t.db, { ...base, company: rh, code: 'S-2', data: data(5000, 'Beta Trading', '2026-03-20') });
  ids.old = await insertStatDoc(t.db, { ...base, company: rh, code: 'S-3', data: data(300, 'Alpha Supplies', '2025-01-05'), createdAt: '2025-01-01T03:00:00Z', completedAt: '2025-02-01T03:00:00Z', status: 2 });
  ids.other = await insertStatDoc(t.db, { module: subject.code, requester: users.approver2.id, company: rt, code: 'S-4', data: data(700, 'Alpha Supplies', '2026-03-12', [files[2]]) });
});

afterAll(async () => { await t.close(); });

describe('GET /buffer/statistic_search', () => {
  it('finds today\'s submissions of the user\'s own company, 5 per page, newest first', async () => {
    const response = await get('finance', `/api/buffer/statistic_search?${q({ createdAt: `${today}~${today}` })}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(codes(body)).toEqual(['S-1', 'S-2']);
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'][0]).toMatchObject({ module: { code: subject.code }, requester: { id: users.employee.id } });
  });

  it('filters by amount with each operator, given either way', async () => {
    const period = { createdAt: `2020-01-01~${today}` };
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ ...period, amount: '>=300' })}`)).json())).toEqual(['S-2', 'S-3']);
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ ...period, amount: '<=300' })}`)).json())).toEqual(['S-1', 'S-3']);
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ ...period, inputAmount: 100, condition: 'eq' })}`)).json())).toEqual(['S-1']);
  });

  it('filters by vendor, currency, module, estimated payment date and completion date', async () => {
    const period = { createdAt: `2020-01-01~${today}` };
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ ...period, vendor: 'alpha' })}`)).json())).toEqual(['S-1', 'S-3']);
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ ...period, currency: 'CNY', moduleCode: subject.code })}`)).json())).toHaveLength(3);
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ estPaymentDate: '2026-03-01~2026-03-15' })}`)).json())).toEqual(['S-1']);
    expect(codes((await get('finance', `/api/buffer/statistic_search?${q({ completionDate: '2025-02-01~2025-02-01' })}`)).json())).toEqual(['S-3']);
  });

  it('finds documents by 申請番号 or 決裁番号 (part of it, any case) and lists both numbers (issue #36)', async () => {
    await t.db.updateTable('buffers').set({ application_number: 'RH-2026-X-00011', decision_number: null }).where('id', '=', ids.small).execute();
    await t.db.updateTable('buffers').set({ application_number: 'RH-2025-X-00002', decision_number: 'KRH25-00009' }).where('id', '=', ids.old).execute();
    const period = { createdAt: `2020-01-01~${today}` };
    const search = async (extra: Record<string, string>) => (await get('finance', `/api/buffer/statistic_search?${q({ ...period, ...extra })}`)).json();
    expect(codes(await search({ application_number: 'rh-2026-x' }))).toEqual(['S-1']);
    expect(codes(await search({ decision_number: 'krh25' }))).toEqual(['S-3']);
    expect(codes(await search({ application_number: 'X-0', decision_number: '00009' }))).toEqual(['S-3']);
    expect(codes(await search({ decision_number: '%' }))).toEqual([]);
    expect((await search({ application_number: '00011' }))['hydra:member'][0]).toMatchObject({ application_number: 'RH-2026-X-00011', decision_number: null });
  });

  it('sorts by code and amount and pages', async () => {
    const period = { createdAt: `2020-01-01~${today}` };
    const asc = (await get('finance', `/api/buffer/statistic_search?${q({ ...period, 'sort[code]': 'asc', itemsPerPage: 2, page: 2 })}`)).json();
    expect(asc['hydra:member'].map((m: { code: string }) => m.code)).toEqual(['S-3']);
    expect(asc['hydra:totalItems']).toBe(3);
    const byAmount = (await get('finance', `/api/buffer/statistic_search?${q({ ...period, 'sort[amount]': 'desc' })}`)).json();
    expect(byAmount['hydra:member'].map((m: { code: string }) => m.code)).toEqual(['S-2', 'S-3', 'S-1']);
  });

  it('keeps to the user\'s company: another company is refused, a group admin may choose it', async () => {
    const period = { createdAt: `2020-01-01~${today}` };
    const refused = await get('finance', `/api/buffer/statistic_search?${q({ ...period, companyName: rt })}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/own company/);
    const admin = await t.db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ is_authorizer: true }).where('id', '=', admin.id).execute();
    expect(codes((await get('admin', `/api/buffer/statistic_search?${q({ ...period, companyName: rt })}`)).json())).toEqual(['S-4']);
    expect(codes((await get('admin', `/api/buffer/statistic_search?${q({ ...period, companyName: 'Trading' })}`)).json())).toEqual(['S-4']);
  });

  it('is for authorizer, finance and treasury only', async () => {
    const period = q({ createdAt: `${today}~${today}` });
    expect((await get('employee', `/api/buffer/statistic_search?${period}`)).statusCode).toBe(403);
    expect((await get('legal', `/api/buffer/statistic_search?${period}`)).statusCode).toBe(403);
    expect((await get('treasury', `/api/buffer/statistic_search?${period}`)).statusCode).toBe(200);
    expect((await get('authorizer', `/api/buffer/statistic_search?${period}`)).statusCode).toBe(200);
  });

  it('answers bad filters with 400 and a message', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /period type/],
      [{ createdAt: '' }, /select the period/],
      [{ createdAt: '2026-02-30~2026-03-01' }, /not two dates/],
      [{ createdAt: '2026-03-02~2026-03-01' }, /not two dates/],
      [{ createdAt: today, completionDate: today }, /one period type/],
      [{ createdAt: today, amount: 'lots' }, /operator/],
      [{ createdAt: today, inputAmount: '5', condition: 'gt' }, /gte, eq or lte/],
      [{ createdAt: today, moduleCode: 'nope' }, /no module/],
      [{ createdAt: today, 'sort[code]': 'up' }, /.+/],
      // The query's own constraints (src/wire/document-search.ts): page size, amount range, text length, no unknown keys.
      [{ createdAt: today, itemsPerPage: '101' }, /.+/],
      [{ createdAt: today, inputAmount: '1e16' }, /.+/],
      [{ createdAt: today, vendor: 'v'.repeat(101) }, /.+/],
      [{ createdAt: today, unknown: '1' }, /.+/],
    ];
    for (const [params, message] of cases) {
      const response = await get('finance', `/api/buffer/statistic_search?${q(params)}`);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('files: search, zip, a document\'s files and their content', () => {
  it('lists the files of matching documents with their document, newest first', async () => {
    const response = await get('finance', `/api/buffer_files/statistic_search?${q({ createdAt: `2020-01-01~${today}` })}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'].map((f: { id: number }) => f.id)).toEqual([files[1], files[0]]);
    expect(body['hydra:member'][0]).toMatchObject({ buffer: { code: 'S-1', amount: 100 }, url: expect.stringMatching(/^\/api\/statistic_files\/\d+\?token=/) });
    const content = await t.app.inject({ method: 'GET', url: body['hydra:member'][1].url });
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('%PDF');
    expect((await get('finance', `/api/buffer_files/statistic_search?${q({ createdAt: `2020-01-01~${today}`, inputAmount: 1 })}`)).statusCode).toBe(400);
  });

  it('zips the chosen files with a known length, and refuses files of other companies', async () => {
    const response = await post('finance', '/api/buffer_files/zip', { ids: [files[0], files[1]] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('PK')).toBe(true);
    expect(text).toContain('S-1/invoice.pdf');
    expect(text).toContain('S-1/invoice (2).pdf');
    expect(text).toContain('second');
    const refused = await post('finance', '/api/buffer_files/zip', { ids: [files[0], files[2]] });
    expect(refused.statusCode).toBe(404);
    expect((await post('finance', '/api/buffer_files/zip', { ids: [] })).statusCode).toBe(400);
    expect((await post('employee', '/api/buffer_files/zip', { ids: [files[0]] })).statusCode).toBe(403);
  });

  it('lists a document\'s files for statistics users of its company and its participants only', async () => {
    const response = await get('finance', `/api/transaction_files/buffer/${ids.small}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()['hydra:member'].map((m: { file: { id: number }; updater: { id: number } }) => [m.file.id, m.updater.id]))
      .toEqual([[files[0], users.employee.id], [files[1], users.employee.id]]);
    // The whole entry: the uploader, the full file record (a statistics link through the Statistic scope) and the time.
    const record = { id: files[0], name: 'invoice.pdf', formated_name: 'invoice.pdf', formatted_name: 'invoice.pdf', type: 'pdf', mime_type: 'application/pdf', size: 15, size_string: '15 B', created_at: expect.any(String), document_type: 'e-invoice' };
    expect(response.json()['hydra:member'][0]).toEqual({
      updater: { id: users.employee.id, name: users.employee.name },
      file: { ...record, url: expect.stringMatching(new RegExp(`^/api/statistic_files/${files[0]}\\?token=`)) },
      created_at: expect.any(String),
    });
    const asParticipant = await get('employee', `/api/transaction_files/buffer/${ids.small}`);
    expect(asParticipant.statusCode).toBe(200);
    expect(asParticipant.json()['hydra:member'][0].file).toEqual({ ...record, url: expect.stringMatching(new RegExp(`^/api/files/${files[0]}\\?token=`)) });
    expect((await get('finance', `/api/transaction_files/buffer/${ids.other}`)).statusCode).toBe(404);
    expect((await get('client', `/api/transaction_files/buffer/${ids.small}`)).statusCode).toBe(404);
  });

  it('opens a document of the user\'s companies for the detail page, not others', async () => {
    const response = await get('finance', `/api/statistic/buffers/${ids.big}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'S-2' });
    expect((await get('finance', `/api/statistic/buffers/${ids.other}`)).statusCode).toBe(404);
    expect((await get('employee', `/api/statistic/buffers/${ids.big}`)).statusCode).toBe(404);
  });

  it('gives the attachments of a document opened there to its statistics readers, with a statistics link, and no one else', async () => {
    const meta = await get('finance', `/api/files/${files[0]}/meta`);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ id: files[0], name: 'invoice.pdf', url: expect.stringMatching(new RegExp(`^/api/statistic_files/${files[0]}\\?token=`)) });
    const content = await t.app.inject({ method: 'GET', url: meta.json().url });
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe('%PDF-1.4\n%%EOF\n');
    // Its participant reads it as before; another company's file, and a user without the Statistic scope, get 404.
    expect((await get('employee', `/api/files/${files[0]}/meta`)).json().url).toMatch(new RegExp(`^/api/files/${files[0]}\\?token=`));
    expect((await get('finance', `/api/files/${files[2]}/meta`)).statusCode).toBe(404);
    expect((await get('client', `/api/files/${files[0]}/meta`)).statusCode).toBe(404);
  });

  it('gives a related document (the purchase a reimbursement names) to statistics readers of its company only', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const purchases = Object.values(definitions.modules).find((m) => m.meta.relatedAs?.list === 'purchases')!;
    const own = await insertStatDoc(t.db, { module: purchases.code, requester: users.employee.id, company: rh, code: 'P-1', status: 2, data: { currency_id: 1 } });
    const other = await insertStatDoc(t.db, { module: purchases.code, requester: users.approver2.id, company: rt, code: 'P-2', status: 2, data: { currency_id: 1 } });
    const read = await get('finance', `/api/purchases/${own}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: own, code: 'P-1' });
    expect((await get('finance', `/api/purchases/${other}`)).statusCode).toBe(404);
    expect((await get('client', `/api/purchases/${own}`)).statusCode).toBe(404);
  });

  it('refuses a file link with a bad token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/statistic_files/${files[0]}?token=bad` })).statusCode).toBe(401);
  });
});
