import { afterAll, describe, expect, test } from 'vitest';
import { invoiceRegistrationProblem, isBusinessDay, localDate, type BusinessCalendar, type CompiledModule, type JsonSchema, type UiSchema } from '../../src/engine';
import { seedDemoDocuments } from '../../server/demo/demo-documents';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { DocumentStatus } from '../../server/workflow/core/status';
import { companyScopeSuite } from './company-scope-suite';
import { buildTestApp } from './helpers';

/**
 * The demo's working month (issue #22): filed through the API on the seeded organisation, every
 * module with approval steps has documents in every status, each demo approver has work
 * waiting, completed payments carry treasury data, and admin@ has a user's deletion to judge.
 * The company-scope checks (company-scope-suite.ts) read the same month: filed once for both.
 */
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const started = Date.now();
const today = new Date('2026-11-20T03:00:00Z');
const result = await seedDemoDocuments(t.app, { today });
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
  test('budgets (issue 36 item 4): the month\'s documents hold budgets, and one is nearly used up (about 92 %, some left)', async () => {
    const rh = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
    const { fiscal_year, departments } = await get('finance@example.com', `/budgets/summary?company_id=${rh.id}`);
    expect(departments.some((d: { reserved: number; consumed: number }) => d.reserved + d.consumed > 0)).toBe(true);
    const rows = (await get('finance@example.com', `/budgets?company_id=${rh.id}&fiscal_year=${fiscal_year}`))['hydra:member'] as Array<{ amount: number; remaining: number }>;
    const nearly = rows.filter((b) => b.remaining > 0 && b.remaining / b.amount < 0.1);
    expect(nearly).toHaveLength(1);
  });

  test('every company has a reporting currency and rates; its documents in another currency are converted at a stored rate', async () => {
    const companies = await t.db.selectFrom('companies').innerJoin('currencies', 'currencies.id', 'companies.reporting_currency_id')
      .select(['companies.id', 'currencies.code']).execute();
    expect(companies.length).toBe((await t.db.selectFrom('companies').select('id').execute()).length);
    const rows = await t.db.selectFrom('buffers').leftJoin('currencies', (j) => j.on((eb) => eb(eb.cast('currencies.id', 'text'), '=', eb.ref('buffers.data', '->>').key('currency_id'))))
      .select(['buffers.code', 'buffers.company_id', 'buffers.data', 'currencies.code as currency']).where('buffers.module_code', 'in', ['purchase', 'payment', 'reimbursement']).execute();
    const foreign = rows.filter((r) => r.currency && r.currency !== companies.find((c) => c.id === r.company_id)?.code);
    const usd = foreign.filter((r) => r.currency === 'USD');
    expect(usd.length).toBeGreaterThan(0);
    for (const row of foreign) {
      const exchange = row.data.exchange as { currency: string; reporting_currency: string; rate: number; rate_date: string; reporting_amount: number } | undefined;
      expect(exchange, row.code).toMatchObject({ currency: row.currency, reporting_currency: companies.find((c) => c.id === row.company_id)!.code });
      expect(exchange!.rate, row.code).toBeGreaterThan(0);
      expect(exchange!.rate_date, row.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('every module with steps has documents on process, completed, rejected and withdrawn', async () => {
    expect(result).not.toBeNull();
    const rows = await t.db.selectFrom('buffers').select(['module_code', 'status']).execute();
    for (const code of withSteps) {
      const statuses = new Set(rows.filter((r) => r.module_code === code).map((r) => r.status));
      expect([...statuses].sort(), code).toEqual([DocumentStatus.ON_PROCESS, DocumentStatus.COMPLETED, DocumentStatus.REJECTED, DocumentStatus.WITHDRAWN].sort());
    }
  });

  test.each(['approver@example.com', 'approver2@example.com', 'finance@example.com', 'treasury@example.com', 'legal@example.com', 'admin@example.com'])(
    '%s has documents waiting', async (email) => {
      const list = await get(email, '/approvals/my');
      expect(list['hydra:totalItems']).toBeGreaterThan(0);
    },
  );

  test('admin@ has a user deletion waiting, and edit histories and treasury data exist', async () => {
    const deletion = await t.db.selectFrom('buffers').select(['id', 'action', 'module_code']).where('action', '=', 'delete').where('status', '=', DocumentStatus.ON_PROCESS).execute();
    expect(deletion.map((d) => modules[d.module_code]?.meta.entity?.kind)).toContain('user');
    const histories = await t.db.selectFrom('buffer_histories' as never).select('id' as never).execute();
    expect(histories.length).toBeGreaterThan(0);
    const paid = await t.db.selectFrom('buffers').select('data').where('status', '=', DocumentStatus.COMPLETED).execute();
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

/**
 * A demo that reads as a company group (issue #31 item 1): documents filed over the last 45 days
 * at office hours of working days, written in the requester's language with plausible
 * counterparties, bank accounts and amounts — filed through the API, the records chain intact.
 */
describe('the demo reads as a real company group', async () => {
  const documents = (await t.db.selectFrom('buffers').innerJoin('companies', 'companies.id', 'buffers.company_id')
    .select(['buffers.id', 'buffers.module_code', 'buffers.created_at', 'buffers.data', 'buffers.company_id', 'companies.code as company'])
    .execute()).filter((d) => modules[d.module_code] && !modules[d.module_code].meta.entity);
  const calendars = new Map<number, BusinessCalendar>();
  for (const c of await t.db.selectFrom('company_calendars').selectAll().execute()) {
    const days = await t.db.selectFrom('holidays').select(['date', 'working']).where('company_id', '=', c.company_id).execute();
    const day = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
    calendars.set(c.company_id, {
      weekendDays: typeof c.weekend_days === 'string' ? JSON.parse(c.weekend_days) : c.weekend_days, timeZone: c.time_zone,
      holidays: new Set(days.filter((h) => !h.working).map((h) => day(h.date))), workdays: new Set(days.filter((h) => h.working).map((h) => day(h.date))),
    });
  }
  const currencyOf = new Map((await t.db.selectFrom('currencies').select(['id', 'code']).execute()).map((c) => [c.id, c.code]));
  const data = (d: { data: unknown }) => d.data as Record<string, unknown>;
  const officeHours = (instant: Date, calendar: BusinessCalendar) => {
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: calendar.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(instant).split(':').map(Number);
    return isBusinessDay(localDate(instant, calendar.timeZone), calendar) && hour * 60 + minute >= 9 * 60 && hour * 60 + minute <= 18 * 60;
  };

  test('documents are filed over at least 30 days of the last 45, a few months before, never after today', () => {
    const since = today.getTime() - 45 * 86_400_000;
    const recent = documents.filter((d) => new Date(d.created_at).getTime() >= since);
    expect(new Set(recent.map((d) => localDate(new Date(d.created_at), calendars.get(d.company_id!)!.timeZone))).size).toBeGreaterThanOrEqual(30);
    expect(documents.filter((d) => new Date(d.created_at).getTime() < since).length).toBeGreaterThanOrEqual(2);
    expect(documents.every((d) => new Date(d.created_at).getTime() <= today.getTime())).toBe(true);
  });

  test('every filing and every decision happens at office hours on a working day of the company calendar', async () => {
    const outside = documents.filter((d) => !officeHours(new Date(d.created_at), calendars.get(d.company_id!)!)).map((d) => `${d.module_code} ${new Date(d.created_at).toISOString()}`);
    expect(outside).toEqual([]);
    const decided = await t.db.selectFrom('approvals').innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
      .select(['approvals.approved_at', 'buffers.created_at', 'buffers.company_id']).where('approvals.approved_at', 'is not', null).execute();
    expect(decided.length).toBeGreaterThan(0);
    for (const step of decided) {
      const at = new Date(step.approved_at!);
      expect(at.getTime()).toBeGreaterThanOrEqual(new Date(step.created_at).getTime());
      expect(at.getTime()).toBeLessThanOrEqual(today.getTime());
      expect(officeHours(at, calendars.get(step.company_id!)!), at.toISOString()).toBe(true);
    }
  });

  /** The free texts of a document (text fields a person typed: no codes, enumerations, hidden or date fields). */
  const freeTexts = (module: CompiledModule, schema: JsonSchema, ui: UiSchema, value: Record<string, unknown> | null, out: string[] = []): string[] => {
    for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const v = value?.[name];
      const fieldUi = (ui?.[name] ?? {}) as UiSchema;
      const widget = fieldUi['ui:widget'];
      const sub = module.subForms[((fieldUi['ui:options'] ?? {}) as { subForm?: string }).subForm ?? ''];
      if (Array.isArray(v)) {
        if (sub) for (const item of v) freeTexts(sub, sub.schema, sub.uiSchema, item as Record<string, unknown>, out);
        else if (!(field.items as JsonSchema | undefined)?.enum) out.push(...v.filter((x): x is string => typeof x === 'string'));
      } else if (v && typeof v === 'object') {
        freeTexts(module, field, fieldUi, v as Record<string, unknown>, out);
      } else if (typeof v === 'string' && !field.enum && widget !== 'hidden' && widget !== 'NextStampNumber' && widget !== 'date' && widget !== 'maskedDate') {
        out.push(v);
      }
    }
    return out;
  };
  const textsOf = (d: (typeof documents)[number]) => freeTexts(modules[d.module_code], modules[d.module_code].schema, modules[d.module_code].uiSchema, data(d))
    // Registration numbers and e-mail addresses are codes, whatever the language.
    .map((text) => text.replace(/\bT\d{13}\b/g, '').replace(/[^\s@]+@[^\s@]+/g, ''));

  test.each([['RH', 'ja'], ['RS', 'ja'], ['RT', 'zh']])('the documents of %s are written in %s, without a Latin word', (company) => {
    const own = documents.filter((d) => d.company === company);
    if (company !== 'RS') expect(own.length).toBeGreaterThan(0);
    const latin = own.flatMap((d) => textsOf(d).filter((text) => /[A-Za-z]/.test(text)).map((text) => `${d.module_code}: ${text}`));
    expect(latin).toEqual([]);
    const texts = own.flatMap(textsOf).join('');
    if (own.length) expect(texts).toMatch(/[\p{Script=Han}]/u);
  });

  test('the partner writes in English, without Japanese or Chinese', () => {
    const own = documents.filter((d) => d.company === 'AP');
    expect(own.length).toBeGreaterThan(0);
    expect(own.flatMap(textsOf).filter((text) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text))).toEqual([]);
  });

  /** The largest amount a document of each module plausibly carries, in yen (the rest converted at about CNY 20 and USD 150). */
  const CEILING: Record<string, [number, number]> = {
    reimbursement: [300, 300_000], payment: [20_000, 10_000_000], purchase: [3_000, 5_000_000],
    'contract-supplier': [20_000, 99_000_000], 'contract-customer': [20_000, 99_000_000],
    'collection-sales': [100_000, 20_000_000], 'collection-debt': [100_000, 20_000_000], 'collection-report': [100_000, 20_000_000],
  };
  const YEN: Record<string, number> = { JPY: 1, CNY: 20, USD: 150 };

  test('amounts are of the size such a company files, in its currency', () => {
    const wrong: string[] = [];
    for (const d of documents) {
      const field = modules[d.module_code].meta.statistics?.amount;
      if (typeof field !== 'string') continue;
      const currency = currencyOf.get(Number(data(d).currency_id))!;
      expect(currency, d.module_code).toBe({ RH: 'JPY', RS: 'JPY', RT: 'CNY', AP: 'USD' }[d.company]);
      const [min, max] = CEILING[d.module_code] ?? [0, 0];
      const yen = Number(data(d)[field]) * YEN[currency];
      if (!(yen >= min && yen <= max)) wrong.push(`${d.module_code} ${data(d)[field]} ${currency}`);
    }
    expect(wrong).toEqual([]);
  });

  /** Every supplier a yen document names, with its registration number (items' invoice issuers and contract supplier accounts). */
  const yenSuppliers = () => {
    const suppliers = new Map<string, Set<string | null>>();
    const add = (name: unknown, number: unknown) => {
      if (typeof name !== 'string' || !name) return;
      suppliers.set(name, (suppliers.get(name) ?? new Set()).add(typeof number === 'string' && number ? number : null));
    };
    for (const d of documents.filter((x) => currencyOf.get(Number(data(x).currency_id)) === 'JPY')) {
      const account = data(d).supplier_account as Record<string, unknown> | undefined;
      if (account) add(account.name, account.registration_no);
      for (const item of (data(d).transaction_items ?? []) as Array<Record<string, unknown>>) add(item.invoice_issuer, item.invoice_registration_no);
    }
    return suppliers;
  };

  test('suppliers carry valid registration numbers (T + 13 digits, check digit), all but exactly one', () => {
    const suppliers = yenSuppliers();
    expect(suppliers.size).toBeGreaterThanOrEqual(4);
    const numbers = [...suppliers.values()].flatMap((set) => [...set]).filter((n): n is string => n !== null);
    expect(numbers.filter((n) => invoiceRegistrationProblem(n) !== null)).toEqual([]);
    const without = [...suppliers.entries()].filter(([, set]) => [...set].every((n) => n === null)).map(([name]) => name);
    expect(without).toHaveLength(1);
    // One supplier, one number.
    expect([...suppliers.values()].every((set) => set.size === 1)).toBe(true);
  });

  test('bank accounts of yen documents: 7-digit numbers at named banks and branches', () => {
    const accounts: Array<Record<string, unknown>> = [];
    for (const d of documents.filter((x) => currencyOf.get(Number(data(x).currency_id)) === 'JPY')) {
      for (const a of [data(d).supplier_account, data(d).payment_recipient_account, ...((data(d).transaction_items ?? []) as Array<Record<string, unknown>>).map((i) => i.payment_recipient_account)]) {
        if (a && typeof a === 'object' && (a as Record<string, unknown>).no) accounts.push(a as Record<string, unknown>);
      }
    }
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) {
      expect(a.no, JSON.stringify(a)).toMatch(/^\d{7}$/);
      expect(a.bank_name, JSON.stringify(a)).toMatch(/銀行$/);
      expect(a.branch_name, JSON.stringify(a)).toMatch(/(支店|営業部)$/);
    }
  });

  test('follow-ups (issue 36 item 5): the oldest decided origin has its follow-up, linked both ways; the other decided ones wait for theirs', async () => {
    const origin = Object.values(modules).find((m) => m.meta.followUps?.length)!;
    const target = origin.meta.followUps![0].module;
    const decided = await t.db.selectFrom('buffers').innerJoin('users', 'users.id', 'buffers.requester_id').select(['buffers.id', 'buffers.code', 'users.email'])
      .where('buffers.module_code', '=', origin.code).where('buffers.status', '=', DocumentStatus.COMPLETED).orderBy('buffers.completed_at').orderBy('buffers.id').execute();
    expect(decided.length).toBeGreaterThan(1);
    const followUps = await t.db.selectFrom('buffers').select(['id', 'module_code', 'status', 'follow_up_of']).where('follow_up_of', 'is not', null).execute();
    expect(followUps).toEqual([{ id: expect.any(Number), module_code: target, status: DocumentStatus.COMPLETED, follow_up_of: decided[0].id }]);
    const view = await get(decided[0].email, `/buffers/${followUps[0].id}/follow_ups`);
    expect(view.origin).toMatchObject({ id: decided[0].id, code: decided[0].code, visible: true });
    expect(view.difference).not.toBeNull();
    expect((await get(decided[0].email, `/buffers/${decided[0].id}/follow_ups`)).follow_ups.map((f: { id: number }) => f.id)).toEqual([followUps[0].id]);
    // Each requester's own list: every other decided one waits, the followed-up one does not.
    const waitingOf = async (email: string) => (await get(email, '/follow_ups/pending?itemsPerPage=50'))['hydra:member'].map((m: { code: string }) => m.code);
    expect(await waitingOf(decided[0].email)).not.toContain(decided[0].code);
    for (const d of decided.slice(1)) expect(await waitingOf(d.email), d.code).toContain(d.code);
  });

  test('the records chain verifies after the seed (GET /records/verify)', async () => {
    const verify = await get('admin@example.com', '/records/verify');
    expect(verify.ok, JSON.stringify(verify).slice(0, 1500)).toBe(true);
    expect(verify.documents).toBeGreaterThan(0);
  });
});

companyScopeSuite(t, today);
