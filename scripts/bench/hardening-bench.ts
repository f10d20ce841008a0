import { compileModules, createTranslate, validateSubmission, type DefinitionFiles, type JsonSchema } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { median } from './measure';

/**
 * Issue #19's figures: a definition pattern `^(a+)+$` against 10,000 × `a` + `!` on the
 * linear-time engine (the backtracking RegExp doubles with every character and would not
 * return), through the whole submission check (Ajv with RE2); and how long a body that spends
 * the rule step budget takes to be refused. Figures only, no assertions.
 */
export async function runHardeningBench(): Promise<void> {
  const { files } = await loadDefinitionFiles();
  const source = structuredClone(files) as DefinitionFiles;
  const purchase = source.schemas.purchase;
  if (!purchase) {
    console.log('hardening: no purchase module on disk, skipped');
    return;
  }
  (purchase.properties as Record<string, JsonSchema>).reference = { type: ['string', 'null'], pattern: '^(a+)+$' };
  for (let i = 0; i <= 6; i += 1) (purchase.properties as Record<string, JsonSchema>)[`c${i}`] = { type: 'array', items: { type: 'integer' } };
  source.rules.purchase = { ...source.rules.purchase, computed: [...(source.rules.purchase.computed ?? []), ...Array.from({ length: 6 }, (_, i) => ({ field: `c${i + 1}`, value: { merge: [{ var: `c${i}` }, { var: `c${i}` }] } }))] };
  const module = compileModules(source).modules.purchase;
  const t = createTranslate(files.locales, 'en');
  const time = (body: unknown) => {
    const runs: number[] = [];
    let violations = 0;
    for (let i = 0; i < 15; i += 1) {
      const start = performance.now();
      violations = validateSubmission(module, body, {}, t).length;
      if (i >= 5) runs.push(performance.now() - start);
    }
    return { ms: median(runs), violations };
  };
  const pattern = time({ currency_id: 1, reference: `${'a'.repeat(10_000)}!`, purchase_goods: [] });
  const budget = time({ currency_id: 1, c0: Array.from({ length: 20_000 }, () => 0), purchase_goods: [] });
  const first = validateSubmission(module, { currency_id: 1, reference: `${'a'.repeat(10_000)}!`, purchase_goods: [] }, {}, t)[0];
  console.log('Definition hardening (issue #19; median of 10 after 5 warm-up runs):');
  console.log(`  (the pattern's violation: ${first?.propertyPath} ${first?.message})`);
  console.log(`  pattern ^(a+)+$ vs 10,000 × a + ! (whole submission check): ${pattern.ms.toFixed(2)} ms, ${pattern.violations} violations (target well under 50 ms: ${pattern.ms < 50 ? 'met' : 'NOT met'})`);
  console.log(`  a body that spends the 2,000,000-step rule budget (6 doubling merges of 20,000 items): ${budget.ms.toFixed(1)} ms to the 422, ${budget.violations} violation`);
}
