import { numberingToken, type NumberingToken } from './numbering-tokens';

/** A piece of a parsed format: literal text, or a token with its width. */
export type FormatPart = { text: string } | { token: NumberingToken; width: number };

/** The longest format accepted, and the characters literal text may use. */
export const MAX_FORMAT_LENGTH = 64;
const LITERAL = /^[A-Za-z0-9\-_/.#]*$/;

/**
 * Parses a numbering format (`{company}-{fy}-{seq:5}`) into its parts, or says in plain words
 * what is wrong: an unknown token, a bad width, literal characters outside `A–Z a–z 0–9 - _ / . #`,
 * no `{seq}` or more than one, too long. The checker, the studio and the server read it alike.
 */
export function parseNumberingFormat(format: string): { parts: FormatPart[] } | { problem: string } {
  if (typeof format !== 'string' || format.length === 0) return { problem: 'the format is empty' };
  if (format.length > MAX_FORMAT_LENGTH) return { problem: `the format is longer than ${MAX_FORMAT_LENGTH} characters` };
  const parts: FormatPart[] = [];
  let rest = format;
  while (rest.length) {
    const open = rest.indexOf('{');
    const literal = open === -1 ? rest : rest.slice(0, open);
    if (literal) {
      if (literal.includes('}')) return { problem: 'a "}" without its "{"' };
      if (!LITERAL.test(literal)) return { problem: `"${literal}" may only use letters, digits and - _ / . #` };
      parts.push({ text: literal });
    }
    if (open === -1) break;
    const close = rest.indexOf('}', open);
    if (close === -1) return { problem: 'a "{" without its "}"' };
    const [name, widthText, extra] = rest.slice(open + 1, close).split(':');
    const token = numberingToken(name);
    if (!token) return { problem: `"{${name}}" is not a token (tokens: {company}, {fy}, {fy2}, {yyyy}, {yy}, {mm}, {module}, {seq})` };
    if (extra !== undefined || (widthText !== undefined && !token.width)) return { problem: `"{${rest.slice(open + 1, close)}}" takes no width` };
    const width = widthText === undefined ? token.width?.default ?? 0 : Number(widthText);
    if (widthText !== undefined && !/^[1-9]$/.test(widthText)) return { problem: `the width of {${name}} must be a digit 1 to 9` };
    parts.push({ token, width });
    rest = rest.slice(close + 1);
  }
  const sequences = parts.filter((p) => 'token' in p && p.token.name === 'seq').length;
  if (sequences !== 1) return { problem: sequences === 0 ? 'the format needs a {seq}' : 'the format may have one {seq} only' };
  return { parts };
}
