import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { compileModules, createRuntime, createTranslate, validateSubmission, type CompiledModule } from '../../src/engine';
import { availableParallelism, loadavg } from 'node:os';
import { median } from './measure';

/** Server-side validation (the engine's `validateSubmission`: JSON Schema, then ordered rules) of a purchase with `items` goods. */
export async function runValidationBench(items: number): Promise<void> {
  const { files } = await loadDefinitionFiles();
  const { modules } = compileModules(files);
  const purchase = modules.purchase;
  if (!purchase) {
    console.log('validation: no purchase module on disk, skipped');
    return;
  }
  const t = createTranslate(files.locales, 'en');
  const goods = Array.from({ length: items }, (_, i) => ({
    index: i + 1,
    company_id: 1,
    department_id: 2,
    delivery_date: '2026-12-01',
    goods_name: `Goods ${i + 1}`,
    brand: 'Brand',
    qty: 2,
    budget: 100,
    estimated_unit_price: 50,
    arrange_by: 'me',
    is_recurrent: false,
  }));
  const body = {
    currency_id: 1,
    company_id: 1,
    department_id: 2,
    purchase_goods: goods,
    total_estimated: 100 * items,
    save_approvers: true,
    send_notification_first_approval: true,
    approvals: [{ approver_id: 5, master_process_id: 1 }],
  };
  const context = { steps: [{ id: 1, optional: false }], currencies: [{ id: 1, code: 'CNY' }] };
  // purchase_goods allows 200 items; lift that limit so the whole body is checked (schema + every goods rule).
  const schema = structuredClone(purchase.schema) as { properties: Record<string, Record<string, unknown>> };
  delete schema.properties.purchase_goods.maxItems;
  // Its own version: compiled validators are cached per definition version, and this is other content.
  const unlimited: CompiledModule = { ...purchase, schema, version: `${purchase.version}-bench` };
  const runtime = createRuntime(unlimited);
  const time = (run: () => number) => {
    const times: number[] = [];
    let violations = 0;
    for (let i = 0; i < 25; i++) {
      const start = performance.now();
      violations = run();
      if (i >= 5) times.push(performance.now() - start);
    }
    return { ms: median(times), violations };
  };
  const full = time(() => validateSubmission(unlimited, body, context, t).length);
  const rules = time(() => runtime.validate(body, context, t).length);
  // The first call compiles (Ajv validators per definition version, json-logic closures per rule): shown apart.
  const first = (() => {
    const fresh: CompiledModule = { ...unlimited, version: `${purchase.version}-bench-first` };
    const start = performance.now();
    validateSubmission(fresh, body, context, t);
    return performance.now() - start;
  })();
  const target = 2;
  console.log(`Server-side validation of a ${items}-item purchase body (median of 20 after 5 warm-up runs):`);
  console.log(`  validateSubmission (JSON Schema + computed fields + ordered rules): ${full.ms.toFixed(2)} ms, ${full.violations} violations (target ≤ ${target} ms: ${full.ms <= target ? 'met' : 'NOT met'})`);
  console.log(`  rules only (runtime.validate):                                     ${rules.ms.toFixed(2)} ms, ${rules.violations} violations`);
  console.log(`  first call of a new definition version (compiles its Ajv validators): ${first.toFixed(1)} ms`);
  console.log(`  load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
}
