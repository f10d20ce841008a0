import type { DefinitionFiles, JsonSchema, Problem } from '../types';
import { definitionPath } from './definition-path';

/** A module code: lower-case words of letters and digits joined by single hyphens, 2–50 characters. */
export const MODULE_CODE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** A field name: a lower-case letter, then lower-case letters, digits and underscores (at most 64). */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
/** A step code: a lower-case letter, then lower-case letters, digits and hyphens (at most 64). */
export const STEP_CODE_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * Names no module, field or step may take: every property an ordinary object inherits
 * (`constructor`, `__proto__`, `toString`, …) and `prototype` — a lookup by such a name on a
 * plain object finds something that was never defined.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * The fixed path segments that sit where a module code goes in the API: `/api/buffer/{code}`
 * (files a document) beside `/api/buffer/withdrawal`, `/api/buffer/export`, …, and
 * `/api/module-definitions/{code}` beside `/api/module-definitions/check`, …. A module with such
 * a code could never be filed or published (the fixed route wins). Codes of other top-level
 * resources (`users`, `companies`, `backgrounds`) do not collide — those modules are served under
 * `/api/buffer/{code}` like any other — so they stay valid module codes. The server test
 * `tests/server/definition-names.test.ts` derives these segments from the registered routes and
 * fails when a new route adds one that is not listed here.
 */
export const ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  'export', 'forwarded', 'next_code', 'statistic_search', 'step_back', 'withdrawal',
  'check', 'check-set', 'judge', 'meta-schemas', 'circulated',
]);

/** Why `code` cannot be a module code, or null when it can. */
export function moduleCodeProblem(code: string): string | null {
  if (RESERVED_WORDS.has(code)) return `module code "${code}" is a reserved word (${[...RESERVED_WORDS].filter((w) => /^[a-z]+$/.test(w)).join(', ')} and other names every object has)`;
  if (ROUTE_SEGMENTS.has(code)) return `module code "${code}" is a fixed part of an API path (/api/buffer/${code} or /api/module-definitions/${code}): choose another code`;
  if (code.length < 2 || code.length > 50 || !MODULE_CODE_PATTERN.test(code)) return `module code "${code}" must be 2–50 lower-case letters or digits, words joined by single hyphens (e.g. "travel-request")`;
  return null;
}

/** Why `name` cannot be a field name, or null when it can. */
export function fieldNameProblem(name: string): string | null {
  if (RESERVED_WORDS.has(name)) return `field name "${name}" is a reserved word`;
  if (!FIELD_NAME_PATTERN.test(name)) return `field name "${name}" must start with a lower-case letter and have only lower-case letters, digits and "_" (at most 64)`;
  return null;
}

/** Why `code` cannot be a step code, or null when it can. */
export function stepCodeProblem(code: string): string | null {
  if (RESERVED_WORDS.has(code)) return `step code "${code}" is a reserved word`;
  if (!STEP_CODE_PATTERN.test(code)) return `step code "${code}" must start with a lower-case letter and have only lower-case letters, digits and "-" (at most 64)`;
  return null;
}

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every property name of a schema, at any depth (objects inside objects and array items), with its pointer. */
function propertyNames(schema: unknown, pointer = ''): Array<{ name: string; pointer: string }> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const record = schema as JsonSchema;
  const out: Array<{ name: string; pointer: string }> = [];
  const properties = record.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [name, inner] of Object.entries(properties as Record<string, unknown>)) {
      out.push({ name, pointer: `${pointer}${ptr('properties', name)}` });
      out.push(...propertyNames(inner, `${pointer}${ptr('properties', name)}`));
    }
  }
  if (record.items && typeof record.items === 'object') out.push(...propertyNames(record.items, `${pointer}/items`));
  return out;
}

/**
 * Names are checked (issue #19): every module code (from any part), every field name of every
 * schema and every step code follow their pattern and are neither reserved words nor fixed API
 * path segments. Each problem names the file and the pointer of the name.
 */
export function checkNames(files: DefinitionFiles, problems: Problem[]): void {
  const codes = new Set<string>();
  for (const kind of ['schemas', 'uiSchemas', 'rules', 'processes', 'attachments'] as const) for (const code of Object.keys(files[kind] ?? {})) codes.add(code);
  for (const code of [...codes].sort()) {
    const kind = Object.hasOwn(files.schemas, code) ? 'schemas' : Object.hasOwn(files.uiSchemas, code) ? 'uiSchemas' : 'rules';
    const problem = moduleCodeProblem(code);
    if (problem) problems.push({ file: definitionPath(files, kind, code), pointer: '', message: problem });
  }
  for (const [code, schema] of Object.entries(files.schemas)) {
    for (const { name, pointer } of propertyNames(schema)) {
      const problem = fieldNameProblem(name);
      if (problem) problems.push({ file: definitionPath(files, 'schemas', code), pointer, message: problem });
    }
  }
  for (const [code, process] of Object.entries(files.processes ?? {})) {
    const steps = process && typeof process === 'object' && Array.isArray(process.steps) ? process.steps : [];
    steps.forEach((step, i) => {
      if (!step || typeof step.code !== 'string') return;
      const problem = stepCodeProblem(step.code);
      if (problem) problems.push({ file: definitionPath(files, 'processes', code), pointer: ptr('steps', i, 'code'), message: problem });
    });
  }
}
