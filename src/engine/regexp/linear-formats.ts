import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { linearRegExp } from './linear-regexp';

/**
 * The `format` names a definition may use: ajv-formats' formats whose regular expression RE2
 * compiles (so they run on the linear-time engine) or that are fixed checks of dates, times and
 * numbers. Left out: `duration`, `url`, `hostname` (lookaheads RE2 cannot run), `uri` (a large
 * backtracking expression) and `regex` (it would compile the user's text as a RegExp). The
 * checker refuses any other name.
 */
export const DEFINITION_FORMATS = [
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'uri-reference', 'uri-template',
  'email', 'ipv4', 'ipv6', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer',
  'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
] as const;

/**
 * ajv-formats on `ajv`, with every format that is a regular expression moved onto the
 * linear-time engine (`linearRegExp`); formats that are functions (dates, times, `uri`) stay as
 * ajv-formats wrote them. Texts are bounded by the definition's
 * `maxLength` and the server's body limit either way.
 */
export function addLinearFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  const formats = (ajv as unknown as { formats: Record<string, unknown> }).formats;
  for (const [name, format] of Object.entries(formats)) {
    const regexp = format instanceof RegExp ? format : format && typeof format === 'object' && (format as { validate?: unknown }).validate instanceof RegExp ? (format as { validate: RegExp }).validate : null;
    if (!regexp) continue;
    try {
      const linear = linearRegExp(regexp.source, regexp.flags);
      ajv.addFormat(name, { type: 'string', validate: (text: string) => linear.test(text) });
    } catch {
      // A format RE2 cannot express keeps ajv-formats' own check.
    }
  }
  return ajv;
}
