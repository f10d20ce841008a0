/**
 * The SCIM filters Ringi answers (RFC 7644 §3.4.2.2), parsed by hand — no eval, no regular
 * expression over the whole text, bounded length: `attrPath eq value` comparisons joined by
 * `and`, e.g. `userName eq "a@example.com"`, `externalId eq "123" and active eq true`.
 * Anything else — `or`, `not`, parentheses, `[...]` value filters, other operators (`co`, `sw`,
 * `gt`, `pr`, …), unknown attributes, an unterminated string — is refused with a message the
 * IdP shows its admin (SCIM error `invalidFilter`). The attributes a resource accepts are the
 * caller's (`attributes`), keyed by their lower-case name (SCIM names are case-insensitive).
 */

/** Longer filters are refused unread. */
export const MAX_FILTER_LENGTH = 500;
/** At most this many comparisons (`and` chains). */
export const MAX_FILTER_TERMS = 10;

/** One `attribute eq value` comparison; `attribute` is the canonical name from `attributes`. */
export interface FilterTerm {
  attribute: string;
  value: string | boolean;
}

export type FilterResult = { terms: FilterTerm[] } | { error: string };

/** Splits the filter into tokens: words, `"…"` JSON strings. */
function tokenize(text: string): Array<{ kind: 'word' | 'string'; text: string }> | { error: string } {
  const tokens: Array<{ kind: 'word' | 'string'; text: string }> = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === '"') {
      let j = i + 1;
      let raw = '"';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') { raw += text[j] + (text[j + 1] ?? ''); j += 2; continue; }
        raw += text[j++];
      }
      if (j >= text.length) return { error: 'the quoted value is not closed' };
      try {
        tokens.push({ kind: 'string', text: JSON.parse(`${raw}"`) as string });
      } catch {
        return { error: 'the quoted value is not a valid JSON string' };
      }
      i = j + 1;
      continue;
    }
    if (c === '(' || c === ')' || c === '[' || c === ']') return { error: `grouping with "${c}" is not supported; use attribute eq "value" joined by and` };
    let j = i;
    while (j < text.length && !' \t"()[]'.includes(text[j])) j++;
    tokens.push({ kind: 'word', text: text.slice(i, j) });
    i = j;
  }
  return tokens;
}

/**
 * Parses `filter` against the attributes the resource answers (lower-case name → canonical name;
 * `boolean` ones take `true`/`false`, the others a quoted string).
 */
export function parseScimFilter(filter: string, attributes: Readonly<Record<string, { name: string; type: 'string' | 'boolean' }>>): FilterResult {
  if (filter.length > MAX_FILTER_LENGTH) return { error: `the filter is longer than ${MAX_FILTER_LENGTH} characters` };
  const tokens = tokenize(filter);
  if ('error' in tokens) return tokens;
  if (tokens.length === 0) return { error: 'the filter is empty' };
  const terms: FilterTerm[] = [];
  let i = 0;
  for (;;) {
    const [path, op, value] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if (!path || path.kind !== 'word') return { error: 'an attribute name is expected' };
    const attribute = attributes[path.text.toLowerCase()];
    if (!attribute) {
      return { error: `filtering by "${path.text.slice(0, 80)}" is not supported (supported: ${Object.values(attributes).map((a) => a.name).join(', ')})` };
    }
    if (!op || op.kind !== 'word') return { error: `an operator is expected after ${attribute.name}` };
    if (op.text.toLowerCase() !== 'eq') return { error: `the operator "${op.text.slice(0, 20)}" is not supported; only eq` };
    if (!value) return { error: `a value is expected after ${attribute.name} eq` };
    if (attribute.type === 'boolean') {
      if (value.kind !== 'word' || !['true', 'false'].includes(value.text.toLowerCase())) return { error: `${attribute.name} takes true or false` };
      terms.push({ attribute: attribute.name, value: value.text.toLowerCase() === 'true' });
    } else {
      if (value.kind !== 'string') return { error: `${attribute.name} takes a quoted value, e.g. ${attribute.name} eq "value"` };
      terms.push({ attribute: attribute.name, value: value.text });
    }
    if (terms.length > MAX_FILTER_TERMS) return { error: `at most ${MAX_FILTER_TERMS} comparisons` };
    i += 3;
    if (i === tokens.length) return { terms };
    const joiner = tokens[i];
    if (joiner.kind !== 'word' || joiner.text.toLowerCase() !== 'and') {
      return { error: joiner.kind === 'word' && ['or', 'not'].includes(joiner.text.toLowerCase()) ? `"${joiner.text}" is not supported; only and` : 'and is expected between comparisons' };
    }
    i++;
  }
}
