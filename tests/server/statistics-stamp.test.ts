import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticFacts } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { statisticFacts } from '../../server/statistics/facts';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let rh: number;
let rs: number;
let ap: number;
let cny: number;
let jpy: number;
/** A stamp module with amount and contract date, and one without an amount (derived from the definitions). */
let priced: { code: string; facts: StatisticFacts };
let unpriced: { code: string; facts: StatisticFacts } | undefined;

const q = (params: Record<string, string | number | number[]>) => new URLSearchParams(
  Object.entries(params).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]])),
).toString();
const codes = (body: { 'hydra:member': Array<{ code: string }> }) => body['hydra:member'].map((m) => m.code).sort();
const list = async (user: string, params: Record<string, string | number | number[]> = {}) => get(user, `/api/stamp_statistics?${q(params)}`);

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  [rh, rs, ap] = ['RH', 'RS', 'AP'].map((code) => companies.find((c) => c.code === code)!.id);
  const currencies = await t.db.selectFrom('currencies').select(['id', 'code']).execute();
  cny = currencies.find((c) => c.code === 'CNY')!.id;
  jpy = currencies.find((c) => c.code === 'JPY')!.id;
  const stamp = [...statisticFacts(await readDefinitionSet(undefined, { check: false }))].filter(([, f]) => f.stamp).map(([code, facts]) => ({ code, facts }));
  priced = stamp.find((m) => m.facts.amount && m.facts.stamp?.contractDate)!;
  unpriced = stamp.find((m) => !m.facts.amount);
  const data = (party: number, amount: number, currency: number, contractDate: string) => {
    const d: Record<string, unknown> = { currency_id: currency };
    setAtPath(d, priced.facts.stamp!.party, party);
    setAtPath(d, priced.facts.amount!, amount);
    setAtPath(d, priced.facts.stamp!.contractDate!, contractDate);
    return d;
  };
  const base = { module: priced.code, company: rh };
  await insertStatDoc(t.db, { ...base, requester: users.employee.id, code: 'ST-1', data: data(rh, 100, cny, '2026-01-10') });
  await insertStatDoc(t.db, { ...base, requester: users.approver.id, code: 'ST-2', data: data(ap, 5000, cny, '2026-02-10'), completedAt: '2026-02-15T03:00:00Z', status: 2 });
  await insertStatDoc(t.db, { ...base, requester: users.employee.id, code: 'ST-3', data: data(ap, 800, jpy, '2026-03-10') });
  await insertStatDoc(t.db, { module: priced.code, company: rs, requester: users['kaito.yamada'].id, code: 'ST-4', data: data(rs, 300, cny, '2026-01-20') });
  if (unpriced) {
    const d: Record<string, unknown> = {};
    setAtPath(d, unpriced.facts.stamp!.party, ap);
    await insertStatDoc(t.db, { module: unpriced.code, company: rh, requester: users.employee.id, code: 'ST-5', data: d });
  }
  // A document of a module outside stamp statistics never shows.
  const other = [...statisticFacts(await readDefinitionSet(undefined, { check: false }))].find(([, f]) => !f.stamp)![0];
  await insertStatDoc(t.db, { module: other, company: rh, requester: users.employee.id, code: 'ST-X', data: { currency_id: cny } });
});

afterAll(async () => { await t.close(); });

const ownCompany = () => (unpriced ? ['ST-1', 'ST-2', 'ST-3', 'ST-5'] : ['ST-1', 'ST-2', 'ST-3']);

describe('GET /stamp_statistics', () => {
  it('is open to authorizer, legal and treasury, and refused to others with a message', async () => {
    for (const user of ['authorizer', 'legal', 'treasury']) expect((await list(user)).statusCode, user).toBe(200);
    for (const user of ['finance', 'employee']) {
      const response = await list(user);
      expect(response.statusCode, user).toBe(403);
      expect(response.json().message).toMatch(/stamp statistics/i);
    }
  });

  it('lists the own company\'s stamped documents only, newest first, 10 per page', async () => {
    const body = (await list('legal')).json();
    expect(codes(body)).toEqual(ownCompany());
    expect(body['hydra:totalItems']).toBe(ownCompany().length);
    const row = body['hydra:member'].find((m: { code: string }) => m.code === 'ST-2');
    expect(row).toMatchObject({
      module: { code: priced.code }, requester: { id: users.approver.id }, contract_party: { id: ap }, currency: { code: 'CNY' },
      amount: 5000, contract_date: '2026-02-10', status: 2,
    });
    // Treasury of another group company (not a group admin) sees that company's only.
    expect(codes((await list('nanami.inoue')).json())).toEqual(['ST-4']);
    const paged = (await list('legal', { itemsPerPage: 2, page: 2 })).json();
    expect(paged['hydra:member']).toHaveLength(ownCompany().length - 2);
  });

  it('lets a group admin see every company', async () => {
    expect(codes((await list('admin')).json())).toEqual([...ownCompany(), 'ST-4'].sort());
  });

  it('filters by applicants (the multi-select), contract party, currency and amount', async () => {
    const byEmployee = (unpriced ? ['ST-1', 'ST-3', 'ST-5'] : ['ST-1', 'ST-3']);
    expect(codes((await list('legal', { 'applicant.id[]': [users.employee.id] })).json())).toEqual(byEmployee);
    expect(codes((await list('legal', { 'applicant.id': [users.employee.id, users.approver.id] })).json())).toEqual(ownCompany());
    expect(codes((await list('legal', { 'contract_party.id': [ap] })).json())).toEqual(unpriced ? ['ST-2', 'ST-3', 'ST-5'] : ['ST-2', 'ST-3']);
    // A seal without a currency is not hidden by the currency filter (issue #22: the default CNY hid every seal).
    expect(codes((await list('legal', { currency: 'CNY' })).json())).toEqual(unpriced ? ['ST-1', 'ST-2', 'ST-5'] : ['ST-1', 'ST-2']);
    expect(codes((await list('legal', { 'amount[gte]': 800 })).json())).toEqual(['ST-2', 'ST-3']);
    expect(codes((await list('legal', { 'amount[lte]': 800, currency: 'JPY' })).json())).toEqual(['ST-3']);
    // By id and in any case, as by code.
    expect(codes((await list('legal', { currency: String(cny) })).json())).toEqual(codes((await list('legal', { currency: 'cny' })).json()));
  });

  it('names the contract party in the reader\'s language (issue 31 item 10: "Ringi Holdings" in ja and zh)', async () => {
    const party = await t.db.selectFrom('companies').select(['name', 'name_ja', 'name_zh']).where('id', '=', ap).executeTakeFirstOrThrow();
    expect(party.name_ja && party.name_zh && party.name_ja !== party.name).toBeTruthy();
    for (const [lang, name] of [['en', party.name], ['ja', party.name_ja], ['zh', party.name_zh]] as const) {
      const reply = await t.app.inject({
        method: 'GET', url: `/api/stamp_statistics?${q({ 'contract_party.id': [ap] })}`,
        headers: { authorization: `Bearer ${await t.login('legal@example.com')}`, 'accept-language': lang },
      });
      const parties = reply.json()['hydra:member'].map((m: { contract_party: { name: string } }) => m.contract_party.name);
      expect(parties.length, lang).toBeGreaterThan(0);
      expect(new Set(parties), lang).toEqual(new Set([name]));
    }
  });

  it('answers 400 naming a currency that does not exist, in the list and the export (issue #30: it listed the documents without a currency)', async () => {
    for (const currency of ['XYZ', '999999']) {
      const reply = await list('legal', { currency });
      expect(reply.statusCode, currency).toBe(400);
      expect(reply.json().message).toBe(`There is no currency "${currency}"`);
      const exported = await t.app.inject({
        method: 'GET', url: `/api/stamp_statistics/export?${q({ currency })}`,
        headers: { authorization: `Bearer ${await t.login('legal@example.com')}`, 'accept-language': 'ja' },
      });
      expect(exported.statusCode, currency).toBe(400);
      expect(exported.json().message).toBe(`通貨「${currency}」はありません`);
    }
  });

  it('filters by a period: before, after or between, on the completion or contract date', async () => {
    expect(codes((await list('legal', { 'contractDate[before]': '2026-02-10' })).json())).toEqual(['ST-1', 'ST-2']);
    expect(codes((await list('legal', { 'contractDate[after]': '2026-02-11' })).json())).toEqual(['ST-3']);
    expect(codes((await list('legal', { 'contractDate[after]': '2026-01-01', 'contractDate[before]': '2026-01-31' })).json())).toEqual(['ST-1']);
    expect(codes((await list('legal', { 'completionDate[after]': '2026-02-01' })).json())).toEqual(['ST-2']);
  });

  it('answers 400 with a message for a bad filter and changes nothing', async () => {
    const two = await list('legal', { 'contractDate[after]': '2026-01-01', 'completionDate[before]': '2026-01-31' });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/one period/i);
    const reversed = await list('legal', { 'contractDate[after]': '2026-03-01', 'contractDate[before]': '2026-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect((await list('legal', { 'contractDate[after]': '2026-02-30' })).statusCode).toBe(400);
    expect((await list('legal', { 'applicant.id': ['x' as unknown as number] })).statusCode).toBe(400);
    expect((await list('legal', { itemsPerPage: 101 })).statusCode).toBe(400);
    expect((await list('legal', { moduleCode: 'purchase' })).statusCode).toBe(400);
  });
});

describe('GET /stamp_statistics/export', () => {
  it('returns the filtered rows as an XLSX workbook with typed cells and translated headers', async () => {
    const response = await t.app.inject({
      method: 'GET', url: `/api/stamp_statistics/export?${q({ currency: 'CNY' })}`,
      headers: { authorization: `Bearer ${await t.login('legal@example.com')}`, 'accept-language': 'ja' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('申請番号');
    const expected = unpriced ? ['ST-1', 'ST-2', 'ST-5'] : ['ST-1', 'ST-2'];
    const rows = expected.map((_, n) => sheet.getRow(n + 2));
    const byCode = new Map(rows.map((r) => [r.getCell(1).value, r]));
    expect([...byCode.keys()].sort()).toEqual(expected);
    const st2 = byCode.get('ST-2')!;
    expect(st2.getCell(8).value).toBe(5000);
    expect(st2.getCell(9).value).toBeInstanceOf(Date);
    expect((st2.getCell(9).value as Date).toISOString().slice(0, 10)).toBe('2026-02-10');
    expect(st2.getCell(4).value).toBe('完了');
    expect(sheet.rowCount).toBe(expected.length + 1);
  });

  it('is refused to users outside the stamp roles', async () => {
    expect((await get('finance', '/api/stamp_statistics/export')).statusCode).toBe(403);
  });
});
