import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/engine';
import { runModulesCheck } from '../../scripts/lib/run-modules-check';
import { copyDefinitions, REPO } from './definitions-copy';

const run = promisify(execFile);
const copies: Array<ReturnType<typeof copyDefinitions>> = [];
afterEach(() => { while (copies.length) copies.pop()!.remove(); });

/** Problems the edit adds to those of the untouched copy. */
async function problemsAfter(edit: (copy: ReturnType<typeof copyDefinitions>) => void): Promise<Problem[]> {
  const copy = copyDefinitions();
  copies.push(copy);
  const key = (p: Problem) => `${p.file}#${p.pointer}: ${p.message}`;
  const before = new Set((await runModulesCheck(copy.root)).map(key));
  edit(copy);
  return (await runModulesCheck(copy.root)).filter((p) => !before.has(key(p)));
}

describe('modules:check finds each kind of problem', () => {
  it.each<[string, (c: ReturnType<typeof copyDefinitions>) => void, Problem]>([
    ['a file that is not JSON', (c) => c.write('rules/purchase.json', '{ "validations": ['),
      { file: 'rules/purchase.json', pointer: '', message: expect.stringContaining('not valid JSON') }],
    ['a ui:module that breaks the meta-schema', (c) => c.edit('uiSchemas/purchase.json', (j) => { j['ui:module'].kind = 'modul'; }),
      { file: 'uiSchemas/purchase.json', pointer: '/ui:module/kind', message: expect.stringContaining('must be equal to one of the allowed values') }],
    ['an unknown ui:module fact', (c) => c.edit('uiSchemas/purchase.json', (j) => { j['ui:module'].launchr = { order: 1 }; }),
      { file: 'uiSchemas/purchase.json', pointer: '/ui:module', message: expect.stringMatching(/\("launchr"\) \(closest valid names: launcher, /) }],
    ['an unknown rule kind', (c) => c.edit('rules/purchase.json', (j) => { j.validation = []; }),
      { file: 'rules/purchase.json', pointer: '', message: expect.stringContaining('"validation"') }],
    ['an unregistered widget', (c) => c.edit('uiSchemas/purchase.json', (j) => { j.company_id['ui:widget'] = 'CompanyPickr'; }),
      { file: 'uiSchemas/purchase.json', pointer: '/company_id/ui:widget', message: expect.stringMatching(/^unknown widget "CompanyPickr" \(closest valid names: CompanyPicker, /) }],
    ['a var that names no field', (c) => c.edit('rules/purchase.json', (j) => { j.validations[0].when = { blank: [{ var: 'currency' }] }; }),
      { file: 'rules/purchase.json', pointer: '/validations/0/when', message: expect.stringMatching(/^var "currency" is not a field of the schema \(closest valid names: currency_id, /) }],
    ['a validation field that names no field', (c) => c.edit('rules/purchase.json', (j) => { j.validations[1].field = 'company'; }),
      { file: 'rules/purchase.json', pointer: '/validations/1/field', message: expect.stringMatching(/^"company" is not a field of the schema \(closest valid names: company_id, /) }],
    ['an item var that names no item field', (c) => c.edit('rules/purchase.json', (j) => { j.computed[0].value = { some: [{ var: 'purchase_goods' }, { var: 'price' }] }; }),
      { file: 'rules/purchase.json', pointer: '/computed/0/value', message: expect.stringMatching(/^var "price" is not a field of the items of "purchase_goods" \(closest valid names: estimated_unit_price, /) }],
    ['a $parent var the parent lacks', (c) => c.edit('rules/purchase-goods.json', (j) => { j.computed[0].value = { var: '$parent.company' }; }),
      { file: 'rules/purchase-goods.json', pointer: '/computed/0/value', message: expect.stringMatching(/^var "\$parent\.company" is not a field of every parent form \(closest valid names: company_id, /) }],
    ['an unknown operation', (c) => c.edit('rules/purchase.json', (j) => { j.validations[0].when = { empty: [{ var: 'currency_id' }] }; }),
      { file: 'rules/purchase.json', pointer: '/validations/0/when', message: expect.stringMatching(/^unknown operation "empty" \(closest valid names: /) }],
    ['a sub-form reference that does not resolve', (c) => c.edit('schemas/purchase.json', (j) => { j.properties.purchase_goods.items.$ref = 'purchase-good'; }),
      { file: 'schemas/purchase.json', pointer: '/properties/purchase_goods/items', message: 'sub-form "purchase-good" does not exist' }],
    ['a reference to a module that is not a sub-form', (c) => c.edit('uiSchemas/purchase-goods.json', (j) => { j['ui:module'].kind = 'module'; j['ui:module'].codePrefix = 'PG'; }),
      { file: 'schemas/purchase.json', pointer: '/properties/purchase_goods/items', message: '"purchase-goods" is not a sub-form (ui:module.kind must be "subform")' }],
    ['a label missing in one language', (c) => c.edit('locales/zh/purchase.json', (j) => { delete j.currency_id; }),
      { file: 'schemas/purchase.json', pointer: '/properties/currency_id', message: expect.stringMatching(/^translation key "purchase\.currency_id\.label" is missing in zh \(closest valid names: purchase\./) }],
    ['a message key missing everywhere', (c) => c.edit('rules/purchase.json', (j) => { j.validations[0].message = 'purchase.messages.nope'; }),
      { file: 'rules/purchase.json', pointer: '/validations/0/message', message: expect.stringMatching(/^translation key "purchase\.messages\.nope" is missing in en, ja, zh \(closest valid names: purchase\.messages\./) }],
    ['a key only some languages have', (c) => c.edit('locales/en/purchase.json', (j) => { j.extra = 'x'; }),
      { file: 'locales/ja/purchase.json', pointer: '/extra', message: 'key "purchase.extra" exists in other languages but is missing in ja, zh' }],
    ['ui:order naming no field', (c) => c.edit('uiSchemas/purchase.json', (j) => { j['ui:order'][0] = 'currency'; }),
      { file: 'uiSchemas/purchase.json', pointer: '/ui:order/0', message: expect.stringMatching(/^"currency" is not a field of the schema \(closest valid names: currency_id, /) }],
    ['a field left out of ui:order', (c) => c.edit('uiSchemas/purchase.json', (j) => { j['ui:order'] = j['ui:order'].filter((f: string) => f !== 'total_goods'); }),
      { file: 'uiSchemas/purchase.json', pointer: '/ui:order', message: 'field "total_goods" is missing from ui:order (add it or "*")' }],
    ['a list-card line naming no field', (c) => c.edit('uiSchemas/purchase.json', (j) => { j['ui:module'].listCard.summary[0].field = 'total'; }),
      { file: 'uiSchemas/purchase.json', pointer: '/ui:module/listCard/summary/0/field', message: expect.stringMatching(/^"total" is not a field of the schema \(closest valid names: total_/) }],
    ['a schema without a UI schema', (c) => c.write('schemas/orphan.json', '{"type":"object","properties":{"a":{"type":"string"}}}'),
      { file: 'uiSchemas/orphan.json', pointer: '', message: 'missing: module "orphan" has no uiSchemas file' }],
    ['a module without approval steps', (c) => c.remove('processes/purchase.json'),
      { file: 'processes/purchase.json', pointer: '', message: 'missing: module "purchase" has no approval steps (add processes/purchase.json)' }],
    ['a step role that does not exist', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].roles = ['boss']; }),
      { file: 'processes/purchase.json', pointer: '/steps/0/roles/0', message: expect.stringContaining('authorizer, finance, treasury, legal') }],
    ['a shared step code with other names', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].names.en = 'Boss'; }),
      { file: 'processes/purchase.json', pointer: '/steps/0', message: expect.stringContaining('step "p-manager" has other names or roles than in module') }],
    ['a step that fills a field the schema lacks', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].fills = ['signed_files']; }),
      { file: 'processes/purchase.json', pointer: '/steps/0/fills/0', message: expect.stringMatching(/^"signed_files" is not a field of the schema \(closest valid names: /) }],
    ['a step that fills a field the filing form shows', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].fills = ['currency_id']; }),
      { file: 'processes/purchase.json', pointer: '/steps/0/fills/0', message: expect.stringContaining('hide it on the filing form') }],
    ['a step form that is not a definition', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].form = 'purchase-goodz'; }),
      { file: 'processes/purchase.json', pointer: '/steps/0/form', message: expect.stringContaining('"purchase-goodz" is not a definition') }],
    ['a step form that is a module', (c) => c.edit('processes/purchase.json', (j) => { j.steps[0].form = 'payment'; }),
      { file: 'processes/purchase.json', pointer: '/steps/0/form', message: expect.stringContaining('"payment" is a module: a step\'s form is a sub-form') }],
    ['an uploader whose document type is not an attachment kind', (c) => c.edit('uiSchemas/reimbursement.json', (j) => { j.deal_slips['ui:options'].documentType = 'deal-slips'; }),
      { file: 'uiSchemas/reimbursement.json', pointer: '/deal_slips/ui:options/documentType', message: 'documentType "deal-slips" is not an attachment kind of "reimbursement" (closest valid names: deal-slip, e-invoice, app-paper)' }],
    ['an uploader asking for more files than its kind allows', (c) => c.edit('uiSchemas/reimbursement.json', (j) => { j.deal_slips['ui:options'].maxFiles = 5; }),
      { file: 'uiSchemas/reimbursement.json', pointer: '/deal_slips/ui:options/maxFiles', message: 'maxFiles 5 is more than the attachment kind "deal-slip" allows (1)' }],
  ])('%s', async (_name, edit, expected) => {
    expect(await problemsAfter(edit)).toContainEqual(expected);
  });
});

describe('modules:check accepts', () => {
  it('a validation that points into an object field', async () => {
    expect(await problemsAfter((c) => c.edit('rules/purchase.json', (j) => { j.validations[0].field = 'currency_id.code'; }))).toEqual([]);
  });
});

describe('the modules:check command', () => {
  it('prints file#pointer: message per problem and exits 1', async () => {
    const copy = copyDefinitions();
    copies.push(copy);
    copy.edit('rules/purchase.json', (j) => { j.validations[0].when = { blank: [{ var: 'currency' }] }; });
    const failure = await run('npx', ['tsx', 'scripts/modules-check.ts', '--root', copy.root], { cwd: REPO }).then(() => null, (e) => e);
    expect(failure?.code).toBe(1);
    expect(failure.stdout).toContain('rules/purchase.json#/validations/0/when: var "currency" is not a field of the schema (closest valid names: currency_id');
  }, 60_000); // a child process: tsx start-up plus the whole checker
});
