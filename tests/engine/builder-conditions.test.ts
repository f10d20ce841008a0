/**
 * The builder's condition operators (one table: the form's choices, the json-logic written, the
 * read-back and the sentences), a step nobody approves refused by the checker, and a field a
 * route condition or another form's computed value uses kept from deletion (issue 32 items 1–3, 6).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addField, addItemList, blankModule, fieldUses, checkDefinitions, conditionLogic, conditionOperators, describeCondition, editField, filesFromSources,
  readCondition, registerConditionOperator, removeField, type Condition, type DefinitionFiles, type ModuleSource, type Problem,
} from '../../src/engine';
import { evaluate } from '../../src/engine/rules/evaluate';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { sourcesFromFiles } from '../../server/definitions/module-source';
import { baseLocales } from '../../server/definitions/definition-store';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';

let disk: DefinitionFiles;
let sources: Record<string, ModuleSource>;
beforeAll(async () => {
  disk = (await loadDefinitionFiles()).files;
  sources = sourcesFromFiles(disk);
});

const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });
function ok<T>(result: { source: T } | { refused: string }): T {
  if (!('source' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.source;
}
function problemsWith(...changed: ModuleSource[]): Problem[] {
  const all = { ...sources, ...Object.fromEntries(changed.map((s) => [s.code, s])) };
  return checkDefinitions(filesFromSources(all, baseLocales(disk, Object.keys(all))), { widgetNames: registryNames, positions: ['head', 'director', 'legal-manager', 'finance-manager'] });
}

describe('condition operators', () => {
  it.each<[Condition, unknown, Record<string, unknown>, boolean]>([
    [{ kind: 'atLeast', field: 'amount', value: 100000 }, { '>=': [{ to_number: [{ var: 'amount' }] }, 100000] }, { amount: 100000 }, true],
    [{ kind: 'atLeast', field: 'amount', value: 100000 }, { '>=': [{ to_number: [{ var: 'amount' }] }, 100000] }, { amount: 99999 }, false],
    [{ kind: 'atMost', field: 'amount', value: 10 }, { '<=': [{ to_number: [{ var: 'amount' }] }, 10] }, { amount: 10 }, true],
    [{ kind: 'between', field: 'amount', value: 10, upper: 20 }, { '<=': [10, { to_number: [{ var: 'amount' }] }, 20] }, { amount: 20 }, true],
    [{ kind: 'between', field: 'amount', value: 10, upper: 20 }, { '<=': [10, { to_number: [{ var: 'amount' }] }, 20] }, { amount: 21 }, false],
    [{ kind: 'blank', field: 'items' }, { blank: [{ var: 'items' }] }, { items: [] }, true],
    [{ kind: 'oneOf', field: 'kind', values: ['air', 'rail'] }, { in: [{ var: 'kind' }, ['air', 'rail']] }, { kind: 'rail' }, true],
  ])('%j writes %j; on %j it holds: %s', (condition, logic, data, holds) => {
    expect(conditionLogic(condition)).toEqual(logic);
    expect(Boolean(evaluate(conditionLogic(condition), data))).toBe(holds);
  });

  it('every operator reads back what it wrote', () => {
    const samples: Record<string, Partial<Condition>> = { number: { value: 7 }, range: { value: 1, upper: 9 }, otherField: { other: 'end_date' }, values: { values: ['a', 2] }, none: {} };
    for (const op of conditionOperators()) {
      const condition = { kind: op.kind, field: 'start_date', ...samples[op.input] } as Condition;
      expect(readCondition(conditionLogic(condition)), op.kind).toEqual(condition);
    }
  });

  it('every required check Add field writes reads back as a condition (a date range\'s ends: "is not a date")', () => {
    let source = blankModule('trip', tri('Trip'));
    for (const type of ['text', 'number', 'date', 'dateRange', 'select', 'checkbox', 'picker', 'upload'] as const) {
      source = ok(addField(source, {
        name: `f_${type.toLowerCase()}`, type, labels: tri(type), required: true, requiredMessages: tri(`need ${type}`), rangeMessages: tri('end after start'),
        ...(type === 'select' ? { options: [{ value: 'a', labels: tri('A') }] } : {}), ...(type === 'picker' ? { picker: 'CurrencyPicker' } : {}),
        ...(type === 'upload' ? { upload: { documentType: 'receipt', accept: ['pdf'], maxFiles: 1 } } : {}),
      }));
    }
    const written = (source.rules.validations ?? []).flatMap((rule) => ('when' in rule && rule.field.startsWith('f_') ? [rule] : []));
    expect(written.length).toBeGreaterThan(8);
    // Each reads back: the required checks, and the date range's end-before-start check (two fields: its own operator).
    for (const rule of written) expect(readCondition(rule.when), JSON.stringify(rule.when)).not.toBeNull();
    expect(written.filter((rule) => readCondition(rule.when)?.kind === 'notDate').map((rule) => rule.field)).toEqual(['f_date', 'f_daterange_start', 'f_daterange_end']);
  });

  it('a condition no operator writes is a sentence naming its fields, never json-logic', () => {
    expect(readCondition({ '>': [{ var: 'a' }, { var: 'b' }] })).toBeNull();
    expect(describeCondition({ and: [conditionLogic({ kind: 'atLeast', field: 'amount', value: 5 }), { '==': [{ var: 'kind' }, { var: 'other' }] }] })).toEqual({
      key: 'and', parts: [{ key: 'atLeast', values: { field: 'amount', value: 5 } }, { key: 'custom', values: { field: '', fields: ['kind', 'other'] } }],
    });
  });

  it('a toy operator added to the table is written, read back and described without other edits', () => {
    const remove = registerConditionOperator({ kind: 'isZero', input: 'none', logic: (c) => ({ '==': [{ to_number: [{ var: c.field }] }, 0] }) });
    try {
      const condition = { kind: 'isZero', field: 'amount' };
      expect(conditionOperators().map((op) => op.kind)).toContain('isZero');
      expect(readCondition(conditionLogic(condition))).toEqual(condition);
      expect(describeCondition(conditionLogic(condition))).toEqual({ key: 'isZero', values: { field: 'amount' } });
      expect(() => registerConditionOperator({ kind: 'atLeast', input: 'number', logic: () => true })).toThrow(/already registered/);
    } finally {
      remove();
    }
    expect(readCondition({ '==': [{ to_number: [{ var: 'amount' }] }, 0] })).toBeNull();
  });
});

describe('who approves a step', () => {
  it('the blank module\'s manager step is approved by the head of the requester\'s department, and passes the checker', () => {
    const blank = blankModule('business-trip', tri('Business trip'));
    expect(blank.process!.steps[0]).toMatchObject({ code: 'p-manager', approvers: [{ position: 'head', of: 'requester' }] });
    expect(problemsWith(blank)).toEqual([]);
  });

  it('a mandatory step with no approver rule and no roles is a problem naming the step; roles, a rule or optional are not', () => {
    const blank = blankModule('business-trip', tri('Business trip'));
    const step = { code: 'p-director', names: { en: 'Director approval', ja: '部長承認', zh: '总监审批' } };
    const withStep = (extra: object) => ({ ...blank, process: { steps: [blank.process!.steps[0], { ...step, ...extra }] } });
    expect(problemsWith(withStep({ roles: [] })).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/steps/1: nobody is set to approve step "p-director": add an approver rule (who approves), tick the roles the requester chooses among, or make the step optional',
    ]);
    expect(problemsWith(withStep({ roles: [], optional: true }))).toEqual([]);
    expect(problemsWith(withStep({ approvers: [{ position: 'director', of: 'requester' }] }))).toEqual([]);
    expect(problemsWith({ ...withStep({ roles: ['authorizer'] }), process: { steps: [{ ...blank.process!.steps[0] }, { code: 'p-check', names: tri('Check'), roles: ['authorizer'] }] } })).toEqual([]);
  });
});

describe('a field something else uses is not deleted', () => {
  it('a route step\'s condition', () => {
    let source = ok(addField(blankModule('business-trip', tri('Business trip')), { name: 'amount', type: 'money', labels: tri('Amount') }));
    source = { ...source, process: { steps: [...source.process!.steps, { code: 'p-director', names: tri('Director'), approvers: [{ position: 'director', of: 'requester' }], when: conditionLogic({ kind: 'atLeast', field: 'amount', value: 100000 }) }] } };
    expect(removeField(source, 'amount')).toEqual({ refused: 'usedBy', values: { name: 'amount', kind: 'route', n: 2, about: 'p-director' } });
    expect(editField(source, 'amount', { name: 'total', type: 'money', labels: tri('Amount') })).toMatchObject({ refused: 'usedBy', values: { kind: 'route' } });
  });

  it('an item form\'s computed value reading the parent\'s currency, and the parent\'s total adding up an item field', () => {
    const base = ok(addField(blankModule('business-trip', tri('Business trip')), { name: 'currency_id', type: 'picker', picker: 'CurrencyPicker', labels: tri('Currency') }));
    const result = addItemList(base, {
      name: 'travel_legs', labels: tri('Travel legs'), itemTitles: tri('Leg {{n}}'), currencyField: 'currency_id',
      fields: [{ name: 'qty', type: 'number', labels: tri('Tickets') }, { name: 'price', type: 'money', labels: tri('Price') }],
      itemTotal: { name: 'amount', labels: tri('Amount'), product: ['qty', 'price'] },
      formTotal: { name: 'legs_total', labels: tri('Legs total') },
    });
    if (!('source' in result)) throw new Error(JSON.stringify(result));
    const { source, subForm } = result.source;
    expect(fieldUses(source, ['currency_id'], [subForm])).toContainEqual({ kind: 'computed', n: 1, about: 'amount', form: subForm.code });
    expect(removeField(subForm, 'amount', [source])).toEqual({ refused: 'usedBy', values: { name: 'amount', kind: 'computed', n: 1, about: 'legs_total', form: 'business-trip' } });
    expect(removeField(subForm, 'qty', [source])).toMatchObject({ refused: 'usedBy', values: { kind: 'computed', about: 'amount' } });
    expect('source' in removeField(source, 'legs_total', [subForm])).toBe(true);
  });
});

describe('editing a field keeps its visibility', () => {
  it('a hand-written visibility condition the form cannot show stays when the field is edited', () => {
    let source = ok(addField(blankModule('business-trip', tri('Business trip')), { name: 'amount', type: 'money', labels: tri('Amount') }));
    source = ok(addField(source, { name: 'note', type: 'text', labels: tri('Note') }));
    const custom = { '>': [{ var: 'amount' }, { var: 'company_id' }] };
    source = { ...source, rules: { ...source.rules, visibility: { note: custom } } };
    const edited = ok(editField(source, 'note', { name: 'note', type: 'text', labels: tri('Remark'), maxLength: 50 }));
    expect(edited.rules.visibility).toEqual({ note: custom });
  });
});
