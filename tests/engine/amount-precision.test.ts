import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { compileModules, createRuntime, createTranslate, validateSubmission, type CompiledModule, type DefinitionFiles, type Translate } from '../../src/engine';
import { amountProblem, minorUnit } from '../../src/engine/money/amount-limit';
import { registerOperations } from '../../src/engine/rules/operations';
import { toyFiles } from './toy-definitions';

registerOperations();

/**
 * Money below the currency's minor unit (issue #30 item 4): an amount of an item is refused like
 * the form's own, at the item's path, by the engine the browser and the server both run — for
 * every `money` field at any depth, found from the definitions' widgets alone.
 */
const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];
let modules: Record<string, CompiledModule>;
let t: Translate;
let files: DefinitionFiles;

beforeAll(async () => {
  files = (await loadDefinitionFiles()).files;
  modules = compileModules(files).modules as Record<string, CompiledModule>;
  t = createTranslate(files.locales, 'en');
});

describe('amountProblem', () => {
  it.each([
    [123.456, 'CNY', 'precision'], [123.45, 'CNY', null], [0.1 + 0.2, 'CNY', 'precision'], [-1.005, 'USD', 'precision'], [-1.01, 'USD', null],
    [100.5, 'JPY', 'precision'], [100, 'JPY', null], [0.4, 'other', 'precision'], [9999999999999.99, 'CNY', null], [0.001, null, 'precision'],
    [1e308, 'CNY', 'tooLarge'], [Number.NaN, 'CNY', 'invalid'], ['12.345', 'CNY', null],
  ] as const)('%s in %s → %s', (amount, code, expected) => {
    expect(amountProblem(amount, code)).toBe(expected);
  });

  it('names the minor unit', () => {
    expect([minorUnit('CNY'), minorUnit('JPY'), minorUnit(null)]).toEqual(['0.01', '1', '0.01']);
  });
});

describe('an item amount below the minor unit', () => {
  const purchase = (budget: number, currency_id = 1) => ({
    currency_id, company_id: 1, department_id: 1, approvals: [{ approver_id: 5, master_process_id: 1 }],
    purchase_goods: [{ department_id: 1, delivery_date: '2026-12-01', goods_name: 'Laptop', qty: 1, budget, arrange_by: 'me' }],
  });
  const context = { steps: [{ id: 1, optional: false }], currencies };

  it('is refused at the item\'s field on submit (the server\'s check) while the total is rounded', () => {
    const violations = validateSubmission(modules.purchase, purchase(123.456), context, t);
    expect(violations).toContainEqual(expect.objectContaining({
      propertyPath: 'purchase_goods[0].budget', message: 'Please enter Budget in steps of 0.01', messageKey: 'engine.validation.amountPrecision',
    }));
    expect(validateSubmission(modules.purchase, purchase(123.45), context, t).filter((v) => v.propertyPath.startsWith('purchase_goods'))).toEqual([]);
    expect(validateSubmission(modules.purchase, purchase(100.5, 2), context, t)).toContainEqual(expect.objectContaining({ propertyPath: 'purchase_goods[0].budget', message: 'Please enter Budget in steps of 1' }));
  });

  it('is refused by the form runtime the browser validates with, in ja and zh too', () => {
    const ja = createTranslate(files.locales, 'ja');
    const zh = createTranslate(files.locales, 'zh');
    const runtime = createRuntime(modules.purchase);
    const data = purchase(123.456);
    expect(runtime.validate(data, context, t)).toContainEqual(expect.objectContaining({ propertyPath: 'purchase_goods[0].budget', field: 'purchase_goods' }));
    expect(runtime.validate(data, context, ja).find((v) => v.propertyPath === 'purchase_goods[0].budget')?.message).toContain('0.01単位');
    expect(runtime.validate(data, context, zh).find((v) => v.propertyPath === 'purchase_goods[0].budget')?.message).toContain('0.01为单位');
  });

  it('two levels down takes the form\'s currency: a JPY payment\'s content line of 100.5', () => {
    const payment = {
      currency_id: 2, company_id: 1, estimated_payment_date: '2026-12-01',
      transaction_items: [{ company_id: 1, payment_information: { month: 1 }, contents: [{ amount: 100.5 }, { amount: 7 }] }],
    };
    const paths = createRuntime(modules.payment).validate(payment, { currencies }, t).filter((v) => v.messageKey === 'engine.validation.amountPrecision').map((v) => v.propertyPath);
    expect(paths).toEqual(['transaction_items[0].contents[0].amount']);
  });

  it('is found for any money field a definition declares (no module names): a toy item\'s price', () => {
    const source = toyFiles();
    (source.uiSchemas['toy-item'] as Record<string, unknown>).price = { 'ui:widget': 'money' };
    const toy = compileModules(source).modules.toy!;
    const toyT = createTranslate(source.locales, 'en');
    const data = { currency_id: 2, company_id: 1, items: [{ name: 'a', qty: 1, price: 3 }, { name: 'b', qty: 1, price: 2.5 }] };
    const violations = createRuntime(toy).validate(data, { currencies }, toyT).filter((v) => v.messageKey === 'engine.validation.amountPrecision');
    expect(violations.map((v) => v.propertyPath)).toEqual(['items[1].price']);
  });
});
