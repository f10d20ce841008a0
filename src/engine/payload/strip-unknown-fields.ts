import Ajv, { type ValidateFunction } from 'ajv';
import type { CompiledModule, JsonSchema } from '../types';
import { submitSchema } from './submit-schema';
import { versionedCache } from './versioned-cache';
import { ajvRegExp } from '../regexp/linear-regexp';

// `removeAdditional: 'all'` deletes every property a schema's `properties` does not name, at
// every depth (items of sub-forms included); nothing is validated or coerced here.
// `pattern` is still evaluated while stripping: on the linear-time engine, as everywhere.
const ajv = /* @__PURE__ */ new Ajv({ strict: false, allErrors: true, removeAdditional: 'all', useDefaults: false, validateFormats: false, addUsedSchema: false, code: { regExp: ajvRegExp } });
/** The stripping validator, compiled once per definition version. */
const stripperOf = /* @__PURE__ */ versionedCache<ValidateFunction>(
  (module) => JSON.stringify(submitSchema(module)),
  (module) => ajv.compile(submitSchema(module)),
);

// The same walk, reporting instead of deleting: every object schema closed
// (`additionalProperties: false`), so each property the stripper would delete is one
// `additionalProperties` error at the same place.
const finder = /* @__PURE__ */ new Ajv({ strict: false, allErrors: true, useDefaults: false, validateFormats: false, addUsedSchema: false, code: { regExp: ajvRegExp } });
/** The finder of unknown fields, or null where the schema is not one it can stand in for. */
const finderOf = /* @__PURE__ */ versionedCache<ValidateFunction | null>(
  (module) => JSON.stringify(submitSchema(module)),
  (module) => {
    const closed = closedSchema(submitSchema(module));
    return closed ? finder.compile(closed) : null;
  },
);

/** Keywords under which a schema holds sub-schemas the finder closes; any other one (combinators, `$ref`, …) leaves the schema to the stripper. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const SCHEMA_ONE_OR_LIST = new Set(['items', 'additionalItems', 'additionalProperties']);
const NOT_SIMPLE = new Set([
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref', '$dynamicRef', '$recursiveRef', 'dependencies', 'dependentSchemas',
  'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames', 'prefixItems', '$defs', 'definitions',
]);

/**
 * The schema with every sub-schema that names `properties` (or `additionalProperties`) closed,
 * where the stripper deletes (`removeAdditional: 'all'`); null for a schema using a keyword whose
 * sub-schemas Ajv may try and drop (combinators: the stripper deletes inside a branch it then
 * rejects, which a report cannot mirror).
 */
function closedSchema(schema: unknown): JsonSchema | null {
  if (typeof schema === 'boolean') return schema as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_SIMPLE.has(key)) return null;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      const map: Record<string, JsonSchema> = {};
      for (const [name, sub] of Object.entries(value)) {
        const closed = closedSchema(sub);
        if (closed === null) return null;
        map[name] = closed;
      }
      out[key] = map;
    } else if (SCHEMA_ONE_OR_LIST.has(key)) {
      const closed = Array.isArray(value) ? value.map(closedSchema) : [closedSchema(value)];
      if (closed.some((c) => c === null)) return null;
      out[key] = Array.isArray(value) ? closed : closed[0];
    } else {
      out[key] = value;
    }
  }
  if ('properties' in out || 'additionalProperties' in out) out.additionalProperties = false;
  return out;
}

/** `/a/0/b~1c` → `['a', '0', 'b/c']`. */
function pointerParts(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * The payload without the `unknown` properties (each at its object's path), the input untouched:
 * only the objects and arrays on the way to one are copied (once each), the rest is shared.
 */
function withoutProperties(payload: object, unknown: Array<{ at: string[]; property: string }>): unknown {
  const copies = new Map<object, any>();
  const copyOf = (value: any): any => {
    let copy = copies.get(value);
    if (!copy) {
      copy = Array.isArray(value) ? value.slice() : { ...value };
      copies.set(value, copy);
    }
    return copy;
  };
  const root = copyOf(payload);
  for (const { at, property } of unknown) {
    let original: any = payload;
    let copy = root;
    for (const part of at) {
      original = original[part];
      const inner = copyOf(original);
      // An own `__proto__` (JSON.parse makes one) is a property here, never the prototype.
      Object.defineProperty(copy, part, { value: inner, writable: true, enumerable: true, configurable: true });
      copy = inner;
    }
    delete copy[property];
  }
  return root;
}

/**
 * The submission body with every field the module's submission schema does not declare dropped
 * (at any depth): `status`, `requester_id`, `code` and the like never reach the stored data.
 * Dropping (not refusing) is the rule, so an older client sending an extra field still files;
 * the server's answer and the stored document show what was kept. The input is never changed:
 * a body without unknown fields is returned as it is, and one with some gets copies of only the
 * objects on the way to them (the rest is shared; nothing is deep-cloned). Non-objects are
 * returned as they are (the shape check refuses them).
 */
export function stripUnknownFields(module: CompiledModule, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const find = finderOf(module);
  if (!find) {
    // A schema the finder cannot stand in for: the stripper itself, on a copy.
    const copy = structuredClone(payload);
    stripperOf(module)(copy);
    return copy;
  }
  if (find(payload)) return payload;
  const unknown = (find.errors ?? []).filter((e) => e.keyword === 'additionalProperties')
    .map((e) => ({ at: pointerParts(e.instancePath), property: String(e.params.additionalProperty) }));
  return unknown.length ? withoutProperties(payload, unknown) : payload;
}
