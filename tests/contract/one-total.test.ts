import { describe, expect, it } from 'vitest';
import { compileModules } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

/**
 * One total per item list on a detail card (spec 001: "the top two items by amount plus a
 * total"): an ItemList shows the total of its amounts itself, so the card does not list the form
 * field computed as the sum of that one list as well (the payment detail showed two totals).
 */
describe('detail cards', () => {
  it('show one total per item list', async () => {
    const { modules } = compileModules((await loadDefinitionFiles()).files);
    const twice: string[] = [];
    let lists = 0;
    for (const module of Object.values(modules)) {
      const shown = module.meta.detailCard.sections.flatMap((s) => [...s.fields, ...(s.highlight ? [s.highlight] : [])]);
      for (const field of shown) {
        const ui = module.uiSchema[field] as { 'ui:field'?: string; 'ui:options'?: { totalField?: string | null } } | undefined;
        if (ui?.['ui:field'] !== 'ItemList' || !ui['ui:options']?.totalField) continue;
        lists += 1;
        // The computed field that sums this list alone (a contract's amount sums several lists).
        for (const rule of module.rules.computed ?? []) {
          const refs = [...JSON.stringify(rule.value).matchAll(/"var":"([^"]+)"/g)].map((m) => m[1]).filter((v) => (module.schema.properties as Record<string, { type?: unknown }>)[v]?.type === 'array');
          if (refs.length === 1 && refs[0] === field && shown.includes(rule.field)) twice.push(`${module.code}: ${field} and ${rule.field}`);
        }
      }
    }
    expect(lists).toBeGreaterThan(0);
    expect(twice).toEqual([]);
  });
});
