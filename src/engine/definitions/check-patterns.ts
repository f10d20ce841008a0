import type { DefinitionFiles, Problem } from '../types';
import { definitionPath } from './definition-path';
import { linearRegExpProblem } from '../regexp/linear-regexp';
import { DEFINITION_FORMATS } from '../regexp/linear-formats';

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const FORMATS = new Set<string>(DEFINITION_FORMATS);

/** Every `pattern`, `patternProperties` key and `format` of a schema, at any depth, with its pointer. */
function regexKeywords(node: unknown, pointer: string, out: Array<{ keyword: 'pattern' | 'format'; value: unknown; pointer: string }>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 64) return;
  if (Array.isArray(node)) {
    node.forEach((entry, i) => regexKeywords(entry, `${pointer}/${i}`, out, depth + 1));
    return;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const at = `${pointer}${ptr(key)}`;
    if (key === 'pattern') out.push({ keyword: 'pattern', value, pointer: at });
    else if (key === 'format') out.push({ keyword: 'format', value, pointer: at });
    else if (key === 'patternProperties' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) out.push({ keyword: 'pattern', value: inner, pointer: `${at}${ptr(inner)}` });
    }
    // `properties` maps names to schemas: a field called "pattern" is not the keyword.
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, inner] of Object.entries(value as Record<string, unknown>)) regexKeywords(inner, `${at}${ptr(name)}`, out, depth + 1);
    } else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') {
      regexKeywords(value, at, out, depth + 1);
    }
  }
}

/**
 * Patterns run on a linear-time engine (issue #19): every `pattern` and `patternProperties` key
 * of every schema must compile on RE2 (`linearRegExp`: no lookahead, lookbehind or
 * backreference), and every `format` must be one of `DEFINITION_FORMATS`. Each problem says why.
 */
export function checkPatterns(files: DefinitionFiles, problems: Problem[]): void {
  for (const [code, schema] of Object.entries(files.schemas)) {
    const found: Array<{ keyword: 'pattern' | 'format'; value: unknown; pointer: string }> = [];
    regexKeywords(schema, '', found);
    const file = definitionPath(files, 'schemas', code);
    for (const { keyword, value, pointer } of found) {
      if (typeof value !== 'string') {
        problems.push({ file, pointer, message: `${keyword} must be a string` });
      } else if (keyword === 'format') {
        if (!FORMATS.has(value)) problems.push({ file, pointer, message: `format "${value}" is not one a definition may use (${DEFINITION_FORMATS.join(', ')})` });
      } else {
        const reason = linearRegExpProblem(value);
        if (reason) problems.push({ file, pointer, message: `pattern "${value}" cannot run on the linear-time regular expression engine (RE2: no lookahead, lookbehind or backreferences): ${reason}` });
      }
    }
  }
}
