import { beforeAll, describe, expect, it } from 'vitest';
import { compileModules, createTranslate, detailText, EMPTY_TEXT, type CompiledModule, type DefinitionFiles, type Lang } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

// The detail card as text (the printed 稟議書 reads it): the same definition data as the React card.

let files: DefinitionFiles;
let modules: Record<string, CompiledModule>;

beforeAll(async () => {
  ({ files } = await loadDefinitionFiles());
  modules = compileModules(files, { strict: true }).modules;
});

const names: Record<string, Record<string, string>> = { companies: { 1: 'Ringi Holdings' }, departments: { 5: 'Sales' }, files: { 9: 'quote.pdf' } };
const nameOf = (table: string, id: number | string) => names[table]?.[String(id)];

describe('detailText', () => {
  it('lays a document out by its detail card: ids as names, money in the parent\'s currency, enum values as labels, items by their sub-form', () => {
    const purchase = modules.purchase;
    const t = createTranslate(files.locales, 'en');
    const data = {
      company_id: 1, department_id: 5, currency_id: 3, user_finances: [],
      purchase_goods: [{ department_id: 5, goods_name: 'Laptop', qty: 2, budget: 1234.5, arrange_by: 'general_affairs', purchase_goods_photo: [9], delivery_date: '2026-12-01' }],
    };
    const sections = detailText(purchase, data, { t, lang: 'en', context: { currencies: [{ id: 3, code: 'USD' }] }, nameOf });
    // One section per detail-card section, in order, with its title.
    expect(sections).toHaveLength(purchase.meta.detailCard.sections.length);
    expect(sections.map((s) => s.rows.map((r) => r.field))).toEqual(purchase.meta.detailCard.sections.map((s) => s.fields));
    expect(sections[1].title).toBe(t(purchase.meta.detailCard.sections[1].title!));
    const first = Object.fromEntries(sections[0].rows.map((r) => [r.field, r]));
    expect(first.company_id).toMatchObject({ label: t('purchase.company_id.label'), value: 'Ringi Holdings' });
    expect(first.department_id.value).toBe('Sales');
    // An id no name was found for shows as the id, never blank.
    expect(first.currency_id.value).toBe('#3');
    const item = Object.fromEntries(sections[1].rows[0].items![0].map((r) => [r.field, r.value]));
    expect(item).toMatchObject({
      goods_name: 'Laptop', qty: '2', budget: '1,234.5 USD', delivery_date: '2026/12/01', purchase_goods_photo: 'quote.pdf',
      arrange_by: t('purchase-goods.arrange_by.options.general_affairs'),
    });
    // Empty values of an item are left out of its line; an empty top-level value shows as '-'.
    expect(item).not.toHaveProperty('brand');
    expect(sections[2].rows[0].value).toBe(EMPTY_TEXT);
  });

  it('prints every module\'s card in every language without raw keys or objects', () => {
    for (const lang of ['en', 'ja', 'zh'] as Lang[]) {
      const t = createTranslate(files.locales, lang);
      for (const module of Object.values(modules).filter((m) => m.kind === 'module')) {
        const sections = detailText(module, {}, { t, lang });
        expect(sections).toHaveLength(module.meta.detailCard.sections.length);
        for (const row of sections.flatMap((s) => s.rows)) {
          expect(row.label, `${module.code}.${row.field} (${lang})`).not.toMatch(/\.label$/);
          expect(row.value).not.toContain('[object');
        }
      }
    }
  });
});
