/**
 * `npm run bench:studio`: the builder trial of issue #32 — the business-trip module built through
 * the studio's builder only (Chromium, tests/e2e/studio-builder.spec.ts), published and filed
 * below and above its director threshold. Prints what a person would do: the actions (clicks,
 * inputs filled, choices), the texts typed and their characters, the time at a person's pace
 * (3 s an action, 3 characters a second, a CJK character twice; target ≤ 10 min, ≤ 60 actions)
 * and the machine's time for the run with its load average. `STUDIO_PERSON_PAUSE_MS` (default 0)
 * makes the browser pause before each action as a person would, for a run to watch.
 * Figures only; the journey itself (in `npm test`) fails above 60 actions.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

const load = () => loadavg()[0].toFixed(2);
console.log(`bench:studio: the business-trip builder trial in Chromium; load average before ${load()}`);
const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/studio-builder.spec.ts', '-g', 'business-trip', '--reporter=line'], {
  encoding: 'utf8', env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? '8182' }, stdio: ['ignore', 'pipe', 'pipe'],
});
const lines = `${run.stdout}\n${run.stderr}`.split('\n');
const figures = lines.filter((line) => line.includes('studio builder:'));
for (const line of figures) console.log(`  ${line.trim()}, load average ${load()}`);
if (run.status !== 0 || figures.length === 0) {
  console.error(lines.filter((line) => !line.includes('[WebServer]')).slice(-40).join('\n'));
  process.exit(run.status || 1);
}
