import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/lib/run-check';
import { copyDefinitions, REPO } from './definitions-copy';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'ringi-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RuleCase { name: string; lang?: 'en' | 'ja' | 'zh'; steps?: unknown; body: unknown; expected: Array<{ propertyPath: string; message: string }> }
const table = JSON.parse(readFileSync(join(REPO, 'tests/contract/fixtures/purchase/rule-table.json'), 'utf8')) as RuleCase[];

function files(c: RuleCase, i: number): { data: string; steps?: string } {
  const data = join(dir, `body-${i}.json`);
  writeFileSync(data, JSON.stringify(c.body));
  if (!c.steps) return { data };
  const steps = join(dir, `steps-${i}.json`);
  writeFileSync(steps, JSON.stringify(c.steps));
  return { data, steps };
}

describe('check (the server\'s validation over a body file)', () => {
  it.each(table.map((c, i) => [c.name, c, i] as const))('purchase rule table: %s', async (_name, c, i) => {
    const output = await runCheck({ module: 'purchase', lang: c.lang, ...files(c, i) });
    expect(output).toEqual({ valid: c.expected.length === 0, violations: c.expected });
  });

  it('without --steps requires at least one approver', async () => {
    const body = { ...(table[0].body as Record<string, unknown>), approvals: [] };
    const data = join(dir, 'no-approvers.json');
    writeFileSync(data, JSON.stringify(body));
    expect((await runCheck({ module: 'purchase', data })).violations).toEqual([{ propertyPath: 'approvals', message: 'Please choose an approver for every required step' }]);
    writeFileSync(data, JSON.stringify(table[0].body));
    expect((await runCheck({ module: 'purchase', data })).valid).toBe(true);
  });

  it('refuses to judge a body while the definitions fail the checker, and says why', async () => {
    const copy = copyDefinitions();
    try {
      copy.edit('uiSchemas/purchase.json', (j) => { j.company_id['ui:widget'] = 'CompanyPickr'; });
      const data = join(dir, 'valid.json');
      writeFileSync(data, JSON.stringify(table[0].body));
      const output = await runCheck({ module: 'purchase', data, root: copy.root });
      expect(output.valid).toBe(false);
      expect(output.refused).toBe(true);
      expect(output.violations).toContainEqual({ propertyPath: 'uiSchemas/purchase.json#/company_id/ui:widget', message: expect.stringContaining('unknown widget "CompanyPickr"') });
    } finally {
      copy.remove();
    }
  });

  it('answers an unknown module and an unreadable file as one invalid result', async () => {
    expect((await runCheck({ module: 'nope', data: join(dir, 'x.json') })).violations[0].message).toBe('Unknown module: nope');
    writeFileSync(join(dir, 'broken.json'), '{');
    expect((await runCheck({ module: 'purchase', data: join(dir, 'broken.json') })).valid).toBe(false);
  });

  it('the command prints exactly one JSON object, in the chosen language, exit 1 when invalid', async () => {
    const data = join(dir, 'empty.json');
    writeFileSync(data, '{"currency_id": 1}');
    const result = await run('npx', ['tsx', 'scripts/check.ts', '--module', 'purchase', '--data', data, '--lang', 'zh'], { cwd: REPO }).then(() => null, (e) => e);
    expect(result?.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(Object.keys(output)).toEqual(['valid', 'violations']);
    expect(output.violations[0]).toEqual({ propertyPath: 'company_id', message: '请选择公司' });
  }, 60_000); // a child process that starts tsx and runs the definition checker first
});
