import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { compileModules, stripUnknownFields, submitSchema, type CompiledModule, type JsonSchema } from '../../src/engine';
import { ajvRegExp } from '../../src/engine/regexp/linear-regexp';
import { prng } from '../../server/demo/prng';

/** What stripping was before it stopped deep-cloning: a structured clone, stripped in place by Ajv (`removeAdditional: 'all'`). */
const reference = new Ajv({ strict: false, allErrors: true, removeAdditional: 'all', useDefaults: false, validateFormats: false, addUsedSchema: false, code: { regExp: ajvRegExp } });
function referenceStrip(module: CompiledModule, payload: unknown): unknown {
  const copy = structuredClone(payload);
  reference.compile(submitSchema(module))(copy);
  return copy;
}

/** A seeded source, so a failure names a body that can be made again. */
const random = (seed: number) => prng(seed).next;

const EXTRA_NAMES = ['status', 'requester_id', 'code', '__proto__', 'a/b', 'c~d', 'constructor', 'x'];

/** A body with the schema's own fields (sometimes of the wrong type) and unknown ones sprinkled at every depth. */
function generate(schema: JsonSchema, next: () => number, depth = 0): unknown {
  const pick = <T,>(list: T[]): T => list[Math.floor(next() * list.length)];
  const types = ([] as unknown[]).concat(schema.type ?? 'string');
  if (types.includes('object') && schema.properties && next() < 0.9) {
    const out: Record<string, unknown> = {};
    for (const [field, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (next() < 0.6) out[field] = depth < 4 ? generate(prop, next, depth + 1) : null;
    }
    const extras = Math.floor(next() * 3);
    for (let i = 0; i < extras; i += 1) Object.defineProperty(out, pick(EXTRA_NAMES), { value: pick([1, 'x', { deep: { y: 1 } }, [1, { z: 2 }]]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  if (types.includes('array') && next() < 0.9) {
    return Array.from({ length: Math.floor(next() * 4) }, () => (schema.items && depth < 4 ? generate(schema.items as JsonSchema, next, depth + 1) : pick([1, 'x', { q: 1 }])));
  }
  return pick([null, 1, 'x', true, 2.5, { stray: 1 }, [{ stray: 2 }]]);
}

describe('stripUnknownFields', () => {
  it('drops what the Ajv stripper dropped, without changing (or deep-cloning) the body', async () => {
    const { files } = await loadDefinitionFiles();
    const { modules } = compileModules(files);
    const next = random(1127);
    let stripped = 0;
    let untouched = 0;
    for (const module of Object.values(modules)) {
      for (let i = 0; i < 30; i += 1) {
        const body = generate(submitSchema(module), next) as Record<string, unknown>;
        if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
        const before = JSON.stringify(body);
        const result = stripUnknownFields(module, body);
        const expected = referenceStrip(module, body);
        expect(result, `${module.code} #${i}`).toStrictEqual(expected);
        expect(JSON.stringify(body), `${module.code} #${i}: the input is not changed`).toBe(before);
        if (result === body) untouched += 1;
        else stripped += 1;
      }
    }
    expect(stripped).toBeGreaterThan(20);
    expect(untouched).toBeGreaterThan(0);
  }, 120_000);

  it('answers a body without unknown fields with the body itself, and copies only the way to an unknown one', async () => {
    const { files } = await loadDefinitionFiles();
    const purchase = compileModules(files).modules.purchase!;
    const goods = [{ goods_name: 'A', qty: 1 }, { goods_name: 'B', qty: 2 }];
    const body = { currency_id: 1, purchase_goods: goods, approvals: [{ approver_id: 5, master_process_id: 1 }] };
    expect(stripUnknownFields(purchase, body)).toBe(body);
    const withExtra = { ...body, purchase_goods: [goods[0], { ...goods[1], status: 9 }] };
    const result = stripUnknownFields(purchase, withExtra) as typeof withExtra;
    expect(result.purchase_goods[1]).toEqual(goods[1]);
    expect(result.purchase_goods[0]).toBe(goods[0]);
    expect(result.approvals).toBe(body.approvals);
    expect(withExtra.purchase_goods[1]).toHaveProperty('status', 9);
  });
});
