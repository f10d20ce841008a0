import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

/**
 * The JavaScript a first visit downloads before the app starts, from the build's manifest
 * (`dist/.vite/manifest.json`): the entry script (`src/boot.ts`), the app it starts (its dynamic
 * import `src/main.tsx`), and every chunk those import statically. Paths as served (`assets/…`).
 */
export function initialScripts(distDir = 'dist'): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  const [entryKey, entry] = entries[0];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const started of entry.dynamicImports ?? []) visit(started);
  return [...files];
}
