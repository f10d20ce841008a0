/**
 * The studio's builder: each pure edit writes every part of a module source at once, and what
 * it writes passes the same checker a publish runs (over the real definition set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addClearEffect, addField, addItemList, summarizeItemField, addValidation, blankModule, checkDefinitions, compileModules, conditionLogic, createRuntime, createTranslate, editField,
  moveField, moveValidation, removeField, setComputed, setVisibility, validateSubmission, type FieldSpec, type ModuleSource, type Problem,
} from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { sourcesFromFiles } from '../../server/definitions/module-source';
import { baseLocales } from '../../server/definitions/definition-store';
import { filesFromSources } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import type { DefinitionFiles } from '../../src/engine';

let disk: DefinitionFiles;
let sources: Record<string, ModuleSource>;

beforeAll(async () => {
  disk = (await loadDefinitionFiles()).files;
  sources = sourcesFromFiles(disk);
});

const props = (s: ModuleSource) => (s.schema as { properties: Record<string, unknown> }).properties;
const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });
/** Checker problems of the real set with `changed` in place. */
function problemsWith(...changed: ModuleSource[]): Problem[] {
  const all = { ...sources, ...Object.fromEntries(changed.map((s) => [s.code, s])) };
  return checkDefinitions(filesFromSources(all, baseLocales(disk, Object.keys(all))), { widgetNames: registryNames });
}
function ok<T>(result: { source: T } | { refused: string }): T {
  if (!('source' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.source;
}
const projectCode: FieldSpec = {
  name: 'project_code', type: 'text', labels: tri('Project code'), required: true, requiredMessages: tri('Enter the project code'), maxLength: 20, after: 'currency_id',
};

describe('addField', () => {
  it('writes schema, UI order, detail card, an ordered required rule right after the currency\'s and texts in en/ja/zh; the checker accepts it', () => {
    const source = ok(addField(sources.purchase, projectCode));
    expect((source.schema.properties as Record<string, unknown>).project_code).toEqual({ type: ['string', 'null'], default: null, maxLength: 20 });
    expect((source.uiSchema['ui:order'] as string[]).slice(0, 2)).toEqual(['currency_id', 'project_code']);
    expect(source.rules.validations![1]).toEqual({ field: 'project_code', when: { blank: [{ var: 'project_code' }] }, message: 'purchase.messages.project_code_required' });
    for (const lang of ['en', 'ja', 'zh'] as const) {
      expect((source.locales[lang] as Record<string, { label?: string }>).project_code.label).toBe(tri('Project code')[lang]);
      expect((source.locales[lang].messages as Record<string, string>).project_code_required).toBe(tri('Enter the project code')[lang]);
    }
    expect(sources.purchase.rules.validations![1]).not.toMatchObject({ field: 'project_code' });
    expect(problemsWith(source)).toEqual([]);
    // The runtime answers the field's own message, second, in each language.
    const module = compileModules(filesFromSources({ ...sources, purchase: source }, baseLocales(disk, Object.keys(sources)))).modules.purchase;
    const violations = validateSubmission(module, { approvals: [] }, {}, createTranslate(module.translations as never, 'ja'));
    expect(violations.map((v) => v.field)).toContain('project_code');
  });

  it.each<[string, Partial<FieldSpec>, (s: ModuleSource) => void]>([
    ['long text with help', { type: 'longText', help: tri('Where it goes') }, (s) => expect(s.uiSchema.f).toEqual({ 'ui:widget': 'textarea', 'ui:help': 'purchase.f.help' })],
    ['number with min/max', { type: 'number', minimum: 1, maximum: 9 }, (s) => expect(props(s).f).toMatchObject({ minimum: 1, maximum: 9 })],
    ['money', { type: 'money' }, (s) => expect(s.uiSchema.f).toEqual({ 'ui:widget': 'money' })],
    ['date, required as a real date', { type: 'date', required: true, requiredMessages: tri('Date') }, (s) => expect(JSON.stringify(s.rules.validations)).toContain('"valid_date":[{"var":"f"}]')],
    ['date range: two dates and an end-before-start rule', { type: 'dateRange', rangeMessages: tri('End after start') }, (s) => {
      expect(Object.keys(props(s))).toEqual(expect.arrayContaining(['f_start', 'f_end']));
      expect(s.rules.validations).toContainEqual({ field: 'f_end', when: { date_before: [{ var: 'f_end' }, { var: 'f_start' }] }, message: 'purchase.messages.f_range' });
    }],
    ['select with options', { type: 'select', options: [{ value: 'air', labels: tri('Air') }] }, (s) => expect((s.locales.ja as Record<string, { options: object }>).f.options).toEqual({ air: 'Air（ja）' })],
    ['multi-select', { type: 'multiSelect', options: [{ value: 'a', labels: tri('A') }] }, (s) => expect(s.uiSchema.f).toEqual({ 'ui:widget': 'checkboxes' })],
    ['checkbox', { type: 'checkbox' }, (s) => expect(props(s).f).toEqual({ type: 'boolean', default: false })],
    ['picker of a server list', { type: 'picker', picker: 'DepartmentPicker' }, (s) => expect(s.uiSchema.f).toEqual({ 'ui:widget': 'DepartmentPicker' })],
    ['file upload with its attachment kind', { type: 'upload', upload: { documentType: 'itinerary', accept: ['pdf'], maxFiles: 1 } }, (s) => expect(s.attachments!.itinerary).toMatchObject({ accept: ['pdf'], maxFiles: 1 })],
    ['visible only when another field is set', { type: 'text', visibleWhen: { kind: 'notBlank', field: 'company_id' } }, (s) => expect(s.rules.visibility!.f).toEqual({ '!': [{ blank: [{ var: 'company_id' }] }] })],
  ])('%s — the checker accepts it', (_name, extra, expectation) => {
    const source = ok(addField(sources.purchase, { name: 'f', type: 'text', labels: tri('F'), ...extra } as FieldSpec));
    expectation(source);
    expect(problemsWith(source)).toEqual([]);
  });

  it.each<[string, Partial<FieldSpec>, string]>([
    ['a bad name', { name: 'Project Code' }, 'name'],
    ['a field that exists', { name: 'currency_id' }, 'exists'],
    ['a missing label', { labels: { en: 'x', ja: '', zh: 'x' } }, 'labels'],
    ['required without its messages', { required: true }, 'requiredMessages'],
    ['a max length on a number', { type: 'number', maxLength: 3 }, 'maxLength'],
    ['a select without options', { type: 'select' }, 'options'],
    ['an unknown picker', { type: 'picker', picker: 'Nope' }, 'picker'],
  ])('refuses %s', (_name, extra, refused) => {
    expect(addField(sources.purchase, { name: 'f', type: 'text', labels: tri('F'), ...extra } as FieldSpec)).toMatchObject({ refused });
  });
});

describe('edit, move and delete a field', () => {
  it('edit keeps the place and changes every part (limit, required message)', () => {
    const added = ok(addField(sources.purchase, projectCode));
    const edited = ok(editField(added, 'project_code', { ...projectCode, after: undefined, maxLength: 12, requiredMessages: tri('Project code, please') }));
    expect((edited.uiSchema['ui:order'] as string[]).indexOf('project_code')).toBe(1);
    expect(props(edited).project_code).toMatchObject({ maxLength: 12 });
    expect((edited.locales.zh.messages as Record<string, string>).project_code_required).toBe('Project code, please（zh）');
    expect(edited.rules.validations!.filter((r) => 'field' in r && r.field === 'project_code')).toHaveLength(1);
    expect(problemsWith(edited)).toEqual([]);
  });

  it('move changes the form order and the detail card', () => {
    const added = ok(addField(sources.purchase, projectCode));
    const moved = ok(moveField(added, 'project_code', 'department_id'));
    const order = moved.uiSchema['ui:order'] as string[];
    expect(order.indexOf('project_code')).toBe(order.indexOf('department_id') + 1);
    expect(JSON.stringify(moved.uiSchema['ui:module'])).toContain('"department_id","project_code"');
    expect(ok(moveField(moved, 'project_code', null)).uiSchema['ui:order']).toMatchObject({ 0: 'project_code' });
  });

  it('delete removes every part, and the source is the original again', () => {
    const added = ok(addField(sources.purchase, { ...projectCode, help: tri('Help'), visibleWhen: { kind: 'notBlank', field: 'company_id' } }));
    const removed = ok(removeField(added, 'project_code'));
    expect(removed.schema).toEqual(sources.purchase.schema);
    expect(removed.uiSchema).toEqual(sources.purchase.uiSchema);
    expect(removed.rules).toEqual(sources.purchase.rules);
    expect(removed.locales).toEqual(sources.purchase.locales);
  });

  it('refuses to delete a field another rule uses, naming the rule', () => {
    expect(removeField(sources.purchase, 'company_id')).toEqual({ refused: 'usedBy', values: { name: 'company_id', kind: 'effect', n: 1, about: 'company_id' } });
    expect(removeField(sources.purchase, 'purchase_goods')).toMatchObject({ refused: 'usedBy', values: { kind: 'validation', n: 6, about: 'each purchase_goods' } });
  });
});

describe('rules', () => {
  it.each([
    [{ kind: 'blank', field: 'a' }, { blank: [{ var: 'a' }] }],
    [{ kind: 'notBlank', field: 'a' }, { '!': [{ blank: [{ var: 'a' }] }] }],
    [{ kind: 'greaterThan', field: 'a', value: 3 }, { '>': [{ to_number: [{ var: 'a' }] }, 3] }],
    [{ kind: 'before', field: 'a', other: 'b' }, { date_before: [{ var: 'a' }, { var: 'b' }] }],
    [{ kind: 'after', field: 'a', other: 'b' }, { date_after: [{ var: 'a' }, { var: 'b' }] }],
    [{ kind: 'oneOf', field: 'a', values: ['x', 'y'] }, { in: [{ var: 'a' }, ['x', 'y']] }],
  ] as const)('condition %j → %j', (condition, logic) => {
    expect(conditionLogic(condition as never)).toEqual(logic);
  });

  it('a validation goes where asked, with its message in three languages, and can be moved', () => {
    const withDates = ok(addField(ok(addField(sources.purchase, { name: 'start_date', type: 'date', labels: tri('Start') })), { name: 'end_date', type: 'date', labels: tri('End') }));
    const source = ok(addValidation(withDates, { field: 'end_date', when: { kind: 'before', field: 'end_date', other: 'start_date' }, name: 'endBeforeStart', messages: tri('End before start'), index: 0 }));
    expect(source.rules.validations![0]).toEqual({ field: 'end_date', when: { date_before: [{ var: 'end_date' }, { var: 'start_date' }] }, message: 'purchase.messages.endBeforeStart' });
    expect(problemsWith(source)).toEqual([]);
    const moved = ok(moveValidation(source, 0, 2));
    expect(moved.rules.validations![2]).toEqual(source.rules.validations![0]);
    expect(removeField(source, 'start_date')).toMatchObject({ refused: 'usedBy', values: { kind: 'validation', n: 1 } });
  });

  it('visibility, clear-on-change effect and computed product/sum pass the checker', () => {
    let source = ok(addField(sources.purchase, { name: 'qty', type: 'number', labels: tri('Qty') }));
    source = ok(addField(source, { name: 'unit_price', type: 'money', labels: tri('Unit price') }));
    source = ok(addField(source, { name: 'amount', type: 'money', labels: tri('Amount') }));
    source = ok(setVisibility(source, 'unit_price', { kind: 'greaterThan', field: 'qty', value: 0 }));
    source = ok(addClearEffect(source, 'qty', ['unit_price']));
    source = ok(setComputed(source, { kind: 'product', field: 'amount', factors: ['qty', 'unit_price'], currency: 'currency_id' }));
    expect(source.rules.effects!.at(-1)).toEqual({ on: 'qty', set: { unit_price: null } });
    expect(source.rules.computed!.at(-1)).toEqual({ field: 'amount', value: { round_currency: [{ '*': [{ to_number: [{ var: 'qty' }] }, { to_number: [{ var: 'unit_price' }] }] }, { var: 'currency_id' }] } });
    expect(problemsWith(source)).toEqual([]);
    const runtime = createRuntime(compileModules(filesFromSources({ ...sources, purchase: source }, baseLocales(disk, Object.keys(sources)))).modules.purchase);
    expect(runtime.computeAll({ qty: 3, unit_price: 1.005, currency_id: 'JPY' }, {}).amount).toBe(3);
  });
});

describe('item lists and new modules', () => {
  it('an item list creates the sub-form and the list with item amount (qty × price) and form total; both pass the checker', () => {
    const result = addItemList(sources.purchase, {
      name: 'travel_legs', labels: tri('Travel legs'), itemTitles: tri('Leg {{n}}'),
      fields: [
        { name: 'route', type: 'text', labels: tri('Route'), required: true, requiredMessages: tri('Enter the route') },
        { name: 'qty', type: 'number', labels: tri('Tickets') },
        { name: 'price', type: 'money', labels: tri('Price') },
      ],
      itemTotal: { name: 'amount', labels: tri('Amount'), product: ['qty', 'price'] },
      formTotal: { name: 'legs_total', labels: tri('Legs total') },
      requiredMessages: tri('Add a leg'),
      after: 'department_id',
    });
    if (!('source' in result)) throw new Error(JSON.stringify(result));
    const { source, subForm } = result.source;
    expect(subForm.uiSchema['ui:module']).toMatchObject({ kind: 'subform' });
    expect(props(source).travel_legs).toEqual({ type: 'array', default: [], maxItems: 100, items: { $ref: 'purchase-travel-legs' } });
    expect(source.rules.validations).toContainEqual({ each: 'travel_legs' });
    expect(problemsWith(source, subForm)).toEqual([]);
    const compiled = compileModules(filesFromSources({ ...sources, purchase: source, [subForm.code]: subForm }, baseLocales(disk, [...Object.keys(sources), subForm.code]))).modules;
    expect(createRuntime(compiled[subForm.code]).computeAll({ qty: 2, price: 10.505 }, {}).amount).toBe(21.01);
    // The list's rows already lead with the route (the first text field); a later text field does not replace it.
    const summary = (source.uiSchema.travel_legs as { 'ui:options': { summary: Array<{ field: string }> } })['ui:options'].summary;
    expect(summary.map((l) => l.field)).toEqual(['route', 'amount']);
    const bare = addItemList(sources.purchase, { name: 'legs', labels: tri('Legs'), itemTitles: tri('Leg {{n}}'), fields: [], itemTotal: { name: 'amount', labels: tri('Fare') }, formTotal: { name: 'legs_total', labels: tri('Total') } });
    if (!('source' in bare)) throw new Error(JSON.stringify(bare));
    const withRoute = ok(addField(bare.source.subForm, { name: 'route', type: 'text', labels: tri('Route') }));
    const summarized = summarizeItemField(bare.source.source, withRoute, 'route');
    expect((summarized.uiSchema.legs as { 'ui:options': { summary: Array<{ field: string }> } })['ui:options'].summary.map((l) => l.field)).toEqual(['route', 'amount']);
    expect(summarizeItemField(summarized, ok(addField(withRoute, { name: 'note', type: 'text', labels: tri('Note') })), 'note')).toBe(summarized);
    expect(problemsWith(summarized, withRoute)).toEqual([]);
    expect(createRuntime(compiled.purchase).computeAll({ currency_id: null, travel_legs: [{ amount: 21.01 }, { amount: 4 }], purchase_goods: [] }, {}).legs_total).toBe(25.01);
  });

  it('a blank module has the company, finance forwarding, the wrapper fields in order and one step; it passes the checker', () => {
    const blank = blankModule('business-trip', tri('Business trip'), ['is_company_authorizer']);
    expect(blank.uiSchema['ui:order']).toEqual(['company_id', 'user_finances', 'bypass', 'save_approvers', 'send_notification_first_approval', 'approvals']);
    expect(blank.process!.steps).toHaveLength(1);
    expect(problemsWith(blank)).toEqual([]);
    expect(problemsWith(blankModule('business-trip', tri('Business trip')))).toEqual([]);
  });
});
