import fc from 'fast-check';
import type { CompiledModule, JsonSchema } from '../../../src/engine';

/** Values of the wrong kind, and hostile ones, mixed into generated bodies. */
const hostile = fc.oneof(
  fc.constant(null), fc.constant(''), fc.constant({}), fc.constant([]), fc.boolean(),
  fc.constantFrom(-1, 0, 2 ** 31, 1e308, -(2 ** 53), 0.5), fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", 'x'.repeat(3000), '０１２', '𠮷野家'),
  fc.string({ maxLength: 12 }),
);

const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

type Schema = JsonSchema & Record<string, unknown>;

/**
 * A fast-check arbitrary of JSON values for a module's JSON Schema (properties, arrays, enums,
 * `$ref` to sub-forms by code, type unions), where any value is now and then replaced by a hostile
 * one, so the generated bodies cover valid, nearly valid and broken submissions.
 */
export function schemaArbitrary(schema: Schema, modules: Record<string, CompiledModule>, depth = 0): fc.Arbitrary<unknown> {
  const inner = (s: Schema): fc.Arbitrary<unknown> => {
    if (typeof s.$ref === 'string') {
      const target = modules[s.$ref]?.schema as Schema | undefined;
      return target && depth < 4 ? schemaArbitrary(target, modules, depth + 1) : fc.constant({});
    }
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    if (s.const !== undefined) return fc.constant(s.const);
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(s[key])) return fc.oneof(...(s[key] as Schema[]).map((sub) => schemaArbitrary({ ...s, [key]: undefined, ...sub }, modules, depth + 1)));
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type ?? (s.properties ? 'object' : 'string')];
    return fc.oneof(...types.map((type) => byType(type as string, s)));
  };
  const byType = (type: string, s: Schema): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null': return fc.constant(null);
      case 'boolean': return fc.boolean();
      case 'integer': return fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -10, max: 10_000_000 }));
      case 'number': return fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: -1e6, max: 1e9, noNaN: true, noDefaultInfinity: true }));
      case 'string': {
        if (s.format === 'date' || /date/i.test(String(s.title ?? ''))) return day;
        const max = typeof s.maxLength === 'number' ? Math.min(s.maxLength as number, 40) : 40;
        return fc.oneof(fc.string({ maxLength: max }), fc.string({ unit: 'grapheme', maxLength: max }), day);
      }
      case 'array': {
        if (depth > 3 || !s.items) return fc.constant([]);
        const max = typeof s.maxItems === 'number' ? Math.min(s.maxItems as number, 3) : 3;
        return fc.array(schemaArbitrary(s.items as Schema, modules, depth + 1), { maxLength: max });
      }
      case 'object': {
        const props = (s.properties ?? {}) as Record<string, Schema>;
        if (depth > 4) return fc.constant({});
        return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaArbitrary(v, modules, depth + 1)])), { requiredKeys: [] });
      }
      default: return hostile;
    }
  };
  return fc.oneof({ weight: 12, arbitrary: inner(schema) }, { weight: 1, arbitrary: hostile });
}
