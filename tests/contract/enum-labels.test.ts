/**
 * Every enum value a form or card can show has a label in every language (issue 13: no raw
 * values such as "ordinary" in the Japanese UI). Walks every module and sub-form definition on
 * disk — each schema property at any depth (object properties, array items), its `enum` or
 * `oneOf`/`anyOf` of `const`s — and resolves the label exactly as the renderer does
 * (`src/renderer/form/enum-choices.ts`): `ui:enumNames`, a `title` key, else
 * `<field key>.options.<value>`. Nothing is listed here: a new enum anywhere is covered.
 */
import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { compileModules, createTranslate, labelKey, LANGS, type CompiledModule, type JsonSchema } from '../../src/engine';
import { enumChoices } from '../../src/renderer/form/enum-choices';

const { files } = await loadDefinitionFiles();
const { modules } = compileModules(files);
const translators = Object.fromEntries(LANGS.map((lang) => [lang, createTranslate(files.locales, lang)]));

interface EnumField { module: string; path: string; schema: JsonSchema; ui: Record<string, unknown> | undefined; values: unknown[] }

const isEnum = (s: JsonSchema) => Array.isArray(s.enum) || (Array.isArray(s.oneOf ?? s.anyOf) && ((s.oneOf ?? s.anyOf) as JsonSchema[]).every((a) => 'const' in a));
const valuesOf = (s: JsonSchema) => (Array.isArray(s.enum) ? (s.enum as unknown[]) : ((s.oneOf ?? s.anyOf) as JsonSchema[]).map((a) => a.const)).filter((v) => v !== null);

/** Every enum field of a module's own schema (sub-form items are walked as their own modules). */
function enumFields(module: CompiledModule): EnumField[] {
  const out: EnumField[] = [];
  const subFormFields = new Set(module.meta.subForms.map((s) => s.field));
  const walk = (schema: JsonSchema | undefined, ui: Record<string, unknown> | undefined, path: string[]) => {
    if (!schema || typeof schema !== 'object') return;
    const items = schema.type === 'array' || schema.items ? (schema.items as JsonSchema | undefined) : undefined;
    if (isEnum(schema)) out.push({ module: module.code, path: path.join('.'), schema, ui, values: valuesOf(schema) });
    else if (items && isEnum(items)) out.push({ module: module.code, path: path.join('.'), schema, ui, values: valuesOf(items) });
    else if (items) walk(items, (ui?.items as Record<string, unknown> | undefined) ?? ui, path);
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (path.length === 0 && subFormFields.has(name)) continue;
      walk(child, ui?.[name] as Record<string, unknown> | undefined, [...path, name]);
    }
  };
  walk(module.schema, module.uiSchema, []);
  return out;
}

const fields = Object.values(modules).flatMap(enumFields);
const cases = fields.flatMap((f) => f.values.map((value) => ({ ...f, value, name: `${f.module}.${f.path} = ${String(value)}` })));

describe('enum labels', () => {
  it('finds the enums of the definitions (string lists and choices)', () => {
    expect(fields.length).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThan(fields.length);
  });

  it.each(cases)('$name has a label in en, ja and zh', ({ module, path, schema, ui, value }) => {
    const compiled = modules[module];
    const fieldKey = labelKey(compiled, path).replace(/\.label$/, '');
    for (const lang of LANGS) {
      const t = translators[lang];
      const choice = enumChoices(schema, ui, fieldKey, t)?.find((c) => c.value === value);
      expect(choice, `${lang}: ${module}.${path} offers ${String(value)}`).toBeTruthy();
      // enumChoices falls back to the raw value when no translation exists: that is the failure.
      const translated = [`${fieldKey}.options.${String(value)}`, ...(((ui?.['ui:enumNames'] as string[] | undefined) ?? []))]
        .some((key) => t(key) !== key && t(key) === choice!.label);
      const titled = ((schema.oneOf ?? schema.anyOf ?? (schema.items as JsonSchema | undefined)?.oneOf) as JsonSchema[] | undefined)
        ?.some((a) => a.const === value && typeof a.title === 'string' && t(a.title) !== a.title);
      expect(translated || titled, `${lang}: no translation for ${module}.${path} = ${String(value)} (add ${fieldKey}.options.${String(value)})`).toBe(true);
      expect(choice!.label.trim().length).toBeGreaterThan(0);
    }
  });
});
