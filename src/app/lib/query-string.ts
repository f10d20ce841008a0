function encode(value: string): string {
  // As axios wrote it (the server's parser reads both forms): ':' '$' ',' kept, space as '+'.
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

function append(pairs: string[], key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && item !== undefined) append(pairs, `${key}[]`, item);
  } else if (value instanceof Date) {
    pairs.push(`${encode(key)}=${encode(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [sub, item] of Object.entries(value)) append(pairs, `${key}[${sub}]`, item);
  } else {
    pairs.push(`${encode(key)}=${encode(String(value))}`);
  }
}

/**
 * A query string in the form the API reads (and axios wrote): `a=1&status[]=0&status[]=2`;
 * null and undefined values are left out, arrays repeat their key with `[]`, dates are ISO.
 */
export function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) append(pairs, key, value);
  return pairs.join('&');
}

type Item<T> = T extends readonly (infer E)[] ? E : T;

/**
 * The params `queryString` must be given for the server to read the query `Q` (a wire query type,
 * src/wire): each key of `Q`, one value of it (an array parameter's single value is written
 * `key=v` and read as `[v]`), or an array only where `Q` also reads `key[]`, since an array is
 * written `key[]=a&key[]=b`. So `{ 'company.id': [2] }` for a query without `company.id[]` does
 * not compile, where the server would silently read no `company.id`.
 */
export type QueryParams<Q> = {
  [K in keyof Q]?: Item<Q[K]> | (`${K & string}[]` extends keyof Q ? Array<Item<Q[K]>> : never);
};
