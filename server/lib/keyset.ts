import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** One ORDER BY term of a keyset-paged list: the column, its direction and its SQL type. */
export interface KeyTerm {
  /** What the term orders by, independent of the table read (`createdAt`, `document`, `step`, …). */
  key: string;
  column: string;
  direction: 'asc' | 'desc';
  type: 'timestamptz' | 'integer' | 'text' | 'boolean' | 'date';
  /** An expression to order by instead of the column (e.g. `coalesce(companies.is_group, false)`); never null. */
  expression?: RawBuilder<unknown>;
}

/** What a term orders by: its expression, else its column (for ORDER BY, the cursor's values and the comparison alike). */
export const keyOf = (term: KeyTerm): RawBuilder<unknown> => term.expression ?? (sql.ref(term.column) as unknown as RawBuilder<unknown>);

/** `query` ordered by `terms` (each term's expression or column, in its direction): the list's key order. */
export function orderByKeys<Q extends { orderBy(expression: RawBuilder<unknown>, direction: 'asc' | 'desc'): Q }>(query: Q, terms: KeyTerm[]): Q {
  return terms.reduce((ordered, term) => ordered.orderBy(keyOf(term), term.direction), query);
}

/** A `cursor` that is not one this server handed out for this list and order (answered 400). */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/** Which order a cursor belongs to: a cursor of another sort cannot continue this one. */
function signature(terms: KeyTerm[]): string {
  return terms.map((t) => `${t.key} ${t.direction}`).join(',');
}

/**
 * The opaque cursor after a row: the row's ORDER BY values as PostgreSQL prints them (read with
 * `keyColumns`, so timestamps keep their microseconds) and the order they belong to,
 * base64url-encoded JSON. It carries no rights: the list's own conditions still apply.
 */
export function encodeCursor(terms: KeyTerm[], values: string[]): string {
  return Buffer.from(JSON.stringify({ o: signature(terms), v: values })).toString('base64url');
}

/** The key values a cursor carries, checked against the list's order. */
export function decodeCursor(terms: KeyTerm[], cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  const { o, v } = (parsed ?? {}) as { o?: unknown; v?: unknown };
  // Text keys (names, codes) may be longer than the others' printed forms, never unbounded.
  if (o !== signature(terms) || !Array.isArray(v) || v.length !== terms.length || !v.every((x) => typeof x === 'string' && x.length <= 256)) {
    throw new InvalidCursorError();
  }
  const values = v as string[];
  terms.forEach((term, i) => {
    const ok = term.type === 'integer' ? /^-?\d{1,10}$/.test(values[i])
      : term.type === 'timestamptz' ? /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.test(values[i])
      : term.type === 'boolean' ? /^(true|false)$/.test(values[i])
      : term.type === 'date' ? /^\d{4}-\d{2}-\d{2}$/.test(values[i])
      : true;
    if (!ok) throw new InvalidCursorError();
  });
  return values;
}

/** The ORDER BY columns as text (`k0`, `k1`, …) to select with each row, for its cursor. */
export function keyColumns(terms: KeyTerm[]): RawBuilder<unknown>[] {
  return terms.map((term, i) => sql`${keyOf(term)}::text`.as(`k${i}`) as unknown as RawBuilder<unknown>);
}

/** The cursor after the last of `rows` (which carry `k0…`), when the page was full; else null. */
export function nextCursor(terms: KeyTerm[], rows: Array<Record<string, unknown>>, pageSize: number): string | null {
  if (rows.length < pageSize || rows.length === 0) return null;
  const last = rows[rows.length - 1];
  return encodeCursor(terms, terms.map((_, i) => String(last[`k${i}`])));
}

const typed = (value: string, type: KeyTerm['type']) =>
  type === 'timestamptz' ? sql`${value}::timestamptz` : type === 'integer' ? sql`${Number(value)}::integer`
    : type === 'boolean' ? sql`${value === 'true'}::boolean` : type === 'date' ? sql`${value}::date` : sql`${value}::text`;

/**
 * The rows strictly after the cursor in the list's order. One direction throughout (the
 * default lists) gives a row comparison `(a, b, c) < (…)`, which PostgreSQL reads as one range
 * of the matching index; mixed directions give the expanded `a > x or (a = x and b < y) …`.
 */
export function afterCursor(terms: KeyTerm[], values: string[]): Expression<SqlBool> {
  const columns = terms.map(keyOf);
  const params = terms.map((t, i) => typed(values[i], t.type));
  if (terms.every((t) => t.direction === terms[0].direction)) {
    const op = terms[0].direction === 'desc' ? sql.raw('<') : sql.raw('>');
    return sql<SqlBool>`(${sql.join(columns)}) ${op} (${sql.join(params)})`;
  }
  const branches = terms.map((term, i) => {
    const equal = terms.slice(0, i).map((_, j) => sql`${columns[j]} = ${params[j]}`);
    const step = sql`${columns[i]} ${sql.raw(term.direction === 'desc' ? '<' : '>')} ${params[i]}`;
    return sql`(${sql.join([...equal, step], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}
