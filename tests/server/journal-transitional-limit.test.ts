/**
 * The インボイス transitional cap (issue 35 item 3) is one supplier's total of purchases booked
 * without a qualified invoice over one of the company's **tax periods** (課税期間: its fiscal year,
 * `companies.fiscal_year_start`) — every decided document of the company in that period, exported
 * before or not, inside the export's period or not — not the total of one export, nor of a calendar
 * year. The cap is the one in force on the day the period begins (the amendments apply to tax
 * periods beginning on or after their day): ¥1,000,000,000 for a period begun from 2024-10-01
 * (令和6年度改正), ¥100,000,000 for one begun from 2026-10-01 (令和8年度税制改正:
 * 「その年又はその事業年度で1億円」; TRANSITIONAL_YEARLY_CAPS). So a calendar-year company keeps
 * ¥1 bn for all of 2026 and is held to ¥100 million from 2027; a company whose year begins on
 * 10-01 from 2026-10-01. The preview warns about the suppliers it books whose period passes the cap
 * (more than it; exactly the cap is not warned), each period on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc } from './statistics-fixtures';
import { demoUsers, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
const company: Record<string, number> = {};

const BN = 1_000_000_000;
const CAP = 100_000_000;
const november = { from: '2026-11-01', to: '2026-11-30' };

type Warning = { supplier: string; year: number; from: string; to: string; total: number; limit: number; message: string };

async function warnings(period: { from: string; to: string }, code = 'RH', lang = 'en'): Promise<Warning[]> {
  const res = await t.app.inject({
    method: 'GET', url: `/api/journal_exports/preview?company_id=${company[code]}&from=${period.from}&to=${period.to}`,
    headers: { authorization: `Bearer ${await auth(code === 'RH' ? 'finance' : 'admin')}`, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().warnings as Warning[];
}

/** A decided payment of one supplier without a registration number (a transitional deduction). */
async function purchase(code: string, date: string, total: number, supplier: string, companyCode = 'RH') {
  return insertStatDoc(t.db, {
    requester: users.employee.id, company: company[companyCode], status: 2, module: 'payment', code,
    data: { payment_date: date, total, transaction_items: [{ total, invoice_issuer: supplier }] },
  });
}

/** Marks a document exported before (it still counts in its period). */
async function exported(documentId: number, companyCode = 'RH') {
  await t.db.insertInto('journal_exported').values({ buffer_id: documentId, company_id: company[companyCode], job_id: null, format: 'yayoi', document_updated_at: new Date() }).execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  // RH keeps the calendar year (01-01); RS's year begins on 10-01, AP's on 04-01.
  for (const [code, start] of [['RH', '01-01'], ['RS', '10-01'], ['AP', '04-01']] as const) {
    company[code] = (await t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    await t.db.updateTable('companies').set({ fiscal_year_start: start }).where('id', '=', company[code]).execute();
    await t.db.insertInto('journal_mappings').values({
      company_id: company[code], mapping: JSON.stringify({ list: 'yayoi', modules: { payment: { debit: { account: '仕入高' }, credit: { account: '未払金' } } } }),
    }).execute();
  }
});

afterAll(async () => { await t.close(); });

const brief = (w: Warning[]) => w.map(({ supplier, year, from, to, total, limit }) => ({ supplier, year, from, to, total, limit }));

describe('the transitional cap per supplier per tax period', () => {
  it('a calendar-year company before the reform: ¥1 bn, counted over the supplier\'s whole tax period, not the export', async () => {
    const nov2025 = { from: '2025-11-01', to: '2025-11-30' };
    // March (80 %), already exported: outside the November export, still part of the period.
    await exported(await purchase('PAY-L-MAR', '2025-03-10', 600_000_000, '北斗物産'));
    await purchase('PAY-L-NOV', '2025-11-05', 399_999_999, '北斗物産');
    // One export's own total (¥399,999,999) is far below; the period's is ¥999,999,999.
    expect(await warnings(nov2025)).toEqual([]);
    // Exactly the cap: not passed.
    await purchase('PAY-L-NOV2', '2025-11-20', 1, '北斗物産');
    expect(await warnings(nov2025)).toEqual([]);
    // One yen more, later in the period (outside the export): the period passes it; the export of November warns.
    await purchase('PAY-L-DEC', '2025-12-20', 1, '北斗物産');
    const warned = await warnings(nov2025);
    expect(brief(warned)).toEqual([{ supplier: '北斗物産', year: 2025, from: '2025-01-01', to: '2025-12-31', total: BN + 1, limit: BN }]);
    expect(warned[0].message).toContain('北斗物産');
    expect(warned[0].message).toContain('2025-01-01 – 2025-12-31');
    expect(warned[0].message).toContain('¥1,000,000,000');
    // The export of December warns too (same period), January's of the next period does not.
    expect((await warnings({ from: '2025-12-01', to: '2025-12-31' })).map((w) => w.total)).toEqual([BN + 1]);
    await purchase('PAY-L-JAN', '2026-01-05', 5, '北斗物産');
    expect(await warnings({ from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
  });

  it('a calendar-year company keeps ¥1 bn for all of 2026 (its period began before 2026-10-01) and is held to ¥100,000,000 from 2027', async () => {
    // March 2026 (80 %, exported before) and November 2026 (70 %): ¥100,000,001 in a period begun 2026-01-01.
    await exported(await purchase('PAY-C-MAR', '2026-03-10', 60_000_000, '西海交易'));
    await purchase('PAY-C-NOV', '2026-11-05', 40_000_001, '西海交易');
    expect(await warnings(november)).toEqual([]);
    // The period begun 2027-01-01 is under the new cap: exactly ¥100,000,000 is not warned, one yen more is.
    const feb2027 = { from: '2027-02-01', to: '2027-02-28' };
    await purchase('PAY-C-FEB', '2027-02-01', CAP, '西海交易');
    expect(await warnings(feb2027)).toEqual([]);
    await purchase('PAY-C-DEC', '2027-12-31', 1, '西海交易');
    const warned = await warnings(feb2027);
    expect(brief(warned)).toEqual([{ supplier: '西海交易', year: 2027, from: '2027-01-01', to: '2027-12-31', total: CAP + 1, limit: CAP }]);
    expect(warned[0].message).toContain('¥100,000,000');
    expect(warned[0].message).toContain('¥100,000,001');
    // 2026 still is not warned (its total counts against ¥1 bn).
    expect(await warnings(november)).toEqual([]);
  });

  it('a company whose year begins on 10-01: 2026-09-30 closes a ¥1 bn period, 2026-10-01 opens a ¥100,000,000 one', async () => {
    const september = { from: '2026-09-01', to: '2026-09-30' };
    const october = { from: '2026-10-01', to: '2026-10-31' };
    // 2026-09-30 (80 %): the period 2025-10-01 – 2026-09-30, begun before the reform: ¥1 bn.
    await purchase('PAY-F-0930', '2026-09-30', CAP + 1, '東雲工業', 'RS');
    expect(await warnings(september, 'RS')).toEqual([]);
    // 2026-10-01 (70 %) opens the next period: not added to September's; exactly its cap is not warned.
    await purchase('PAY-F-1001', '2026-10-01', CAP, '東雲工業', 'RS');
    expect(await warnings(october, 'RS')).toEqual([]);
    expect(await warnings({ from: '2026-09-01', to: '2026-10-31' }, 'RS')).toEqual([]);
    // Its last day adds one yen: the period passes ¥100,000,000; the October export warns.
    await purchase('PAY-F-0930N', '2027-09-30', 1, '東雲工業', 'RS');
    const expected = [{ supplier: '東雲工業', year: 2026, from: '2026-10-01', to: '2027-09-30', total: CAP + 1, limit: CAP }];
    expect(brief(await warnings(october, 'RS'))).toEqual(expected);
    // The next period's first day starts again from nothing.
    await purchase('PAY-F-1001N', '2027-10-01', 5, '東雲工業', 'RS');
    expect(await warnings({ from: '2027-10-01', to: '2027-10-31' }, 'RS')).toEqual([]);
  });

  it('a company whose year begins on 04-01 keeps ¥1 bn until 2027-03-31; its period from 2027-04-01 is held to ¥100,000,000', async () => {
    const spring = { from: '2027-03-01', to: '2027-04-30' };
    await purchase('PAY-A-NOV', '2026-11-05', 500_000_000, '南星商会', 'AP');
    await purchase('PAY-A-0331', '2027-03-31', 500_000_000, '南星商会', 'AP');
    await purchase('PAY-A-0401', '2027-04-01', CAP, '南星商会', 'AP');
    // ¥1 bn exactly in 2026-04-01 – 2027-03-31, ¥100,000,000 exactly from 2027-04-01: neither passes.
    expect(await warnings(spring, 'AP')).toEqual([]);
    await purchase('PAY-A-0402', '2027-04-02', 1, '南星商会', 'AP');
    expect(brief(await warnings(spring, 'AP'))).toEqual([{ supplier: '南星商会', year: 2027, from: '2027-04-01', to: '2028-03-31', total: CAP + 1, limit: CAP }]);
    await purchase('PAY-A-0330', '2027-03-30', 1, '南星商会', 'AP');
    expect(brief(await warnings(spring, 'AP'))).toEqual([
      { supplier: '南星商会', year: 2026, from: '2026-04-01', to: '2027-03-31', total: BN + 1, limit: BN },
      { supplier: '南星商会', year: 2027, from: '2027-04-01', to: '2028-03-31', total: CAP + 1, limit: CAP },
    ]);
  });

  it('keeps suppliers apart, and warns only about suppliers the export books', async () => {
    // Another supplier past the cap in 2025 only: its small 2026 purchase is not warned.
    await purchase('PAY-K-OLD', '2025-06-01', BN + 5, '朝日商店');
    await purchase('PAY-K-NEW', '2026-11-10', 100, '朝日商店');
    expect((await warnings(november)).map((w) => w.supplier)).toEqual([]);
    expect(brief(await warnings({ from: '2025-06-01', to: '2025-06-30' }))).toEqual([{ supplier: '朝日商店', year: 2025, from: '2025-01-01', to: '2025-12-31', total: BN + 5, limit: BN }]);
    // 北斗物産 is past the cap in 2025 but has nothing in June: not this export's warning.
    expect((await warnings({ from: '2025-06-01', to: '2025-06-30' })).map((w) => w.supplier)).not.toContain('北斗物産');
  });

  it('says the period and the cap in each language', async () => {
    const feb2027 = { from: '2027-02-01', to: '2027-02-28' };
    for (const [lang, texts] of [['ja', ['課税期間2027-01-01～2027-12-31', '100,000,000円']], ['zh', ['课税期间2027-01-01至2027-12-31', '100,000,000日元']]] as const) {
      const [first] = await warnings(feb2027, 'RH', lang);
      for (const text of texts) expect(first.message).toContain(text);
    }
  });
});
