import type { DefinitionFiles, Problem } from '../types';
import { LANGS } from '../types';
import { definitionPath } from './definition-path';

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** An HTML tag or comment: `<b>`, `</p>`, `<img src=x onerror=…>`, `<!--`. A lone `<` (`a < b`) is text. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<\/?[a-z][a-z0-9-]*\s+on[a-z]+\s*=/i;
/** A script or inline-data URL: `javascript:`, `vbscript:`, `data:text/html;…` (spaces and case ignored). */
const DANGEROUS_URL = /\b(?:java|vb)\s*script\s*:|\bdata\s*:\s*[a-z]+\/[a-z0-9.+-]+\s*[;,]/i;

/** Why a definition text is not plain text, or null when it is. */
export function plainTextProblem(text: string): string | null {
  if (HTML_TAG.test(text)) return 'contains an HTML tag: labels, messages and help texts are plain text';
  if (DANGEROUS_URL.test(text)) return 'contains a javascript:/data: URL: labels, messages and help texts are plain text';
  return null;
}

/** Keys of a UI schema (and of `ui:module`) whose string values are shown to people. */
const SHOWN_UI_KEYS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'title', 'intro', 'label', 'itemTitle', 'hint', 'highlight']);
/** Keys of a JSON Schema whose string values may be shown (titles and descriptions). */
const SHOWN_SCHEMA_KEYS = new Set(['title', 'description']);

function walk(node: unknown, pointer: string, shown: ReadonlySet<string> | null, visit: (text: string, pointer: string) => void, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 64) return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const at = `${pointer}${ptr(key)}`;
    if (typeof value === 'string' && (shown === null || shown.has(key))) visit(value, at);
    else walk(value, at, shown, visit, depth + 1);
  }
}

/**
 * Plain text in definitions (issue #19): every string of a module's translations in en, ja and
 * zh, and every title, label, help text and placeholder written into its schema or UI schema,
 * refuses HTML tags and `javascript:`/`data:` URLs — React escapes them today, but mail, PDF and
 * CSV exports and future consumers must never receive markup from a definition. Each problem
 * names the key.
 */
export function checkPlainText(files: DefinitionFiles, codes: Iterable<string>, problems: Problem[]): void {
  for (const code of codes) {
    for (const lang of LANGS) {
      const locale = files.locales[lang];
      if (!locale || !Object.hasOwn(locale, code)) continue;
      walk(locale[code], '', null, (text, pointer) => {
        const problem = plainTextProblem(text);
        if (problem) problems.push({ file: `locales/${lang}/${code}.json`, pointer, message: `translation "${code}${pointer.replaceAll('/', '.')}" ${problem}` });
      });
    }
    if (Object.hasOwn(files.uiSchemas, code)) {
      walk(files.uiSchemas[code], '', SHOWN_UI_KEYS, (text, pointer) => {
        const problem = plainTextProblem(text);
        if (problem) problems.push({ file: definitionPath(files, 'uiSchemas', code), pointer, message: `text ${problem}` });
      });
    }
    if (Object.hasOwn(files.schemas, code)) {
      walk(files.schemas[code], '', SHOWN_SCHEMA_KEYS, (text, pointer) => {
        const problem = plainTextProblem(text);
        if (problem) problems.push({ file: definitionPath(files, 'schemas', code), pointer, message: `text ${problem}` });
      });
    }
  }
}
