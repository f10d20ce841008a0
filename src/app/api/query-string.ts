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
