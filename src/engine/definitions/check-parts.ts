import Ajv from 'ajv';
import type { CompiledModule, DefinitionFiles, Problem, UiSchema } from '../types';
import { closestNames } from './closest-names';
import { definitionPath } from './definition-path';
import { ATTACHMENTS_META, PROCESS_META } from './part-meta-schemas';
import { checkRoute } from '../routes/check-route';
import { widgetValue } from './widget-values';
import { sharedMeaning, sharedStepMessage, type StepUse } from './shared-steps';

type Validator = ReturnType<Ajv['compile']>;
let validators: { processes: Validator; attachments: Validator } | undefined;

/** Compiled on first use (Ajv uses `new Function`, which the browser's CSP forbids at import). */
function getValidators() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    validators = { processes: ajv.compile(PROCESS_META), attachments: ajv.compile(ATTACHMENTS_META) };
  }
  return validators;
}

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every uploader (a widget storing file references) in a UI schema: its document type, maxFiles and pointer. */
function uploaders(ui: unknown, pointer = ''): Array<{ documentType: unknown; maxFiles: unknown; pointer: string }> {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return [];
  const record = ui as Record<string, unknown>;
  const out: Array<{ documentType: unknown; maxFiles: unknown; pointer: string }> = [];
  if (widgetValue(record['ui:widget'])?.value === 'fileRefs') {
    const options = (record['ui:options'] ?? {}) as Record<string, unknown>;
    out.push({ documentType: options.documentType, maxFiles: options.maxFiles, pointer: `${pointer}/ui:options` });
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'ui:options' && key !== 'ui:module') out.push(...uploaders(value, `${pointer}${ptr(key)}`));
  }
  return out;
}

/**
 * Checks the process and attachment parts: each against its meta-schema; every top-level module
 * has steps (a module without steps would file documents straight to completed); step codes are
 * unique in a module and mean the same (names, roles) in every module; every FileUploader names a
 * declared attachment kind and asks for no more files than the kind allows; the route's conditions
 * and approver rules (`checkRoute`).
 */
export function checkParts(files: DefinitionFiles, modules: Record<string, CompiledModule>, problems: Problem[], route: { operators: ReadonlySet<string>; positions?: readonly string[] }): void {
  const processes = files.processes ?? {};
  const attachments = files.attachments ?? {};
  for (const [kind, parts] of [['processes', processes], ['attachments', attachments]] as const) {
    for (const [code, content] of Object.entries(parts)) {
      const file = definitionPath(files, kind, code);
      if (!files.schemas[code]) problems.push({ file, pointer: '', message: `there is no module "${code}" (no schemas/${code}.json)` });
      const validate = getValidators()[kind];
      if (!validate(content)) {
        for (const e of validate.errors ?? []) {
          const allowed = e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
          const extra = e.params && 'additionalProperty' in e.params ? ` ("${e.params.additionalProperty}")` : '';
          problems.push({ file, pointer: e.instancePath, message: `${e.message}${allowed}${extra}` });
        }
      }
    }
  }
  // What each step code means across the modules (names and roles): the meaning most give it is the code's.
  const meaningOf = (step: { names?: unknown; roles?: unknown }) => JSON.stringify([step.names, [...(Array.isArray(step.roles) ? step.roles : [])].sort()]);
  const uses = new Map<string, StepUse[]>();
  for (const module of Object.values(modules).sort((a, b) => a.code.localeCompare(b.code))) {
    const steps = processes[module.code]?.steps;
    for (const step of Array.isArray(steps) ? steps : []) {
      if (step && typeof step.code === 'string' && !uses.get(step.code)?.some((u) => u.module === module.code)) uses.set(step.code, [...(uses.get(step.code) ?? []), { module: module.code, meaning: meaningOf(step) }]);
    }
  }
  const shared = new Map([...uses].map(([code, list]) => [code, sharedMeaning(list)]));
  for (const module of Object.values(modules).sort((a, b) => a.code.localeCompare(b.code))) {
    const file = definitionPath(files, 'processes', module.code);
    const process = processes[module.code];
    if (module.kind === 'subform') {
      if (process) problems.push({ file, pointer: '', message: `"${module.code}" is a sub-form: its steps come from the module it belongs to` });
    } else if (!process) {
      problems.push({ file, pointer: '', message: `missing: module "${module.code}" has no approval steps (add ${file})` });
    }
    const steps = Array.isArray(process?.steps) ? process.steps : [];
    const codes = new Set<string>();
    const filledAt = new Map<string, string>();
    steps.forEach((step, i) => {
      if (!step || typeof step.code !== 'string') return;
      if (codes.has(step.code)) problems.push({ file, pointer: ptr('steps', i, 'code'), message: `step "${step.code}" appears twice` });
      codes.add(step.code);
      // Only a module that differs from the code's shared meaning is told (once), naming the modules that give it.
      const meaning = shared.get(step.code);
      if (meaning && meaning.meaning !== meaningOf(step)) problems.push({ file, pointer: ptr('steps', i), message: sharedStepMessage(step.code, meaning.modules) });
      // The step's form: a sub-form of the definitions (the approver fills it to pass the step).
      if (step.form !== undefined) {
        const form = Object.hasOwn(modules, step.form) ? modules[step.form] : undefined;
        if (!form) problems.push({ file, pointer: ptr('steps', i, 'form'), message: `"${String(step.form)}" is not a definition (closest valid names: ${closestNames(String(step.form), Object.keys(modules)).join(', ')})` });
        else if (form.kind !== 'subform') problems.push({ file, pointer: ptr('steps', i, 'form'), message: `"${step.form}" is a module: a step's form is a sub-form ("ui:module.kind": "subform")` });
      }
      // A step's own fields: fields of the module that the filing form never shows, each filled at one step only.
      (Array.isArray(step.fills) ? step.fills : []).forEach((field, j) => {
        const properties = (module.schema.properties ?? {}) as Record<string, unknown>;
        if (!Object.hasOwn(properties, field)) problems.push({ file, pointer: ptr('steps', i, 'fills', j), message: `"${field}" is not a field of the schema (closest valid names: ${closestNames(String(field), Object.keys(properties)).join(', ')})` });
        else if (module.rules.visibility?.[field] !== false) problems.push({ file, pointer: ptr('steps', i, 'fills', j), message: `"${field}" is filled at step "${step.code}": hide it on the filing form (rules visibility "${field}": false)` });
        else if (filledAt.has(field)) problems.push({ file, pointer: ptr('steps', i, 'fills', j), message: `"${field}" is already filled at step "${filledAt.get(field)}"` });
        filledAt.set(field, step.code);
      });
    });
    if (module.kind === 'module') checkRoute(steps, { file, schema: module.schema, ...route }, problems);
    const kinds = attachments[module.code] ?? {};
    for (const { documentType, maxFiles, pointer } of uploaders(files.uiSchemas[module.code] as UiSchema)) {
      const uiFile = definitionPath(files, 'uiSchemas', module.code);
      if (typeof documentType !== 'string' || !Object.hasOwn(kinds, documentType)) {
        const declared = Object.keys(kinds);
        problems.push({ file: uiFile, pointer: `${pointer}/documentType`, message: `documentType "${String(documentType)}" is not an attachment kind of "${module.code}" (${declared.length ? `closest valid names: ${closestNames(String(documentType), declared).join(', ')}` : `declare it in ${definitionPath(files, 'attachments', module.code)}`})` });
      } else if (typeof maxFiles === 'number' && maxFiles > kinds[documentType].maxFiles) {
        problems.push({ file: uiFile, pointer: `${pointer}/maxFiles`, message: `maxFiles ${maxFiles} is more than the attachment kind "${documentType}" allows (${kinds[documentType].maxFiles})` });
      }
    }
    // Record fields per attachment kind: each kind one the module (or one of its sub-forms) accepts.
    const recordKinds = Object.keys(module.meta.statistics?.records?.kinds ?? {});
    const accepted = [...Object.keys(kinds), ...module.meta.subForms.flatMap((s) => Object.keys(attachments[s.form] ?? {}))];
    for (const kind of recordKinds) {
      if (!accepted.includes(kind)) problems.push({ file: definitionPath(files, 'uiSchemas', module.code), pointer: `/ui:module/statistics/records/kinds/${kind}`, message: `"${kind}" is not an attachment kind of "${module.code}"${accepted.length ? ` (closest valid names: ${closestNames(kind, accepted).join(', ')})` : ''}` });
    }
  }
}
