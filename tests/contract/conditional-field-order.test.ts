import { describe, expect, it } from 'vitest';
import { compileModules } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

const varsOf = (logic: unknown) => [...JSON.stringify(logic ?? null).matchAll(/"var":"([^".]+)[^"]*"/g)].map((m) => m[1]);

/**
 * A field that gates submit and is shown only for a choice of another field (the seal's three
 * borrow-stamp agreements, shown when the purpose includes borrowing the stamp) sits right after
 * that field in the form, not at the bottom under the approval flow.
 */
describe('form order', () => {
  it('places a submit-gating conditional field right after the field it depends on', async () => {
    const { modules } = compileModules((await loadDefinitionFiles()).files);
    const misplaced: string[] = [];
    let found = 0;
    for (const module of Object.values(modules)) {
      const order = (module.uiSchema['ui:order'] ?? []) as string[];
      const gating = new Set(varsOf(module.rules.submitEnabled));
      for (const [field, rule] of Object.entries(module.rules.visibility ?? {})) {
        if (!gating.has(field)) continue;
        const on = varsOf(rule).filter((v) => v !== field && order.includes(v));
        if (on.length === 0 || !order.includes(field)) continue;
        found += 1;
        const last = Math.max(...on.map((v) => order.indexOf(v)));
        if (order.indexOf(field) !== last + 1) misplaced.push(`${module.code}: ${field} after ${order[last]}`);
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(misplaced).toEqual([]);
  });
});
