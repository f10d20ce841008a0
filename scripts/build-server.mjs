/**
 * `npm run build` (after `vite build`): compiles the server once into `dist-server/` with
 * esbuild, so `npm start`, `scripts/start-two-instances.sh` and `npm run bench:load` run plain
 * `node dist-server/server/main.js` — no TypeScript loader in the serving process (tsx keeps a
 * loader thread and the transformed sources in memory: ~60 MB RSS per instance).
 * Entry points: the server's main and every route area (`server/routes/<area>/index.ts`, found
 * by folder at run time, as under tsx); shared code goes into chunks. npm packages stay
 * external (resolved from node_modules at run time). `RINGI_COMPILED` tells the code it runs
 * compiled (server/lib/project-root.ts). `npm run dev` and the tests keep running the sources.
 * esbuild is installed with tsx (a runtime dependency; `node_modules/esbuild`, pinned in package-lock.json).
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-server');
const routes = join(root, 'server/routes');
const areas = readdirSync(routes, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(routes, e.name, 'index.ts')))
  .map((e) => join(routes, e.name, 'index.ts'));

const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: [join(root, 'server/main.ts'), ...areas],
  outdir: out,
  outbase: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  define: { RINGI_COMPILED: 'true' },
  logLevel: 'warning',
});
console.log(`server compiled into dist-server/ (${areas.length} route areas) in ${Date.now() - started} ms`);
