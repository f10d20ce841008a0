import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/lib/run-check';
import { runModulesCheck } from '../../scripts/lib/run-modules-check';
import { copyDefinitions, REPO } from './definitions-copy';

/** The ```json file=<path> blocks of docs/MODULES.md. */
function exampleFiles(): Array<{ path: string; text: string }> {
  const doc = readFileSync(join(REPO, 'docs/MODULES.md'), 'utf8');
  return [...doc.matchAll(/```json file=(\S+)\n([\s\S]*?)```/g)].map((m) => ({ path: m[1], text: m[2] }));
}

const copy = copyDefinitions();
afterAll(() => copy.remove());

describe('the worked example of docs/MODULES.md', () => {
  it('is a complete module the checker accepts', async () => {
    const files = exampleFiles();
    expect(files.map((f) => f.path).sort()).toEqual([
      'locales/en/collection-debt.json', 'locales/ja/collection-debt.json', 'locales/zh/collection-debt.json',
      'rules/collection-debt.json', 'schemas/collection-debt.json', 'uiSchemas/collection-debt.json',
    ]);
    for (const f of files) copy.write(f.path, f.text);
    const problems = (await runModulesCheck(copy.root)).filter((p) => p.file.includes('collection-debt'));
    expect(problems).toEqual([]);
  });

  it('answers the documented check output', async () => {
    const data = join(copy.root, 'debt.json');
    writeFileSync(data, '{"customer_name":"ACME","currency_id":1,"amount":0,"approvals":[]}');
    expect(await runCheck({ module: 'collection-debt', data, lang: 'en', root: copy.root })).toEqual({
      valid: false,
      violations: [
        { propertyPath: 'amount', message: 'Please enter amount' },
        { propertyPath: 'payment_date', message: 'Please select payment date' },
        { propertyPath: 'approvals', message: 'Please choose an approver for every required step' },
      ],
    });
  });
});
