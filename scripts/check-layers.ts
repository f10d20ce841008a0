/**
 * `npm run lint:layers`: fails on an import that points up the layers of docs/ARCHITECTURE.md
 * ("Layers"), on a URL prefix served from more than one route folder, and on a lint-disable
 * comment that does not say why (`-- reason`).
 * Prints the number of import arrows it read and how many point up, so a change can be measured:
 *   npx tsx scripts/check-layers.ts --count
 * and, for one folder, the arrows among its files by sub-folder (`.` = a file directly in it):
 *   npx tsx scripts/check-layers.ts --within server/workflow
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOWED_UPWARD, layerOf, mayImport } from './lib/layers';
import { prefixesInSeveralAreas } from './lib/route-prefixes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const DISABLE = /(?:eslint|oxlint)-disable(?:-next-line|-line)?\b([^\n]*)/g;

const arrows: Array<{ from: string; to: string }> = [];
const silent: string[] = [];
const routeFiles = new Map<string, string>();
const scanned = [...sourceFiles('server'), ...sourceFiles('src'), ...sourceFiles('scripts')];
for (const file of scanned) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (file.startsWith('server/routes/')) routeFiles.set(file, text);
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    const target = spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
    arrows.push({ from: file, to: target });
  }
  for (const match of text.matchAll(DISABLE)) if (!match[1].includes(' -- ')) silent.push(`${file}: ${match[0].trim()}`);
}

const upward = arrows.filter(({ from, to }) => !mayImport(from, to));
const unexpected = upward.filter(({ from, to }) => !ALLOWED_UPWARD.some(([f, t]) => from === f && to.startsWith(t)));
const stale = ALLOWED_UPWARD.filter(([f, t]) => !upward.some(({ from, to }) => from === f && to.startsWith(t)));

const between = arrows.filter(({ from, to }) => layerOf(from) && layerOf(to) && layerOf(from) !== layerOf(to));
console.log(`layers: ${between.length} import arrows between layers, ${upward.length} point up (${ALLOWED_UPWARD.length} allowed for now)`);
if (process.argv.includes('--count')) for (const a of upward) console.log(`  up: ${a.from} → ${a.to}`);
const within = process.argv[process.argv.indexOf('--within') + 1];
if (process.argv.includes('--within') && within) printWithin(within.replace(/\/+$/, ''));

/** The import arrows among the files of `folder`, counted by sub-folder (from → to). */
function printWithin(folder: string): void {
  const area = (file: string) => {
    const rest = file.slice(folder.length + 1).split('/');
    return rest.length > 1 ? rest[0] : '.';
  };
  const inside = (file: string) => file.startsWith(`${folder}/`);
  const files = scanned.filter(inside);
  const counts = new Map<string, number>();
  for (const { from, to } of arrows) {
    if (!inside(from) || !inside(to)) continue;
    const key = `${area(from)} → ${area(to)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const across = [...counts].filter(([key]) => key.split(' → ')[0] !== key.split(' → ')[1]).reduce((a, [, n]) => a + n, 0);
  console.log(`${folder}: ${files.length} files in ${new Set(files.map(area)).size} folders ('.' = the folder itself), ${total} imports among them, ${across} across sub-folders`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) console.log(`  ${String(n).padStart(4)}  ${key}`);
}

for (const a of unexpected) console.error(`upward import: ${a.from} (${layerOf(a.from)}) → ${a.to} (${layerOf(a.to)})`);
for (const [f, t] of stale) console.error(`allow-list entry no longer needed (remove it from scripts/lib/layers.ts): ${f} → ${t}`);
for (const line of silent) console.error(`lint-disable without a reason (add "-- why"): ${line}`);
const split = prefixesInSeveralAreas(routeFiles);
for (const [prefix, areas] of split) console.error(`/${prefix} is served from several route folders (${areas.join(', ')}): one folder per URL prefix`);
if (unexpected.length || stale.length || silent.length || split.size) process.exit(1);
