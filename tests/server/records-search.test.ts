import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule, RecordFacts, RecordFields } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { fileFieldNames } from '../../server/files/file-field-names';
import { prng } from '../../server/demo/prng';
import { buildTestApp, type TestApp } from './helpers';
import { setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

/**
 * `GET /records` answers exactly what the definitions' `ui:module.statistics.records` say, for
 * every combination of the eight filters: a few hundred generated documents with files (values
 * written at each module's record paths, kinds with their own fields included) are evaluated in
 * JavaScript — date, amount, currency, counterparty and registration number per file — and every
 * page walked by cursor is compared with that evaluation. Company scope: a finance user sees
 * only records whose document counts for their company. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let modules: Array<{ code: string; records: RecordFacts; fileField: string; kinds: string[] }>;
let currencies: Array<{ id: number; code: string }>;
let companies: number[];

interface Expected {
  date: string; amount: number | null; currency: string | null; counterparty: string | null; registration_no: string | null;
  buffer_id: number; file_id: number; module: string; company_keys: string[];
}
const records: Expected[] = [];

const NAMES = ['Tokyo Denki', 'Osaka Shoji', '北京科技', 'Acme Trading', 'tokyo gas', 'Nagoya Foods'];
const REGISTRATIONS = ['T1180301018771', 'T7000012050002', 'T5010401067252'];

/** Values at a path, as the database reads them (`#>>`: strings as is, numbers as JSON text). */
function valuesAt(data: unknown, path: string): string[] {
  const [head, tail] = path.split('[]');
  const at = (node: unknown, keys: string[]) => keys.reduce<unknown>((n, k) => (n && typeof n === 'object' && !Array.isArray(n) ? (n as Record<string, unknown>)[k] : undefined), node);
  const text = (v: unknown) => (v === undefined || v === null ? [] : typeof v === 'string' ? [v] : typeof v === 'object' ? [] : [JSON.stringify(v)]);
  const outer = at(data, head.split('.'));
  if (tail === undefined) return text(outer);
  const inner = tail.replace(/^\./, '').split('.').filter(Boolean);
  return Array.isArray(outer) ? outer.flatMap((item) => text(inner.length ? at(item, inner) : item)) : [];
}

const realDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The rule in JS: the fields of a file of kind `kind` (the kind's own paths where it has them). */
function recordOf(facts: RecordFacts, kind: string, data: Record<string, unknown>, createdAt: string) {
  const own: RecordFields = facts.kinds?.[kind] ?? {};
  const pick = <K extends keyof RecordFields>(key: K) => (own[key] !== undefined ? own[key] : facts[key]);
  const paths = (key: 'date' | 'counterparty' | 'registrationNo') => (pick(key) as string[] | undefined) ?? [];
  let date = createdAt.slice(0, 10);
  for (const path of paths('date')) {
    const days = valuesAt(data, path).filter(realDay).sort(byCodeUnits);
    if (days.length) { date = days[0]; break; }
  }
  const amountPath = pick('amount') as string | undefined;
  const amountText = amountPath ? valuesAt(data, amountPath).find((v) => /^-?\d+(\.\d+)?$/.test(v)) : undefined;
  const currencyPath = pick('currency') as string | undefined;
  const currencyId = currencyPath ? valuesAt(data, currencyPath)[0] : undefined;
  const joined = (key: 'counterparty' | 'registrationNo') => {
    const first = new Map<string, number>();
    paths(key).forEach((path, position) => valuesAt(data, path).filter((v) => v !== '').forEach((v) => { if (!first.has(v)) first.set(v, position); }));
    const values = [...first].sort((a, b) => a[1] - b[1] || byCodeUnits(a[0], b[0])).map(([v]) => v);
    return values.length ? values.join(' / ') : null;
  };
  return {
    date, amount: amountText === undefined ? null : Number(amountText),
    currency: currencies.find((c) => String(c.id) === currencyId)?.code ?? null,
    counterparty: joined('counterparty'), registration_no: joined('registrationNo'),
  };
}

interface Filter {
  after?: string; before?: string; gte?: number; lte?: number; counterparty?: string; module?: string; company?: number; currency?: string;
}

function expectedFor(f: Filter, scope: number[] | null): Array<{ buffer_id: number; file_id: number }> {
  return records.filter((r) => {
    if (f.after && r.date < f.after) return false;
    if (f.before && r.date > f.before) return false;
    if (f.gte !== undefined && !(r.amount !== null && r.amount >= f.gte)) return false;
    if (f.lte !== undefined && !(r.amount !== null && r.amount <= f.lte)) return false;
    if (f.counterparty && !(r.counterparty ?? '').toLowerCase().includes(f.counterparty.toLowerCase())) return false;
    if (f.module && r.module !== f.module) return false;
    if (f.currency && r.currency !== f.currency) return false;
    const wanted = f.company !== undefined ? [f.company] : scope;
    if (wanted && !r.company_keys.some((k) => wanted.map(String).includes(k))) return false;
    return true;
  }).sort((a, b) => byCodeUnits(b.date, a.date) || b.buffer_id - a.buffer_id || b.file_id - a.file_id)
    .map((r) => ({ buffer_id: r.buffer_id, file_id: r.file_id }));
}

async function served(user: string, f: Filter): Promise<Array<{ buffer_id: number; file_id: number }>> {
  const params = new URLSearchParams({ itemsPerPage: '100' });
  if (f.after) params.set('date[after]', f.after);
  if (f.before) params.set('date[before]', f.before);
  if (f.gte !== undefined) params.set('amount[gte]', String(f.gte));
  if (f.lte !== undefined) params.set('amount[lte]', String(f.lte));
  if (f.counterparty) params.set('counterparty', f.counterparty);
  if (f.module) params.set('module.code', f.module);
  if (f.company !== undefined) params.set('company.id', String(f.company));
  if (f.currency) params.set('currency', f.currency);
  const out: Array<{ buffer_id: number; file_id: number }> = [];
  for (let page = 0; page < 50; page += 1) {
    const response = await get(user, `/api/records?${params}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { 'hydra:member': Array<{ document: { id: number }; file: { id: number } }>; nextCursor?: string };
    out.push(...body['hydra:member'].map((m) => ({ buffer_id: m.document.id, file_id: m.file.id })));
    if (!body.nextCursor) return out;
    params.set('cursor', body.nextCursor);
  }
  throw new Error('more than 50 pages');
}

/** The top-level field of a module whose values are file ids (derived from the definitions). */
function fileFieldOf(module: CompiledModule, names: string[]): string | undefined {
  return names.find((name) => Object.hasOwn(module.schema.properties ?? {}, name));
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  const definitions = await readDefinitionSet(undefined, { check: false });
  const names = fileFieldNames(definitions.modules);
  modules = Object.values(definitions.modules)
    .filter((m) => m.kind === 'module' && m.meta.statistics?.records && fileFieldOf(m, names))
    .map((m) => ({ code: m.code, records: m.meta.statistics!.records!, fileField: fileFieldOf(m, names)!, kinds: Object.keys(m.attachments ?? {}) }));
  currencies = await t.db.selectFrom('currencies').select(['id', 'code']).orderBy('id').execute();
  companies = (await t.db.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id);
  const rng = prng(23);
  const pickOf = <T>(list: T[]) => list[rng.int(0, list.length - 1)];
  const day = (offset: number) => new Date(Date.parse('2026-06-30T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
  // Files and documents go in with one statement each (the triggers still run per row): the
  // files' content is not searched, so their rows are enough.
  const planned: Array<{ module: (typeof modules)[number]; data: Record<string, unknown>; company: number; createdAt: string; kinds: string[] }> = [];
  for (let i = 0; i < 240; i += 1) {
    const module = modules[i % modules.length];
    const data: Record<string, unknown> = {};
    const f = module.records;
    for (const fields of [f, ...Object.values(f.kinds ?? {})]) {
      for (const path of fields.date ?? []) if (rng.next() < 0.7) setAtPath(data, path, rng.next() < 0.05 ? '2026-02-30' : day(-rng.int(0, 360)));
      if (fields.amount && rng.next() < 0.9) setAtPath(data, fields.amount, rng.int(0, 200) * 500 + (rng.next() < 0.3 ? 0.5 : 0));
      if (fields.currency) setAtPath(data, fields.currency, pickOf(currencies).id);
      for (const path of fields.counterparty ?? []) if (rng.next() < 0.6) setAtPath(data, path, pickOf(NAMES));
      for (const path of fields.registrationNo ?? []) if (rng.next() < 0.5) setAtPath(data, path, pickOf(REGISTRATIONS));
    }
    // Payments and reimbursements name a company per item: the record counts for both.
    if (rng.next() < 0.3) data.transaction_items = [...((data.transaction_items as unknown[]) ?? [{}]), { company_id: pickOf(companies) }];
    const kinds = Array.from({ length: rng.int(1, 2) }, () => (module.kinds.length ? pickOf(module.kinds) : 'e-invoice'));
    planned.push({ module, data, company: pickOf(companies), createdAt: `${day(-rng.int(0, 400))}T03:00:00Z`, kinds });
  }
  const fileRows = planned.flatMap((p, i) => p.kinds.map((kind, n) => ({
    name: `receipt-${i}-${n}.pdf`, mime_type: 'application/pdf', size: 10, document_type: kind, storage_key: `test/records-${i}-${n}`,
    sha256: `${i}-${n}`.padEnd(64, '0'), uploader_id: users.employee.id,
  })));
  const fileIds = (await t.db.insertInto('files').values(fileRows).returning('id').execute()).map((r) => r.id);
  let next = 0;
  const withFiles = planned.map((p) => {
    const files = p.kinds.map((kind) => ({ id: fileIds[next++], kind }));
    p.data[p.module.fileField] = files.map((x) => x.id);
    return { ...p, files };
  });
  const ids = (await t.db.insertInto('buffers').values(withFiles.map((p, i) => ({
    code: `REC-${i}`, module_code: p.module.code, requester_id: users.employee.id, company_id: p.company, data: JSON.stringify(p.data),
    definition_version: 'test', user_finances: '[]', status: 0, created_at: p.createdAt, updated_at: p.createdAt,
  }))).returning('id').execute()).map((r) => r.id);
  withFiles.forEach((p, i) => {
    const items = Array.isArray(p.data.transaction_items) ? p.data.transaction_items as Array<Record<string, unknown>> : [];
    const keys = [...new Set([String(p.company), ...items.map((x) => x.company_id).filter((x) => x !== undefined).map(String)])];
    for (const file of p.files) records.push({ ...recordOf(p.module.records, file.kind, p.data, p.createdAt), buffer_id: ids[i], file_id: file.id, module: p.module.code, company_keys: keys });
  });
}, 120_000);
afterAll(async () => t?.close());

describe('GET /records', () => {
  it('holds one record per file with the fields the definitions name', async () => {
    const rows = await sql<{ buffer_id: number; file_id: number; date: string; amount: string | null; currency: string | null; counterparty: string | null; registration_no: string | null }>`
      select buffer_id, file_id, record_date::text as date, amount::text as amount, currency, counterparty, registration_no from records
      where code like 'REC-%' order by buffer_id, file_id`.execute(t.db);
    const want = [...records].sort((a, b) => a.buffer_id - b.buffer_id || a.file_id - b.file_id);
    expect(rows.rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount) })))
      .toEqual(want.map((r) => ({ buffer_id: r.buffer_id, file_id: r.file_id, date: r.date, amount: r.amount, currency: r.currency, counterparty: r.counterparty, registration_no: r.registration_no })));
  });

  it('answers every combination of the eight filters as the rule does (group admin, every company)', async () => {
    const sample: Required<Filter> = {
      after: '2026-01-01', before: '2026-05-31', gte: 20000, lte: 80000, counterparty: 'TOKYO', module: modules[0].code,
      company: companies[1], currency: 'JPY',
    };
    const keys = Object.keys(sample) as Array<keyof Filter>;
    let nonEmpty = 0;
    for (let mask = 0; mask < 1 << keys.length; mask += 1) {
      const f: Filter = {};
      keys.forEach((key, bit) => { if (mask & (1 << bit)) (f as Record<string, unknown>)[key] = sample[key]; });
      const want = expectedFor(f, null);
      if (want.length) nonEmpty += 1;
      expect(await served('admin', f), JSON.stringify(f)).toEqual(want);
    }
    // The sample values select something in most combinations (the test is not comparing empty lists).
    expect(nonEmpty).toBeGreaterThan(64);
  }, 300_000);

  it('keeps a finance user to their company and refuses another one with 403', async () => {
    const own = (await t.db.selectFrom('users').select('company_id').where('id', '=', users.finance.id).executeTakeFirstOrThrow()).company_id!;
    for (const f of [{}, { counterparty: 'osaka' }, { gte: 10000, currency: 'CNY' }] as Filter[]) {
      const got = await served('finance', f);
      expect(got).toEqual(expectedFor(f, [own]));
      expect(got.length).toBeGreaterThan(0);
    }
    const other = companies.find((c) => c !== own)!;
    const refused = await get('finance', `/api/records?company.id=${other}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may only see the records of your own company and of the companies you audit');
  });

  it('refuses users without a records role, reversed ranges and bad values with a message', async () => {
    expect((await get('employee', '/api/records')).statusCode).toBe(403);
    const reversed = await get('admin', '/api/records?date%5Bafter%5D=2026-05-01&date%5Bbefore%5D=2026-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The date range is reversed: 2026-05-01 is after 2026-04-01');
    expect((await get('admin', '/api/records?amount%5Bgte%5D=5&amount%5Blte%5D=1')).statusCode).toBe(400);
    expect((await get('admin', '/api/records?date%5Bafter%5D=2026-02-30')).statusCode).toBe(400);
    expect((await get('admin', '/api/records?cursor=bm9wZQ')).statusCode).toBe(400);
  });
});
