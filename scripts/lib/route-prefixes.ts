/**
 * One route folder per URL prefix (docs/ARCHITECTURE.md, "Layers"): every route whose path starts
 * `/<prefix>` is declared in the same `server/routes/<area>/` folder, so a reader finds all of
 * `/buffer/*` or `/companies/*` in one place.
 */

/** A route declaration: `app.get('/path'`, `app.post<…>('/path'` (the methods Fastify names). */
const ROUTE = /\bapp\.(?:get|post|put|patch|delete|head|options|all)\s*(?:<[^(]*?>)?\(\s*['"`]\/([^/'"`?{:]*)/g;

/** The first path segment of every route declared in `text`. */
export function routePrefixes(text: string): string[] {
  return [...text.matchAll(ROUTE)].map((match) => match[1]);
}

/**
 * The prefixes declared in more than one area, each with its areas. `files` maps a source file
 * under `server/routes/` (e.g. `server/routes/admin/index.ts`) to its text; a file directly in
 * `server/routes/` belongs to no area and is left out.
 */
export function prefixesInSeveralAreas(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const areas = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const area = /^server\/routes\/([^/]+)\//.exec(file)?.[1];
    if (!area) continue;
    for (const prefix of routePrefixes(text)) {
      const seen = areas.get(prefix) ?? new Set<string>();
      seen.add(area);
      areas.set(prefix, seen);
    }
  }
  return new Map([...areas].filter(([, seen]) => seen.size > 1).map(([prefix, seen]) => [prefix, [...seen].sort()]));
}
