/**
 * The layers of docs/ARCHITECTURE.md ("Layers"), as data for scripts/check-layers.ts.
 * A file may import its own layer and the layers below it (a lower rank), never one above.
 * Ranks are per side: `src/` (engine → renderer → app's lib → app) and `server/` (engine → base → … → composition).
 */

interface Layer {
  name: string;
  rank: number;
  /** Path prefixes (posix, from the repository root); the longest match wins. */
  paths: string[];
}

const LAYERS: Layer[] = [
  { name: 'engine', rank: 0, paths: ['src/engine'] },
  // The wire schemas (request/response shapes, TypeBox): shared by the server and the web app like the engine.
  { name: 'wire', rank: 0, paths: ['src/wire'] },
  { name: 'renderer', rank: 10, paths: ['src/renderer'] },
  // The app's own helpers (src/app/lib/): pure functions and constants several pages, the shell and the
  // API client share. Below the rest of the app: the shell and the pages import lib/, lib/ imports no other app folder.
  { name: 'app-lib', rank: 10.5, paths: ['src/app/lib'] },
  { name: 'app', rank: 11, paths: ['src/app', 'src/main.tsx'] },
  // server: shared basics, then the database, repositories, definitions, the domain, routes, composition.
  { name: 'base', rank: 1, paths: ['server/lib', 'server/security', 'server/config.ts'] },
  { name: 'db', rank: 2, paths: ['server/db'] },
  { name: 'repositories', rank: 3, paths: ['server/repositories', 'server/mail', 'server/webhooks', 'server/exchange'] },
  { name: 'definitions', rank: 4, paths: ['server/definitions'] },
  { name: 'domain', rank: 5, paths: ['server/workflow', 'server/statistics', 'server/records', 'server/entities', 'server/files', 'server/auth', 'server/live', 'server/follow-ups'] },
  { name: 'routes', rank: 6, paths: ['server/routes'] },
  // server/demo: the demo seed (organisation, users, masters, documents filed through the app's own API).
  { name: 'composition', rank: 7, paths: ['server/app.ts', 'server/main.ts', 'server/types.ts', 'server/plugins', 'server/demo'] },
  { name: 'scripts', rank: 8, paths: ['scripts'] },
];

/** Packages the engine may use (it runs in the browser and in Node, with no framework). */
const ENGINE_PACKAGES = ['ajv', 'ajv-formats', 'ajv-errors', 'json-logic-js', 'dayjs', 're2js'];

function strip(file: string): string {
  return file.replace(/\.(ts|tsx|js|mjs)$/, '');
}

/** The layer a repository path belongs to, or undefined (tests, packages, data files). */
export function layerOf(file: string): string | undefined {
  return layerEntry(file)?.name;
}

function layerEntry(file: string): Layer | undefined {
  const bare = strip(file);
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of LAYERS) {
    for (const p of layer.paths) {
      const prefix = strip(p);
      if ((bare === prefix || bare.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) best = { layer, length: prefix.length };
    }
  }
  return best?.layer;
}

function side(file: string): 'src' | 'server' | 'scripts' | undefined {
  const head = file.split('/')[0];
  return head === 'src' || head === 'server' || head === 'scripts' ? head : undefined;
}

/** Whether `from` may import `to` (a repository path, or a package name for non-relative imports). */
export function mayImport(from: string, to: string): boolean {
  const source = layerEntry(from);
  if (!source) return true;
  if (!to.startsWith('src/') && !to.startsWith('server/') && !to.startsWith('scripts/')) {
    // A package: only the engine and the wire schemas are held to a list (no React, no Node, no server).
    if (source.name === 'wire') return to === '@sinclair/typebox' || to.startsWith('@sinclair/typebox/');
    if (source.name !== 'engine') return true;
    return ENGINE_PACKAGES.some((p) => to === p || to.startsWith(`${p}/`));
  }
  const target = layerEntry(to);
  if (!target) return true;
  if (target.name === 'engine') return true;
  if (target.name === 'wire') return source.name !== 'engine';
  if (source.name === 'scripts') return true;
  // The web side and the server never import each other (the engine is the shared part).
  if (side(from) !== side(to)) return false;
  return target.rank <= source.rank;
}

/**
 * Upward arrows that were there when this check was added, each to be removed by the refactor of
 * issue #18 (from, target prefix). The check fails on a new one and on an entry that is no longer needed.
 */
export const ALLOWED_UPWARD: ReadonlyArray<readonly [string, string]> = [];
