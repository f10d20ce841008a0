import type { ModuleSource } from './module-source';

function rename(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rename(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v, from, to)]));
  if (typeof value !== 'string') return value;
  if (value === from) return to;
  if (value.startsWith(`${from}.`)) return `${to}${value.slice(from.length)}`;
  if (value === `/buffer/${from}`) return `/buffer/${to}`;
  return value;
}

/** A document code prefix for a module code: its words' initials, upper case (`travel-request` → `TR`). */
export function codePrefixOf(code: string): string {
  return code.split('-').map((word) => word[0] ?? '').join('').toUpperCase().slice(0, 6) || 'DOC';
}

/**
 * A copy of a module under a new code: its own translation keys (`purchase.x` → `travel-request.x`),
 * `$id`, title and submit path follow the new code, and it gets its own document code prefix.
 * References to other modules (sub-forms, related sources) stay as they are.
 */
export function copySource(source: ModuleSource, code: string): ModuleSource {
  const copy = rename(structuredClone(source), source.code, code) as ModuleSource;
  copy.code = code;
  const meta = copy.uiSchema['ui:module'] as Record<string, unknown> | undefined;
  if (meta && meta.kind === 'module') meta.codePrefix = codePrefixOf(code);
  return copy;
}
