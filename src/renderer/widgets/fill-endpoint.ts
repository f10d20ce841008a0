/**
 * Fills `{field}` placeholders of a picker endpoint from the form data, e.g.
 * `/companies/{company_id}/departments` with `{ company_id: 3 }` → `/companies/3/departments`.
 * Returns `null` while any placeholder has no value, so a dependent picker can stay disabled
 * instead of calling the server with a hole in the path.
 */
export function fillEndpoint(endpoint: string, formData: Record<string, unknown> | undefined): string | null {
  let missing = false;
  const filled = endpoint.replace(/\{([^}]+)\}/g, (_, path: string) => {
    const value = readPath(formData, path.trim());
    if (value === undefined || value === null || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}

/** Reads a dot path (`a.b.0.c`) from plain data; undefined when any step is missing. */
export function readPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
