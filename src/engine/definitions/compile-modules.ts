import type { CompileOptions, CompileResult, CompiledModule, DefinitionFiles, JsonSchema, Lang, LocaleFile, Problem, UiSchema } from '../types';
import { LANGS } from '../types';
import { BYPASS_RULES, WRAPPER_SCHEMAS, WRAPPER_UI, WRAPPER_FIELDS, hasWrapperField } from '../payload/wrapper-fields';
import { contentHash } from './content-hash';
import { readMeta } from './read-meta';
import { definitionPath } from './definition-path';

const clone = <T>(value: T): T => structuredClone(value);

/** Codes named by `{"$ref": "<code>"}` anywhere in a schema, with their JSON pointers. */
export function findRefs(schema: unknown, pointer = ''): Array<{ ref: string; pointer: string }> {
  if (!schema || typeof schema !== 'object') return [];
  const out: Array<{ ref: string; pointer: string }> = [];
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === '$ref' && typeof value === 'string') out.push({ ref: value, pointer });
    else out.push(...findRefs(value, `${pointer}/${key}`));
  }
  return out;
}

function inlineRefs(schema: unknown, resolve: (code: string) => JsonSchema | null): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(s, resolve));
  if (!schema || typeof schema !== 'object') return schema;
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const target = resolve(record.$ref);
    if (target) {
      const { $ref: _ref, ...rest } = record;
      return { ...target, ...rest };
    }
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, inlineRefs(v, resolve)]));
}

/**
 * A related-approval source (`ui:options.source` naming a module with `ui:module.relatedAs`) gets
 * the API that lists it as `ui:options.relatedList`, so the renderer never names a module.
 */
function resolveRelatedSources(ui: unknown, files: DefinitionFiles): void {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
  for (const [key, value] of Object.entries(ui as Record<string, unknown>)) {
    if (key === 'ui:options' && value && typeof value === 'object') {
      const options = value as Record<string, unknown>;
      const source = options.source;
      const relatedAs = typeof source === 'string' ? readMeta(source, files.uiSchemas[source]).relatedAs : undefined;
      if (relatedAs) options.relatedList = relatedAs.list;
    } else if (key !== 'ui:module') resolveRelatedSources(value, files);
  }
}

/**
 * Compile every module and sub-form in `files`: sub-form schemas inlined where the parent
 * says `{"$ref": "<code>"}` (and recorded in `meta.subForms`), wrapper fields added to modules,
 * the shared bypass rules added where `hasBypass` (unless the module's rules cover them),
 * `ui:module` lifted into `meta`, translations attached, and a content-hash version computed
 * over all of it (sub-forms included). Problems that stop a module compiling are returned
 * (or thrown with `strict`); the full list of problems is `checkDefinitions`' job.
 */
export function compileModules(files: DefinitionFiles, options: CompileOptions = {}): CompileResult {
  const problems: Problem[] = [];
  const modules: Record<string, CompiledModule> = {};
  const inProgress = new Set<string>();
  // Lookups by code are own-property lookups: a code such as `constructor` names nothing inherited.
  const own = <T>(record: Record<string, T> | undefined, code: string): T | undefined => (record && Object.hasOwn(record, code) ? record[code] : undefined);

  function compile(code: string): CompiledModule | null {
    if (Object.hasOwn(modules, code)) return modules[code];
    const schemaFile = definitionPath(files, 'schemas', code);
    if (inProgress.has(code)) {
      problems.push({ file: schemaFile, pointer: '', message: `sub-form reference cycle through "${code}"` });
      return null;
    }
    const rawSchema = own(files.schemas, code);
    if (!rawSchema) {
      problems.push({ file: schemaFile, pointer: '', message: `no schema for module "${code}"` });
      return null;
    }
    inProgress.add(code);
    const ui = clone(own(files.uiSchemas, code) ?? {}) as UiSchema;
    const meta = readMeta(code, ui);
    delete ui['ui:module'];
    resolveRelatedSources(ui, files);
    const subForms: Record<string, CompiledModule> = {};
    const schema = inlineRefs(clone(rawSchema), (ref) => {
      const sub = compile(ref);
      if (!sub) return null;
      subForms[ref] = sub;
      return sub.schema;
    }) as JsonSchema;
    delete schema.$id;
    const properties = ((schema.properties ??= {}) as Record<string, JsonSchema>);
    for (const [field, prop] of Object.entries((rawSchema.properties ?? {}) as Record<string, JsonSchema>)) {
      const ref = (prop.items as JsonSchema | undefined)?.$ref;
      if (typeof ref === 'string' && Object.hasOwn(subForms, ref)) {
        meta.subForms.push({ field, form: ref });
        if (!Object.hasOwn(ui, field)) ui[field] = {};
        const entry = ui[field] as UiSchema;
        entry['ui:options'] = { subForm: ref, ...(entry['ui:options'] as object | undefined) };
      }
    }
    if (meta.kind === 'module') {
      for (const field of WRAPPER_FIELDS) {
        if (!hasWrapperField(meta, field)) continue;
        properties[field] ??= clone(WRAPPER_SCHEMAS[field]);
        ui[field] = { ...WRAPPER_UI[field], ...(ui[field] as object | undefined) };
      }
      const order = ui['ui:order'];
      if (Array.isArray(order) && !order.includes('*')) {
        ui['ui:order'] = [...order, ...WRAPPER_FIELDS.filter((f) => f in properties && !order.includes(f))];
      }
    }
    const translations = Object.fromEntries(
      LANGS.map((lang) => [lang, clone(own(files.locales[lang], code) ?? {})]),
    ) as Record<Lang, LocaleFile>;
    const rules = clone(own(files.rules, code) ?? {});
    if (meta.kind === 'module' && meta.hasBypass) {
      rules.visibility = { ...clone(BYPASS_RULES.visibility), ...rules.visibility };
      if (!(rules.effects ?? []).some((e) => e.on === 'bypass')) rules.effects = [...clone(BYPASS_RULES.effects), ...(rules.effects ?? [])];
    }
    const processFile = own(files.processes, code);
    const attachmentsFile = own(files.attachments, code);
    const process = meta.kind === 'module' && processFile ? clone(processFile.steps) : undefined;
    const attachments = attachmentsFile ? clone(attachmentsFile) : undefined;
    const version = contentHash({
      schema, uiSchema: ui, rules, meta, translations, process, attachments,
      subForms: Object.fromEntries(Object.entries(subForms).map(([k, v]) => [k, v.version])),
    });
    inProgress.delete(code);
    modules[code] = { code, kind: meta.kind, version, schema, uiSchema: ui, rules, meta, subForms, translations };
    if (process) modules[code].process = process;
    if (attachments) modules[code].attachments = attachments;
    return modules[code];
  }

  const codes = new Set([...Object.keys(files.schemas), ...Object.keys(files.uiSchemas)]);
  for (const code of [...codes].sort()) compile(code);
  if (options.strict && problems.length) {
    throw new Error(problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
  }
  return { modules, problems };
}
