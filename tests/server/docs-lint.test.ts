import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

const run = promisify(execFile);
let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'ringi-openapi-'));
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface LintProblem { ruleId: string; severity: 'error' | 'warn'; message: string; location?: Array<{ pointer?: string }> }

/** `redocly lint` (recommended rules) over the description the server really serves: no errors. */
it('the OpenAPI description at /api/docs lints without errors', async () => {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, (await t.app.inject({ url: '/api/docs/openapi.json' })).body);
  const cli = join(process.cwd(), 'node_modules', '.bin', 'redocly');
  const result = await run(cli, ['lint', file, '--format=json', '--max-problems=1000'], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { problems: LintProblem[] };
  const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
  expect(errors).toEqual([]);
}, 120_000);
