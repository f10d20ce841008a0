/**
 * Every unknown name in a definition is answered with the closest valid ones (issue #12): fields
 * in the UI schema, ui:order, cards and options, rule fields and vars (form, item, $parent),
 * translation keys, operations and the meta-schemas' own keys. Over the toy module family.
 */
import { describe, expect, it } from 'vitest';
import { checkDefinitions, type DefinitionFiles, type UiSchema } from '../../src/engine';
import { closestNames } from '../../src/engine/definitions/closest-names';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const messages = (files: DefinitionFiles) => checkDefinitions(files, { widgetNames: registryNames }).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
const ui = (files: DefinitionFiles) => files.uiSchemas.toy as UiSchema;
const meta = (files: DefinitionFiles) => ui(files)['ui:module'] as Record<string, unknown>;

describe('closestNames', () => {
  it.each<[string, string[], string[]]>([
    ['CompanyPickr', ['CompanyPicker', 'CurrencyPicker', 'DepartmentPicker', 'text'], ['CompanyPicker', 'CurrencyPicker', 'DepartmentPicker']],
    ['price', ['brand', 'source', 'estimated_unit_price', 'qty'], ['estimated_unit_price', 'brand', 'source']],
    ['currency', ['company_id', 'currency_id', 'note'], ['currency_id', 'note', 'company_id']],
    ['x', [], []],
  ])('%s among %j', (name, valid, expected) => {
    expect(closestNames(name, valid)).toEqual(expected);
  });
});

describe('the checker names the closest valid names for every unknown name', () => {
  it.each<[string, (files: DefinitionFiles) => void, string]>([
    ['a UI schema entry for no field', (f) => { ui(f).notes = { 'ui:widget': 'textarea' }; }, 'uiSchemas/toy.json#/notes: "notes" is not a field of the schema (closest valid names: note, '],
    ['ui:order', (f) => { (ui(f)['ui:order'] as string[])[0] = 'currency'; }, 'uiSchemas/toy.json#/ui:order/0: "currency" is not a field of the schema (closest valid names: currency_id, '],
    ['a list-card field', (f) => { (meta(f).listCard as { summary: Array<{ field: string }> }).summary[0].field = 'totl'; }, 'uiSchemas/toy.json#/ui:module/listCard/summary/0/field: "totl" is not a field of the schema (closest valid names: total, '],
    ['an option naming a field', (f) => { ui(f).company_id = { 'ui:widget': 'CompanyPicker', 'ui:options': { dependsOn: 'kinds' } }; }, 'uiSchemas/toy.json#/company_id/ui:options/dependsOn/0: "kinds" is not a field of the schema (closest valid names: kind, '],
    ['a ui:module fact', (f) => { meta(f).editabel = true; }, 'uiSchemas/toy.json#/ui:module: must NOT have additional properties ("editabel") (closest valid names: editable, '],
    ['a rule field', (f) => { f.rules.toy.visibility = { nte: false }; }, 'rules/toy.json#/visibility/nte: "nte" is not a field of the schema (closest valid names: note, '],
    ['a rule var', (f) => { f.rules.toy.visibility = { note: { var: 'kindd' } }; }, 'rules/toy.json#/visibility/note: var "kindd" is not a field of the schema (closest valid names: kind, '],
    ['an item var', (f) => { f.rules.toy.computed = [{ field: 'total', value: { sum: [{ map: [{ var: 'items' }, { var: 'totl' }] }] } }]; }, 'rules/toy.json#/computed/0/value: var "totl" is not a field of the items of "items" (closest valid names: total, '],
    ['a $parent var', (f) => { f.rules['toy-item'] = { ...f.rules['toy-item'], visibility: { name: { var: '$parent.notes' } } }; }, 'rules/toy-item.json#/visibility/name: var "$parent.notes" is not a field of every parent form (closest valid names: note, '],
    ['an operation', (f) => { f.rules.toy.visibility = { note: { blnk: [{ var: 'kind' }] } }; }, 'rules/toy.json#/visibility/note: unknown operation "blnk" (closest valid names: blank, '],
    ['a translation key', (f) => { (f.rules.toy.validations![0] as { message: string }).message = 'toy.messages.curency'; }, 'rules/toy.json#/validations/0/message: translation key "toy.messages.curency" is missing in en, ja, zh (closest valid names: toy.messages.currency, '],
    ['a rules kind', (f) => { (f.rules.toy as Record<string, unknown>).visibilty = {}; }, 'rules/toy.json#: must NOT have additional properties ("visibilty") (closest valid names: visibility, '],
  ])('%s', (_name, change, expected) => {
    const files = toyFiles();
    expect(messages(files)).toEqual([]);
    change(files);
    const found = messages(files);
    expect(found.some((m) => m.startsWith(expected)), `${expected}\n in\n${found.join('\n')}`).toBe(true);
  });
});
