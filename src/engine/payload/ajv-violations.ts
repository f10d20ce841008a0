import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { CompiledModule, Translate, Violation } from '../types';
import { labelKey } from '../definitions/label-key';
import { formDataSchema, submitSchema } from './submit-schema';
import { versionedCache } from './versioned-cache';
import { ajvRegExp } from '../regexp/linear-regexp';
import { addLinearFormats } from '../regexp/linear-formats';

// Patterns and formats of definitions run on the linear-time engine (issue #19): a pattern can
// never stall a submission, however the text is crafted.
// Marked pure so a browser bundle that never validates a body drops Ajv and RE2 (they are not in the form's path).
const ajv = /* @__PURE__ */ addLinearFormats(/* @__PURE__ */ new Ajv({ allErrors: true, strict: false, useDefaults: false, addUsedSchema: false, code: { regExp: ajvRegExp } }));
/** The submission schema's validator, compiled once per definition version. */
const validatorOf = /* @__PURE__ */ versionedCache<ValidateFunction>(
  (module) => JSON.stringify(submitSchema(module)),
  (module) => ajv.compile(submitSchema(module)),
);

/** The flat form data's validator (`formDataSchema`), compiled once per definition version. */
const formValidatorOf = /* @__PURE__ */ versionedCache<ValidateFunction>(
  (module) => JSON.stringify(formDataSchema(module)),
  (module) => ajv.compile(formDataSchema(module)),
);

/** `/transaction/purchase_goods/0/budget` → `purchase_goods[0].budget` (form data path). */
function toPropertyPath(module: CompiledModule, error: ErrorObject, nested: boolean): string {
  const parts = error.instancePath.split('/').slice(1).map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  if (nested && module.meta.bodyKey && parts[0] === module.meta.bodyKey && parts.length > 1) parts.shift();
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * Check a submission body against the module's submission schema; each Ajv error becomes a
 * violation with a translated message naming the field (`engine.validation.<keyword>`).
 */
export function ajvViolations(module: CompiledModule, payload: unknown, t: Translate): Violation[] {
  return violationsOf(module, validatorOf(module), payload, true, t);
}

/**
 * Check flat form data (as computed: wrapper fields beside the body fields) against the form's
 * schema: a computed value the schema does not allow (a joined purpose over its `maxLength`) is
 * refused like a typed one, with the same messages as `ajvViolations`.
 */
export function formDataViolations(module: CompiledModule, data: unknown, t: Translate): Violation[] {
  return violationsOf(module, formValidatorOf(module), data, false, t);
}

function violationsOf(module: CompiledModule, validate: ValidateFunction, payload: unknown, nested: boolean, t: Translate): Violation[] {
  if (validate(payload)) return [];
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const error of validate.errors ?? []) {
    const propertyPath = toPropertyPath(module, error, nested);
    // A `type: ['x','null']` mismatch also reports anyOf/oneOf noise; one message per path is enough.
    if (seen.has(propertyPath)) continue;
    seen.add(propertyPath);
    const dotted = propertyPath.replace(/\[(\d+)\]/g, '.$1');
    const key = labelKey(module, dotted);
    const translated = t(key);
    const field = translated === key ? propertyPath || 'body' : translated;
    const known = ['type', 'required', 'enum', 'maxLength', 'minLength', 'maximum', 'minimum', 'maxItems', 'format', 'pattern', 'additionalProperties'];
    const messageKey = `engine.validation.${known.includes(error.keyword) ? error.keyword : 'invalid'}`;
    const rawType = error.params.type;
    const type = Array.isArray(rawType) ? rawType.filter((x: string) => x !== 'null').join('/') : rawType;
    // Options read as the form shows them (`<field>.options.<value>`), never raw values or a null's empty slot.
    const allowed = ((error.params.allowedValues ?? []) as unknown[]).filter((v) => v !== null && v !== undefined).map((v) => {
      const optionKey = key.endsWith('.label') ? `${key.slice(0, -'.label'.length)}.options.${String(v)}` : '';
      const label = optionKey ? t(optionKey) : optionKey;
      return label && label !== optionKey ? label : String(v);
    }).join(t('engine.validation.listSeparator'));
    // A pattern's own message sits beside the field's label (`<code>.<field>.pattern`, the builder writes it).
    const patternKey = error.keyword === 'pattern' && key.endsWith('.label') ? `${key.slice(0, -'.label'.length)}.pattern` : '';
    const own = patternKey ? t(patternKey) : '';
    out.push({
      propertyPath,
      message: own && own !== patternKey ? own : t(messageKey, { field, type: type ? t(`engine.types.${String(type).split('/')[0]}`) : '', limit: error.params.limit, allowed }),
      field: propertyPath.split(/[.[]/)[0] || undefined,
      messageKey,
    });
  }
  return out;
}
