import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this file with Ringi's `package.json` and
 * `server/`. Found by walking up rather than by a fixed `../..`, because the same code runs from
 * `server/lib/` (tsx, Vitest) and bundled into `dist-server/` chunks (`npm run build`).
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'server'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no Ringi project folder above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * Whether this process runs the compiled server (`dist-server/`, `npm run build`): esbuild
 * defines `RINGI_COMPILED` there; under tsx and Vitest it is undefined.
 */
declare const RINGI_COMPILED: boolean | undefined;
export const COMPILED = typeof RINGI_COMPILED !== 'undefined' && RINGI_COMPILED;
