import type { CompiledModule, JsonSchema, Problem } from '../types';
import { closestNames } from '../definitions/closest-names';
import { isWrapperField } from '../payload/wrapper-fields';

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const suggest = (name: string, valid: Iterable<string>) => {
  const names = closestNames(name, valid);
  return names.length ? ` (closest valid names: ${names.join(', ')})` : '';
};
const propertiesOf = (module: CompiledModule) => (module.schema.properties ?? {}) as Record<string, JsonSchema>;

/** The JSON types a field's schema allows; null when it names none (anything goes). */
function typesOf(schema: JsonSchema | undefined): Set<string> | null {
  const type = schema?.type;
  if (type === undefined) return null;
  return new Set((Array.isArray(type) ? type : [type]).map(String));
}

/** Whether every value the origin's field may hold fits the follow-up's field (by JSON type; null fits where null is allowed). */
function fits(from: JsonSchema | undefined, to: JsonSchema | undefined): boolean {
  const source = typesOf(from);
  const target = typesOf(to);
  if (!source || !target) return true;
  // An integer fits a number field; a number (with a fraction) does not fit an integer field.
  return [...source].every((t) => target.has(t) || (t === 'integer' && target.has('number')));
}

/**
 * `ui:module.followUps` (関連書類, issue #36 item 5; docs/MODULES.md "Follow-up documents"): each
 * entry names a module (not a sub-form, not an entity module, not itself, once), a `link` field of it
 * that can hold a document id and is not also carried over, `fields` mapping its fields from the
 * origin's fields of a fitting type (never the approval wrapper fields), and `amounts` read on each.
 * `uiFile` is the origin's UI schema file (the problems point into it).
 */
export function checkFollowUps(origin: CompiledModule, modules: Record<string, CompiledModule>, uiFile: string, problems: Problem[]): void {
  const entries = origin.meta.followUps;
  if (!entries?.length) return;
  const at = (...parts: Array<string | number>) => ptr('ui:module', 'followUps', ...parts);
  if (origin.meta.kind === 'subform') {
    problems.push({ file: uiFile, pointer: at(), message: 'followUps is a module setting: a sub-form is decided with its parent, whose definition names its follow-ups' });
    return;
  }
  const originFields = propertiesOf(origin);
  const candidates = Object.values(modules).filter((m) => m.meta.kind === 'module' && !m.meta.entity).map((m) => m.code);
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    // A malformed entry is the meta-schema's to report (the checker runs on regardless).
    if (!entry || typeof entry.module !== 'string' || typeof entry.link !== 'string' || !entry.fields || typeof entry.fields !== 'object') return;
    const target = modules[entry.module];
    if (seen.has(entry.module)) problems.push({ file: uiFile, pointer: at(i, 'module'), message: `follow-up "${entry.module}" is declared twice (one entry per module)` });
    seen.add(entry.module);
    if (!target) {
      problems.push({ file: uiFile, pointer: at(i, 'module'), message: `follow-up "${entry.module}" is not a module${suggest(entry.module, candidates)}` });
      return;
    }
    if (target.meta.kind === 'subform') problems.push({ file: uiFile, pointer: at(i, 'module'), message: `follow-up "${entry.module}" is a sub-form: a follow-up is a document of its own (a module)` });
    if (target.meta.entity) problems.push({ file: uiFile, pointer: at(i, 'module'), message: `follow-up "${entry.module}" is an organisation change request (entity module), not a document that follows another` });
    if (target.code === origin.code) problems.push({ file: uiFile, pointer: at(i, 'module'), message: `a module cannot be its own follow-up ("${entry.module}")` });
    const targetFields = propertiesOf(target);
    const names = Object.keys(targetFields).filter((f) => !isWrapperField(f));
    if (!Object.hasOwn(targetFields, entry.link) || isWrapperField(entry.link)) {
      problems.push({ file: uiFile, pointer: at(i, 'link'), message: `link "${entry.link}" is not a field of "${entry.module}"${suggest(entry.link, names)}` });
    } else if (!fits({ type: 'integer' }, targetFields[entry.link])) {
      problems.push({ file: uiFile, pointer: at(i, 'link'), message: `link "${entry.link}" of "${entry.module}" cannot hold a document id (its schema type is not integer)` });
    }
    for (const [to, from] of Object.entries(entry.fields)) {
      if (typeof from !== 'string') continue;
      if (to === entry.link) problems.push({ file: uiFile, pointer: at(i, 'fields', to), message: `"${to}" is the link: it names the origin and is not carried over from a field` });
      else if (!Object.hasOwn(targetFields, to) || isWrapperField(to)) problems.push({ file: uiFile, pointer: at(i, 'fields', to), message: `"${to}" is not a field of "${entry.module}"${suggest(to, names)}` });
      if (!Object.hasOwn(originFields, from) || isWrapperField(from)) {
        problems.push({ file: uiFile, pointer: at(i, 'fields', to), message: `"${from}" is not a field of "${origin.code}"${suggest(from, Object.keys(originFields).filter((f) => !isWrapperField(f)))}` });
      } else if (Object.hasOwn(targetFields, to) && !fits(originFields[from], targetFields[to])) {
        problems.push({ file: uiFile, pointer: at(i, 'fields', to), message: `"${from}" of "${origin.code}" (${[...typesOf(originFields[from]) ?? []].join(', ')}) does not fit "${to}" of "${entry.module}" (${[...typesOf(targetFields[to]) ?? []].join(', ')})` });
      }
    }
    if (entry.amounts && typeof entry.amounts.origin === 'string' && typeof entry.amounts.followUp === 'string') {
      if (!Object.hasOwn(originFields, entry.amounts.origin)) problems.push({ file: uiFile, pointer: at(i, 'amounts', 'origin'), message: `"${entry.amounts.origin}" is not a field of "${origin.code}"${suggest(entry.amounts.origin, Object.keys(originFields))}` });
      if (!Object.hasOwn(targetFields, entry.amounts.followUp)) problems.push({ file: uiFile, pointer: at(i, 'amounts', 'followUp'), message: `"${entry.amounts.followUp}" is not a field of "${entry.module}"${suggest(entry.amounts.followUp, names)}` });
    }
  });
}
