/**
 * Code lists the UI shows have a label in every language (issue 13: "ordinary"/"current" in the
 * Japanese treasury picker). Derived from the seeded database, not from a list here:
 * - every master table with a `code` and per-language name columns (`name_ja`/`name_jp`,
 *   `name_zh`): each row has a non-empty name in every language (pickers and cards show them);
 * - every bank account type stored: `engine.codes.bankAccountType.<type>` in en, ja and zh (the
 *   bank account picker shows the type through that code list);
 * - every document status the server uses: `app.approvals.status.<value>` in en, ja and zh.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { DocumentStatus } from '../../server/workflow/core/status';
import { createTranslate, LANGS } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
const { files } = await loadDefinitionFiles();
const translators = Object.fromEntries(LANGS.map((lang) => [lang, createTranslate(files.locales, lang)]));
const hasLabel = (key: string) => LANGS.filter((lang) => translators[lang](key) === key || translators[lang](key).trim() === '');

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('code list labels', () => {
  it('every row of a coded master table is named in every language', async () => {
    const columns = (await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(t.db)).rows;
    const byTable = new Map<string, Set<string>>();
    for (const c of columns) byTable.set(c.table_name, (byTable.get(c.table_name) ?? new Set()).add(c.column_name));
    const coded = [...byTable].filter(([, cols]) => cols.has('code') && cols.has('name') && cols.has('name_zh') && (cols.has('name_ja') || cols.has('name_jp')));
    expect(coded.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const [table, cols] of coded) {
      const ja = cols.has('name_ja') ? 'name_ja' : 'name_jp';
      const rows = (await sql<Record<string, string | null>>`select code, name, ${sql.ref(ja)} as ja, name_zh as zh from ${sql.table(table)}`.execute(t.db)).rows;
      for (const row of rows) {
        for (const lang of ['name', 'ja', 'zh']) if (!row[lang]?.trim()) missing.push(`${table} ${row.code}: ${lang}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every stored bank account type has a label in en, ja and zh', async () => {
    const types = (await t.db.selectFrom('company_bank_accounts').select('type').distinct().execute()).map((r) => r.type);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(hasLabel(`engine.codes.bankAccountType.${type}`), type).toEqual([]);
  });

  it('every document status has a label in en, ja and zh', () => {
    for (const value of Object.values(DocumentStatus)) expect(hasLabel(`app.approvals.status.${value}`), String(value)).toEqual([]);
  });
});
