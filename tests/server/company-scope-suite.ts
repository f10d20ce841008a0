import { describe, expect, test } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { exportRows } from '../../server/statistics/export-report';
import { statisticFacts } from '../../server/statistics/facts';
import { stampModules } from '../../server/statistics/stamp-statistics';
import type { TestApp } from './helpers';

/**
 * Every document has a company for scoping (issue #22): its definition's company field, else its
 * requester's company. Per module (derived from the definitions), company-scoped users of Ringi
 * Holdings — legal@ (stamp statistics), treasury@ and finance@ (document search, exports) — see
 * their company's documents and none of Ringi Trading's (the demo files both).
 *
 * Run by demo-documents.test.ts on the demo month it files (`today`), which these checks only
 * read: filing the month through the API is the server suite's costliest setup, so it is done
 * once for both (and once more on PostgreSQL by `npm run test:db`), not once per file.
 */
export function companyScopeSuite(t: TestApp, today: Date): void {
  describe('document company', async () => {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const facts = statisticFacts(definitions);
    const stamp = new Set(stampModules(facts).map(([code]) => code));
    const companies = new Map((await t.db.selectFrom('companies').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
    const own = companies.get('RH')!;
    const other = companies.get('RT')!;
    const documents = await t.db.selectFrom('buffers').select(['id', 'code', 'module_code', 'company_id', 'action']).execute();
    const idOf = new Map(documents.map((d) => [d.code, d.id]));
    const modules = [...new Set(documents.filter((d) => d.action === 'create').map((d) => d.module_code))].sort();
    // The demo month lies within the year before `today`: searched from the year before to the year after.
    const year = today.getUTCFullYear();

    const get = async (email: string, url: string) => {
      const reply = await t.app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${await t.login(email)}`, 'accept-language': 'en' } });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json()['hydra:member'] as Array<{ id: number }>).map((d) => d.id);
    };
    const companyOf = new Map(documents.map((d) => [d.id, d.company_id]));

    test('every document has one', () => {
      expect(modules.length).toBeGreaterThan(0);
      expect(documents.filter((d) => d.company_id === null)).toEqual([]);
    });

    test.each(modules)('%s: company-scoped users see their company\'s documents and no other\'s', async (code) => {
      const mine = documents.filter((d) => d.module_code === code && d.company_id === own).map((d) => d.id);
      expect(mine.length, 'Ringi Holdings documents').toBeGreaterThan(0);
      expect(documents.some((d) => d.module_code === code && d.company_id === other), 'Ringi Trading documents').toBe(true);
      const checks: Array<[string, number[]]> = [];
      if (stamp.has(code)) {
        // Per currency: the demo's companies file in their own (yen, yuan, dollars), so every one is asked.
        for (const who of ['legal@example.com', 'treasury@example.com']) {
          const ids: number[] = [];
          for (const currency of ['CNY', 'JPY', 'USD']) ids.push(...await get(who, `/stamp_statistics?moduleCode=${code}&currency=${currency}&itemsPerPage=100`));
          checks.push([`${who} stamp statistics`, ids]);
        }
      }
      if (facts.get(code)) {
        for (const who of ['treasury@example.com', 'finance@example.com']) {
          checks.push([`${who} document search`, await get(who, `/buffer/statistic_search?moduleCode=${code}&createdAt=${year - 1}-01-01~${year + 1}-12-31&itemsPerPage=100`)]);
        }
      }
      if (facts.get(code)?.export) {
        const rows = await exportRows(t.db, facts.get(code)!, { moduleCode: code, companyId: own, from: `${year - 1}-01-01`, to: `${year + 1}-12-31`, dateType: 'completion', fileType: 'xlsx', lang: 'en' });
        checks.push(['export', rows.map((r) => idOf.get(r.code) ?? -1)]);
        expect(rows.length, 'export rows').toBeGreaterThan(0);
      }
      expect(checks.length, 'a company-scoped screen shows the module').toBeGreaterThan(0);
      for (const [what, ids] of checks) {
        expect(ids.length, `${what} shows documents`).toBeGreaterThan(0);
        expect(ids.filter((id) => companyOf.get(id) !== own), `${what} shows only Ringi Holdings`).toEqual([]);
      }
    });
  });
}
