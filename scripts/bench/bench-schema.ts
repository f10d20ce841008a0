import type { CompiledModule, DefinitionFiles } from '../../src/engine';
import { compileModules } from '../../src/engine';

/** The array the benchmark edits: `rows` × 4 fields (text, number, money, text). */
export const rowSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    qty: { type: 'number' },
    price: { type: 'number' },
    note: { type: 'string' },
  },
} as const;

/** The form schema both renderers get. */
export const benchSchema = {
  type: 'object',
  properties: { rows: { type: 'array', items: rowSchema } },
} as const;

/** Initial data: `n` filled rows. */
export function benchData(n: number): { rows: Array<Record<string, unknown>> } {
  return { rows: Array.from({ length: n }, (_, i) => ({ name: `Item ${i + 1}`, qty: i % 7, price: i * 10, note: '' })) };
}

/**
 * The same schema compiled as a Ringi module, plus what a real item list has: a computed total of
 * the money column (`sum(rows, price)`), shown read-only above the rows. Typing into a row's name
 * must not re-run it; typing a price must.
 */
export function benchModule(): CompiledModule {
  const files: DefinitionFiles = {
    schemas: {
      bench: { $id: 'bench', type: 'object', properties: { total: { type: 'number' }, ...structuredClone(benchSchema.properties) } } as Record<string, unknown>,
    },
    uiSchemas: {
      bench: {
        'ui:module': { kind: 'module', title: 'bench.title', editable: true, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] } },
        total: { 'ui:widget': 'money', 'ui:readonly': true },
        rows: { items: { name: { 'ui:widget': 'text' }, qty: { 'ui:widget': 'number' }, price: { 'ui:widget': 'money' }, note: { 'ui:widget': 'text' } } },
        approvals: { 'ui:field': 'hidden' },
      },
    },
    rules: { bench: { validations: [], visibility: {}, effects: [], computed: [{ field: 'total', value: { sum: [{ var: 'rows' }, 'price'] } }] } },
    locales: { en: { bench: { title: 'Bench' } }, ja: { bench: { title: 'Bench' } }, zh: { bench: { title: 'Bench' } } },
  };
  const { modules, problems } = compileModules(files);
  if (!modules.bench) throw new Error(`bench module did not compile: ${JSON.stringify(problems)}`);
  return modules.bench;
}
