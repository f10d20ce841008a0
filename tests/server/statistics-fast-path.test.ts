import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticFacts } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { FileStorage } from '../../server/files/file-storage';
import { SEARCH_COUNT_CAP } from '../../server/statistics/document-search';
import { statisticFacts } from '../../server/statistics/facts';
import { fileRefs } from '../../server/statistics/file-refs';
import { fileFieldNames } from '../../server/files/file-field-names';
import { syncStatisticPaths } from '../../server/statistics/statistic-paths';
import { seedDocuments } from '../../scripts/lib/seed-documents';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

/**
 * The statistics rows (migration 0620) answer exactly what the rule from the definitions
 * answers: every search here is compared with an in-JS evaluation of `ui:module.statistics`
 * over the documents as stored (their JSON data), for each filter and sort, company scopes, and
 * again after documents are edited, change status, and after a module's paths change. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let facts: Map<string, StatisticFacts>;
let companies: Record<string, number>;
const end = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.parse(`${end}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

interface Doc {
  id: number; code: string; module_code: string; company_id: number | null; data: Record<string, unknown>;
  created_at: number; updated_at: number; completed_at: number | null;
}

/** Values at a statistics path as PostgreSQL's `#>>` gives them (strings as is, numbers and booleans as JSON text). */
function valuesAt(data: unknown, path: string): string[] {
  const [head, tail] = path.split('[]');
  const at = (node: unknown, keys: string[]) => keys.reduce<unknown>((n, k) => (n && typeof n === 'object' && !Array.isArray(n) ? (n as Record<string, unknown>)[k] : undefined), node);
  const text = (v: unknown) => (v === undefined || v === null ? [] : typeof v === 'string' ? [v] : typeof v === 'object' ? [] : [JSON.stringify(v)]);
  const outer = at(data, head.split('.'));
  if (tail === undefined) return text(outer);
  const inner = tail.replace(/^\./, '').split('.').filter(Boolean);
  return Array.isArray(outer) ? outer.flatMap((item) => text(inner.length ? at(item, inner) : item)) : [];
}

const amountOf = (doc: Doc) => {
  const f = facts.get(doc.module_code);
  if (!f?.amount) return null;
  const value = f.amount.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), doc.data);
  return typeof value === 'number' ? value : null;
};
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const companyKeys = (doc: Doc) => {
  const items = Array.isArray(doc.data.transaction_items) ? doc.data.transaction_items as Array<Record<string, unknown>> : [];
  return [...(doc.company_id === null ? [] : [String(doc.company_id)]),
    ...items.map((i) => (i && typeof i === 'object' && i.company_id !== undefined && i.company_id !== null ? (typeof i.company_id === 'string' ? i.company_id : JSON.stringify(i.company_id)) : null)).filter((k): k is string => k !== null)];
};

interface Filter {
  period: ['createdAt' | 'estPaymentDate' | 'completionDate', string, string];
  amount?: ['>=' | '=' | '<=', number]; vendor?: string; currency?: string; moduleCode?: string; companyName?: number;
  sort?: ['code' | 'createdAt' | 'updatedAt' | 'amount', 'asc' | 'desc'];
}

/** Start of a day as the database reads `'YYYY-MM-DD'::date` against a timestamptz (its session time zone). */
const dayStart = new Map<string, number>();
async function startOf(date: string): Promise<number> {
  if (!dayStart.has(date)) {
    const row = await sql<{ at: Date }>`select ${date}::date::timestamptz as at`.execute(t.db);
    dayStart.set(date, new Date(row.rows[0].at).getTime());
  }
  return dayStart.get(date)!;
}

/** The rule, in JS over the stored documents: the ids a search must return, in order. */
async function expected(docs: Doc[], f: Filter, scope: number[] | null): Promise<number[]> {
  const [type, from, to] = f.period;
  const lo = await startOf(from);
  const hi = await startOf(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  const matches = docs.filter((d) => {
    const mf = facts.get(d.module_code);
    if (type === 'createdAt' && !(d.created_at >= lo && d.created_at < hi)) return false;
    if (type === 'completionDate' && !(d.completed_at !== null && d.completed_at >= lo && d.completed_at < hi)) return false;
    if (type === 'estPaymentDate' && !(mf?.paymentDate ?? []).some((p) => valuesAt(d.data, p).some((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= from && v <= to))) return false;
    if (f.moduleCode && d.module_code !== f.moduleCode) return false;
    if (f.currency && valuesAt(d.data, 'currency_id')[0] !== f.currency) return false;
    if (f.amount) {
      const a = amountOf(d);
      if (a === null) return false;
      if (f.amount[0] === '>=' ? !(a >= f.amount[1]) : f.amount[0] === '<=' ? !(a <= f.amount[1]) : a !== f.amount[1]) return false;
    }
    if (f.vendor && !(mf?.vendor ?? []).some((p) => valuesAt(d.data, p).some((v) => asciiLower(v).includes(asciiLower(f.vendor!))))) return false;
    const wanted = f.companyName !== undefined ? [f.companyName] : scope;
    if (wanted && !companyKeys(d).some((k) => wanted.map(String).includes(k))) return false;
    return true;
  });
  const [key, dir] = f.sort ?? ['createdAt', 'desc'];
  const sign = dir === 'asc' ? 1 : -1;
  const value = (d: Doc) => (key === 'createdAt' ? d.created_at : key === 'updatedAt' ? d.updated_at : key === 'amount' ? amountOf(d) : 0);
  return matches.sort((a, b) => {
    const va = value(a); const vb = value(b);
    if (key === 'amount' && (va === null || vb === null)) { if (va !== vb) return va === null ? 1 : -1; } else if (va !== vb) return sign * ((va as number) - (vb as number));
    return b.id - a.id;
  }).map((d) => d.id);
}

/** Every page of a search, as ids in the order served, and its `hydra:totalItems`. */
async function served(user: string, f: Filter): Promise<{ ids: number[]; total: number }> {
  const params = new URLSearchParams({ [f.period[0]]: `${f.period[1]}~${f.period[2]}`, itemsPerPage: '100' });
  if (f.amount) params.set('amount', `${f.amount[0]}${f.amount[1]}`);
  if (f.vendor) params.set('vendor', f.vendor);
  if (f.currency) params.set('currency', f.currency);
  if (f.moduleCode) params.set('moduleCode', f.moduleCode);
  if (f.companyName !== undefined) params.set('companyName', String(f.companyName));
  if (f.sort) params.set(`sort[${f.sort[0]}]`, f.sort[1]);
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page += 1) {
    params.set('page', String(page));
    const reply = await get(user, `/api/buffer/statistic_search?${params}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json() as { 'hydra:member': Array<{ id: number }>; 'hydra:totalItems': number };
    total = body['hydra:totalItems'];
    if (!body['hydra:member'].length) break;
    ids.push(...body['hydra:member'].map((m) => m.id));
  }
  return { ids, total };
}

async function documents(): Promise<Doc[]> {
  const rows = await t.db.selectFrom('buffers').select(['id', 'code', 'module_code', 'company_id', 'data', 'created_at', 'updated_at', 'completed_at']).execute();
  return rows.map((r) => ({
    ...r, data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
    created_at: new Date(r.created_at).getTime(), updated_at: new Date(r.updated_at).getTime(), completed_at: r.completed_at === null ? null : new Date(r.completed_at).getTime(),
  }));
}

/** The filters compared: each filter alone and combined, each period type, each sort. */
function filters(docs: Doc[]): Filter[] {
  const modules = [...facts].filter(([, f]) => f.amount && f.vendor?.length).map(([code]) => code);
  // Search texts taken from stored vendor values (a middle slice, upper-cased to test case folding).
  const vendors = docs.flatMap((d) => (facts.get(d.module_code)?.vendor ?? []).flatMap((p) => valuesAt(d.data, p))).filter((v) => /^[\x20-\x7e]{6,}$/.test(v));
  const texts = [...new Set([vendors[0], vendors[Math.floor(vendors.length / 2)]].filter(Boolean).map((v) => v.slice(2, 5).toUpperCase())), 'co', 'zzqx'];
  const amounts = docs.map(amountOf).filter((a): a is number => a !== null).sort((a, b) => a - b);
  const median = amounts[Math.floor(amounts.length / 2)];
  const twoYears: Filter['period'] = ['createdAt', day(-730), end];
  const out: Filter[] = [
    { period: ['createdAt', end, end] },
    { period: ['createdAt', day(-30), end] },
    { period: twoYears },
    { period: twoYears, amount: ['>=', 1000] },
    { period: twoYears, amount: ['>=', median] },
    { period: twoYears, amount: ['<=', median] },
    { period: twoYears, amount: ['=', median] },
    { period: ['estPaymentDate', day(-15), day(15)] },
    { period: ['estPaymentDate', day(-400), day(-200)], amount: ['>=', median] },
    { period: ['completionDate', day(-90), end] },
    { period: ['completionDate', day(-90), end], sort: ['amount', 'desc'] },
    { period: twoYears, sort: ['amount', 'asc'] },
    { period: twoYears, sort: ['createdAt', 'asc'] },
    { period: twoYears, sort: ['updatedAt', 'desc'] },
    { period: twoYears, currency: '1' },
    { period: twoYears, moduleCode: modules[0], amount: ['<=', median] },
    { period: twoYears, companyName: companies.RT },
    ...texts.map((vendor): Filter => ({ period: twoYears, vendor })),
    { period: twoYears, vendor: texts[0], amount: ['>=', median], sort: ['amount', 'desc'] },
  ];
  return out;
}

async function compareAll(label: string) {
  const docs = await documents();
  const list = filters(docs);
  let empty = 0;
  for (const f of list) {
    for (const [user, scope] of [['admin', null], ['finance', [companies.RH]]] as const) {
      if (user === 'finance' && f.companyName !== undefined) continue;
      const want = await expected(docs, f, scope as number[] | null);
      const got = await served(user, f);
      expect({ label, user, filter: f, ids: got.ids, total: got.total }).toEqual({ label, user, filter: f, ids: want, total: Math.min(want.length, SEARCH_COUNT_CAP + 1) });
      if (user === 'admin' && want.length === 0) empty += 1;
    }
  }
  // The comparison means something only if most searches find documents ('zzqx' finds none).
  expect(empty).toBeLessThanOrEqual(2);
  await compareFlags(docs, label);
}

/** The projection's unpaid flag and the files of each document, against the rule and the previous JSON query. */
async function compareFlags(docs: Doc[], label: string) {
  const rows = new Map((await sql<{ buffer_id: number; unpaid: boolean | null; has_files: boolean }>`select buffer_id, unpaid, has_files from buffer_stats`.execute(t.db))
    .rows.map((r) => [r.buffer_id, r]));
  const unpaid = (d: Doc) => {
    const paid = facts.get(d.module_code)?.projection?.paid;
    if (!paid) return null;
    const value = paid.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' && !Array.isArray(n) ? (n as Record<string, unknown>)[k] : undefined), d.data);
    return value === undefined || value === null || value === '';
  };
  expect({ label, unpaid: docs.map((d) => [d.id, rows.get(d.id)?.unpaid]) }).toEqual({ label, unpaid: docs.map((d) => [d.id, unpaid(d)]) });
  expect(docs.filter((d) => unpaid(d) === true).length).toBeGreaterThan(0);
  const names = fileFieldNames((await readDefinitionSet(undefined, { check: false })).modules);
  const before = (await sql<{ id: number; file_id: number }>`select buffers.id, refs.file_id from buffers cross join lateral ${fileRefs(names)} order by 1, 2`.execute(t.db)).rows;
  const now = (await sql<{ id: number; file_id: number }>`select buffer_id as id, file_id from buffer_stat_files order by 1, 2`.execute(t.db)).rows;
  expect(now).toEqual(before);
  expect(before.length).toBeGreaterThan(0);
  const withFiles = new Set(before.map((r) => r.id));
  expect(docs.filter((d) => rows.get(d.id)?.has_files !== withFiles.has(d.id)).map((d) => d.id)).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  facts = statisticFacts(await readDefinitionSet(undefined, { check: false }));
  companies = Object.fromEntries((await t.db.selectFrom('companies').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
  await seedDocuments(t.db, { count: 400, end, storage: new FileStorage(t.config.dataDir, t.db), seed: 7 });
  // Documents through the trigger (not the bulk fill), with shapes the generator does not make.
  const [code, f] = [...facts].find(([, x]) => x.amount && x.vendor?.length && x.paymentDate?.length)!;
  const odd: Record<string, unknown> = { currency_id: 1 };
  setAtPath(odd, f.amount!, '1500');
  setAtPath(odd, f.vendor![f.vendor!.length - 1], 'Corner Co. Ltd');
  setAtPath(odd, f.paymentDate![0], '2026-02-30x');
  await insertStatDoc(t.db, { module: code, requester: users.employee.id, company: companies.RT, code: 'ODD-1', data: odd, createdAt: `${day(-3)}T02:00:00Z` });
  // An unpaid document of a projection module (generated ones carry their paid date).
  const [projectionModule] = [...facts].find(([, x]) => x.projection)!;
  await insertStatDoc(t.db, { module: projectionModule, requester: users.employee.id, company: companies.RH, code: 'UNPAID-1', data: { currency_id: 1 }, createdAt: `${day(-2)}T02:00:00Z` });
}, 240_000);

afterAll(async () => { await t?.close(); });

describe('statistics rows answer what the definitions rule answers', () => {
  it('for every filter, sort and company scope over seeded documents', async () => {
    await compareAll('seeded');
  }, 240_000);

  it('after documents are edited and change status', async () => {
    const docs = await documents();
    const [withAmount] = docs.filter((d) => amountOf(d) !== null).slice(-1);
    const f = facts.get(withAmount.module_code)!;
    const data = structuredClone(withAmount.data);
    setAtPath(data, f.amount!, 987654);
    if (f.vendor?.length) setAtPath(data, f.vendor[0], 'Zzqx Edited Vendor');
    if (f.paymentDate?.length) setAtPath(data, f.paymentDate[0], day(1));
    await t.db.updateTable('buffers').set({ data: JSON.stringify(data), updated_at: new Date() }).where('id', '=', withAmount.id).execute();
    // A projection document paid, another one's paid date cleared (the unpaid flag follows).
    const projected = docs.filter((d) => facts.get(d.module_code)?.projection && d.id !== withAmount.id);
    for (const [index, doc] of projected.slice(0, 2).entries()) {
      const changed = structuredClone(doc.data);
      setAtPath(changed, facts.get(doc.module_code)!.projection!.paid, index === 0 ? day(-1) : '');
      await t.db.updateTable('buffers').set({ data: JSON.stringify(changed) }).where('id', '=', doc.id).execute();
    }
    const open = docs.find((d) => d.completed_at === null && d.id !== withAmount.id)!;
    await t.db.updateTable('buffers').set({ status: 2, completed_at: new Date(), updated_at: new Date() }).where('id', '=', open.id).execute();
    const reply = (await get('admin', `/api/buffer/statistic_search?${new URLSearchParams({ createdAt: `${day(-730)}~${end}`, vendor: 'zzqx' })}`)).json();
    expect(reply['hydra:member'].map((m: { id: number }) => m.id)).toEqual(f.vendor?.length ? [withAmount.id] : []);
    await compareAll('edited');
  }, 240_000);

  it('a change that leaves data, module and company alone sets the plain columns without refilling from the data (migration 1390)', async () => {
    const [doc] = (await documents()).filter((d) => d.completed_at === null).slice(-1);
    // A marker the refill would remove: a file row the data does not hold.
    const fileId = (await t.db.selectFrom('files').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await sql`insert into buffer_stat_files (buffer_id, file_id) values (${doc.id}, ${fileId}) on conflict do nothing`.execute(t.db);
    const { status } = await t.db.selectFrom('buffers').select('status').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const touched = new Date(Date.parse('2031-01-02T03:04:05Z'));
    await t.db.updateTable('buffers').set({ status: status + 1, code: `${doc.code}-T`, updated_at: touched }).where('id', '=', doc.id).execute();
    const row = async () => (await sql<{ status: number; code: string; updated_at: Date; marker: boolean }>`select s.status, s.code, s.updated_at,
      exists (select 1 from buffer_stat_files f where f.buffer_id = s.buffer_id and f.file_id = ${fileId}) as marker
      from buffer_stats s where s.buffer_id = ${doc.id}`.execute(t.db)).rows[0];
    expect(await row()).toEqual({ status: status + 1, code: `${doc.code}-T`, updated_at: touched, marker: true });
    // A data change refills (the marker goes), as before.
    await t.db.updateTable('buffers').set({ data: JSON.stringify({ ...doc.data, _touch: 1 }), code: doc.code, status }).where('id', '=', doc.id).execute();
    expect((await row()).marker).toBe(false);
    const languages = (await sql<{ proname: string; lanname: string }>`select p.proname, l.lanname from pg_proc p join pg_language l on l.oid = p.prolang
      where p.proname in ('ringi_stats_fill', 'ringi_records_fill') order by 1`.execute(t.db)).rows;
    expect(languages).toEqual([{ proname: 'ringi_records_fill', lanname: 'plpgsql' }, { proname: 'ringi_stats_fill', lanname: 'plpgsql' }]);
    await t.db.updateTable('buffers').set({ data: JSON.stringify(doc.data), updated_at: new Date(doc.updated_at) }).where('id', '=', doc.id).execute();
    await compareAll('touched');
  }, 240_000);

  it('after a module\'s statistics paths change (a new definition version)', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const [code, f] = [...facts].find(([, x]) => x.amount && (x.vendor?.length ?? 0) > 0)!;
    const module = definitions.modules[code];
    const changed = { ...definitions.modules, [code]: { ...module, meta: { ...module.meta, statistics: { ...f, vendor: [], amount: undefined } } } };
    expect(await syncStatisticPaths(t.db, changed)).toEqual([code]);
    const rows = await sql<{ n: number }>`select count(*)::int as n from buffer_stats where module_code = ${code} and (amount is not null or vendor is not null)`.execute(t.db);
    expect(rows.rows[0].n).toBe(0);
    expect(await syncStatisticPaths(t.db, definitions.modules)).toEqual([code]);
    expect(await syncStatisticPaths(t.db, definitions.modules)).toEqual([]);
    await compareAll('paths restored');
  }, 240_000);

  it('counts at most the cap plus one, and still pages to the last match', async () => {
    const [code] = [...facts.keys()];
    await sql`insert into buffers (code, module_code, requester_id, company_id, data, definition_version, user_finances, created_at, updated_at)
      select 'CAP-' || g, ${code}, ${users.employee.id}, ${companies.RH}, '{}'::jsonb, 'test', '[]'::jsonb, '2001-01-01T03:00:00Z', '2001-01-01T03:00:00Z'
      from generate_series(1, ${SEARCH_COUNT_CAP + 5}) g`.execute(t.db);
    const page = async (n: number) => (await get('admin', `/api/buffer/statistic_search?createdAt=2001-01-01~2001-01-01&itemsPerPage=100&page=${n}`)).json();
    expect((await page(1))['hydra:totalItems']).toBe(SEARCH_COUNT_CAP + 1);
    const last = await page(Math.ceil((SEARCH_COUNT_CAP + 5) / 100));
    expect(last['hydra:member']).toHaveLength((SEARCH_COUNT_CAP + 5) % 100);
    // A page that is not full tells the exact total.
    expect(last['hydra:totalItems']).toBe(SEARCH_COUNT_CAP + 5);
  }, 240_000);
});
