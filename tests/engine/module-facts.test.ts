/**
 * The module facts that replaced module codes in TypeScript (`ui:module.relatedAs`,
 * `launcher.group`, `listSearch`, `expenseAccounts`, `contractItemTypes`): what the compiler
 * derives from them and what the checker refuses. Over the toy module family.
 */
import { describe, expect, it } from 'vitest';
import { checkDefinitions, compileModules, type DefinitionFiles, type UiSchema } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const moduleOf = (files: DefinitionFiles, code = 'toy') => files.uiSchemas[code]['ui:module'] as Record<string, unknown>;

/** The toy family plus `toy-source`, a copy of `toy` other forms may pick as a related approval. */
function withSource(relatedAs: Record<string, unknown> = { list: 'contracts', search: ['note'], accounts: 'note' }): DefinitionFiles {
  const files = toyFiles();
  files.schemas['toy-source'] = { ...structuredClone(files.schemas.toy), $id: 'toy-source' };
  files.uiSchemas['toy-source'] = structuredClone(files.uiSchemas.toy);
  Object.assign(moduleOf(files, 'toy-source'), { title: 'toy-source.title', codePrefix: 'TSR', relatedAs });
  files.rules['toy-source'] = structuredClone(files.rules.toy ?? {});
  for (const lang of ['en', 'ja', 'zh'] as const) files.locales[lang]['toy-source'] = structuredClone(files.locales[lang].toy);
  files.processes!['toy-source'] = structuredClone(files.processes!.toy);
  return files;
}

const problems = (files: DefinitionFiles) => checkDefinitions(files, { widgetNames: registryNames }).map((p) => `${p.file}#${p.pointer}: ${p.message}`);

describe('ui:module.relatedAs', () => {
  it('the compiler gives a ui:options.source naming it the list that serves it', () => {
    const files = withSource();
    (files.uiSchemas.toy as UiSchema).note = { 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'toy-source' } };
    expect(problems(files)).toEqual([]);
    const { modules } = compileModules(files);
    expect((modules.toy.uiSchema.note as UiSchema)['ui:options']).toEqual({ source: 'toy-source', relatedList: 'contracts' });
    expect(modules['toy-source'].meta.relatedAs).toEqual({ list: 'contracts', search: ['note'], accounts: 'note' });
  });

  it('accepts members mapped to the form\'s fields and an item list\'s item fields', () => {
    const files = withSource({ list: 'purchases', fields: { total_estimated: 'total', goods: 'items' }, items: { goods: ['name', 'qty'] }, itemType: 'kind' });
    expect(problems(files)).toEqual([]);
  });

  it.each<[string, (files: DefinitionFiles) => void, string]>([
    ['a source that is no related-approval module', (f) => { (f.uiSchemas.toy as UiSchema).note = { 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'toy-sorce' } }; },
      'uiSchemas/toy.json#/note/ui:options/source: "toy-sorce" is not a module with ui:module.relatedAs (closest valid names: toy-source)'],
    ['relatedApprovalSource naming a module without relatedAs', (f) => { moduleOf(f).relatedApprovalSource = 'toy'; },
      'uiSchemas/toy.json#/ui:module/relatedApprovalSource: "toy" is not a module with ui:module.relatedAs (closest valid names: toy-source)'],
    ['a search field that does not exist', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'purchases', search: ['nope'] }; },
      'uiSchemas/toy-source.json#/ui:module/relatedAs/search/0: "nope" is not a field of the schema'],
    ['a list no API serves', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'invoices' }; }, 'uiSchemas/toy-source.json#/ui:module/relatedAs/list: must be equal to one of the allowed values'],
    ['a member mapped to a field that does not exist', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'purchases', fields: { total_estimated: 'totl' } }; },
      'uiSchemas/toy-source.json#/ui:module/relatedAs/fields/total_estimated: "totl" is not a field of the schema'],
    ['item fields of a member that is no item list', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'purchases', fields: { goods: 'note' }, items: { goods: ['name'] } }; },
      'uiSchemas/toy-source.json#/ui:module/relatedAs/items/goods: "goods" is not a member mapped to an item list in relatedAs.fields'],
    ['an item field the item list does not have', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'purchases', fields: { goods: 'items' }, items: { goods: ['name', 'nam'] } }; },
      'uiSchemas/toy-source.json#/ui:module/relatedAs/items/goods/1: "nam" is not a field of the schema'],
    ['an item type field that does not exist', (f) => { moduleOf(f, 'toy-source').relatedAs = { list: 'contracts', itemType: 'type_id' }; },
      'uiSchemas/toy-source.json#/ui:module/relatedAs/itemType: "type_id" is not a field of the schema'],
  ])('refuses %s', (_name, change, expected) => {
    const files = withSource();
    change(files);
    expect(problems(files).some((p) => p.startsWith(expected))).toBe(true);
  });
});

describe('ui:module.launcher.group', () => {
  const group = { key: 'toys', order: 3, title: 'toy.title', intro: 'toy.note.label', icon: 'money' };
  it('members giving the same group pass; keys must exist; a member giving another group is refused', () => {
    const files = withSource();
    moduleOf(files).launcher = { order: 1, group };
    moduleOf(files, 'toy-source').launcher = { order: 2, group: { ...group } };
    expect(problems(files)).toEqual([]);
    expect(compileModules(files).modules.toy.meta.launcher?.group).toEqual(group);
    moduleOf(files, 'toy-source').launcher = { order: 2, group: { ...group, order: 4 } };
    expect(problems(files)).toEqual(['uiSchemas/toy-source.json#/ui:module/launcher/group: launcher group "toys" differs from the one of "toy" (modules of a group give the same group)']);
    moduleOf(files, 'toy-source').launcher = { order: 2, group: { ...group, intro: 'toy.nothing' } };
    expect(problems(files).some((p) => p.startsWith('uiSchemas/toy-source.json#/ui:module/launcher/group/intro: translation key "toy.nothing" is missing in en, ja, zh (closest valid names: '))).toBe(true);
  });

  it('a launcher label is a translation key that must exist; groupOnly needs a group', () => {
    const files = withSource();
    moduleOf(files).launcher = { order: 1, label: 'toy.note.label', group };
    moduleOf(files, 'toy-source').launcher = { order: 2, groupOnly: true, group: { ...group } };
    expect(problems(files)).toEqual([]);
    expect(compileModules(files).modules.toy.meta.launcher).toMatchObject({ label: 'toy.note.label' });
    expect(compileModules(files).modules['toy-source'].meta.launcher).toMatchObject({ groupOnly: true });
    moduleOf(files).launcher = { order: 1, label: 'toy.nothing', group };
    expect(problems(files).some((p) => p.startsWith('uiSchemas/toy.json#/ui:module/launcher/label: translation key "toy.nothing" is missing in en, ja, zh'))).toBe(true);
    moduleOf(files).launcher = { order: 1, group };
    moduleOf(files, 'toy-source').launcher = { order: 2, groupOnly: true };
    expect(problems(files)).toEqual(['uiSchemas/toy-source.json#/ui:module/launcher/groupOnly: launcher.groupOnly needs a launcher.group (the page that offers the module)']);
  });
});

describe('list search, expense accounts and contract item types', () => {
  it('are read into meta and checked', () => {
    const files = toyFiles();
    Object.assign(moduleOf(files), { listSearch: ['note', 'items[].name'], expenseAccounts: true, contractItemTypes: { alias: 'toys' } });
    expect(problems(files)).toEqual([]);
    expect(compileModules(files).modules.toy.meta).toMatchObject({ listSearch: ['note', 'items[].name'], expenseAccounts: true, contractItemTypes: { alias: 'toys' } });
    moduleOf(files).listSearch = ['nope.name'];
    expect(problems(files).some((p) => p.startsWith('uiSchemas/toy.json#/ui:module/listSearch/0: "nope" is not a field of the schema (closest valid names: '))).toBe(true);
    moduleOf(files).listSearch = ['Bad Path'];
    expect(problems(files).some((p) => p.startsWith('uiSchemas/toy.json#/ui:module/listSearch/0: must match pattern'))).toBe(true);
  });
});

describe('statistics facts', () => {
  it('name fields of the form: amount, vendor, payment date and the stamp party and contract date', () => {
    const files = toyFiles();
    moduleOf(files).statistics = { amount: 'note', vendor: ['items[].name'], stamp: { party: 'note', contractDate: 'note' } };
    expect(problems(files)).toEqual([]);
    moduleOf(files).statistics = { stamp: { party: 'contract_party_id' }, paymentDate: ['itemz[].date'] };
    const found = problems(files);
    expect(found.some((p) => p.startsWith('uiSchemas/toy.json#/ui:module/statistics/stamp/party: "contract_party_id" is not a field of the schema'))).toBe(true);
    expect(found.some((p) => p.startsWith('uiSchemas/toy.json#/ui:module/statistics/paymentDate/0: "itemz" is not a field of the schema'))).toBe(true);
  });
});
