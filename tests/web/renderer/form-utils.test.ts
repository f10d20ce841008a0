import { describe, expect, test } from 'vitest';
import { clearErrorsAt, errorTreeOf } from '../../../src/renderer/form/errors';
import { enumChoices } from '../../../src/renderer/form/enum-choices';
import { orderedProperties } from '../../../src/renderer/form/ObjectFields';
import { getIn, parsePath, setIn } from '../../../src/renderer/form/paths';
import { resolveWidget } from '../../../src/renderer/form/resolve-widget';
import { topItems } from '../../../src/renderer/cards/ItemsSummary';
import { applyDateMask } from '../../../src/renderer/theme';
import { currencyCodeOf, formatAmount } from '../../../src/renderer/money';

describe('paths', () => {
  test('parsePath reads dot and bracket paths', () => {
    expect(parsePath('purchase_goods.0.qty')).toEqual(['purchase_goods', 0, 'qty']);
    expect(parsePath('purchase_goods[12].budget')).toEqual(['purchase_goods', 12, 'budget']);
  });

  test('setIn copies only the path: untouched rows keep their identity (what lets rows skip rendering)', () => {
    const data = { rows: [{ a: 1 }, { a: 2 }, { a: 3 }], other: { x: 1 } };
    const next = setIn(data, ['rows', 1, 'a'], 20);
    expect(next).not.toBe(data);
    expect(next.rows).not.toBe(data.rows);
    expect(next.rows[0]).toBe(data.rows[0]);
    expect(next.rows[2]).toBe(data.rows[2]);
    expect(next.other).toBe(data.other);
    expect(next.rows[1]).toEqual({ a: 20 });
    expect(data.rows[1]).toEqual({ a: 2 });
    expect(getIn(next, ['rows', 1, 'a'])).toBe(20);
  });

  test('setIn creates missing objects and arrays', () => {
    expect(setIn({}, ['rows', 0, 'a'], 1)).toEqual({ rows: [{ a: 1 }] });
  });
});

describe('errors', () => {
  const tree = errorTreeOf([
    { propertyPath: 'company_id', message: 'Please select company', messageKey: 'k', field: 'company_id' },
    { propertyPath: 'lines[1].name', message: 'Name is required', messageKey: 'k' },
  ]);

  test('violations become a tree shaped like the data', () => {
    expect(tree).toEqual({ company_id: { __errors: ['Please select company'] }, lines: { '1': { name: { __errors: ['Name is required'] } } } });
  });

  test('clearing one path keeps the others (shared)', () => {
    const cleared = clearErrorsAt(tree, ['lines', 1, 'name']);
    expect(cleared.company_id).toBe(tree.company_id);
    expect(cleared).toEqual({ company_id: { __errors: ['Please select company'] }, lines: { '1': {} } });
    expect(clearErrorsAt(tree, ['department_id'])).toBe(tree);
  });
});

describe('field layout', () => {
  test('ui:order with * puts the rest in its place', () => {
    const schema = { properties: { a: {}, b: {}, c: {}, d: {} } };
    expect(orderedProperties(schema, { 'ui:order': ['c', '*', 'a'] })).toEqual(['c', 'b', 'd', 'a']);
    expect(orderedProperties(schema, { 'ui:order': ['d', 'b'] })).toEqual(['d', 'b', 'a', 'c']);
    expect(orderedProperties(schema, undefined)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('widgets are chosen from the UI schema first, then from the schema', () => {
    expect(resolveWidget({ type: 'string' }, { 'ui:widget': 'money' })).toEqual({ name: 'money', explicit: true });
    expect(resolveWidget({ type: 'array' }, { 'ui:field': 'ItemList' })).toEqual({ name: 'ItemList', explicit: true });
    expect(resolveWidget({ type: ['boolean', 'null'] }, undefined)).toEqual({ name: 'checkbox', explicit: false });
    expect(resolveWidget({ type: 'string', enum: ['a'] }, undefined)).toEqual({ name: 'select', explicit: false });
    expect(resolveWidget({ type: 'string', format: 'date' }, undefined)).toEqual({ name: 'date', explicit: false });
    expect(resolveWidget({ type: 'number' }, undefined)).toEqual({ name: 'number', explicit: false });
    expect(resolveWidget({ type: 'array', items: { type: 'string', enum: ['a'] } }, undefined)).toEqual({ name: 'checkboxes', explicit: false });
    expect(resolveWidget({ type: 'array', items: { type: 'object' } }, undefined)).toEqual({ layout: 'array' });
  });

  test('enum labels: ui:enumNames keys, then <field>.options.<value>, then the value itself', () => {
    const t = (key: string) => ({ 'w.kind.options.a': 'Kind A', 'names.b': 'Named B' })[key] ?? key;
    expect(enumChoices({ enum: ['a', 'c', null] }, undefined, 'w.kind', t)).toEqual([
      { value: 'a', label: 'Kind A' },
      { value: 'c', label: 'c' },
    ]);
    expect(enumChoices({ enum: ['a', 'b'] }, { 'ui:enumNames': ['missing', 'names.b'] }, 'w.kind', t)).toEqual([
      { value: 'a', label: 'missing' },
      { value: 'b', label: 'Named B' },
    ]);
    expect(enumChoices({ oneOf: [{ const: 1, title: 'names.b' }] }, undefined, 'w.kind', t)).toEqual([{ value: 1, label: 'Named B' }]);
    expect(enumChoices({ type: 'string' }, undefined, 'w.kind', t)).toBeUndefined();
  });
});

describe('values', () => {
  test('the date mask keeps digits only and inserts dashes', () => {
    expect(applyDateMask('2026')).toBe('2026');
    expect(applyDateMask('20260')).toBe('2026-0');
    expect(applyDateMask('2026-03-051234')).toBe('2026-03-05');
    expect(applyDateMask('ab')).toBe('');
  });

  test('money: currency from a code or an id, JPY without decimals, others up to 2', () => {
    const currencies = [{ id: 2, code: 'JPY' }];
    expect(currencyCodeOf({ currency_id: 2 }, undefined, currencies)).toBe('JPY');
    expect(currencyCodeOf({ c: 'USD' }, 'c', currencies)).toBe('USD');
    expect(currencyCodeOf({}, undefined, currencies)).toBeUndefined();
    expect(formatAmount(1234.5, 'JPY', 'en')).toBe('1,235');
    expect(formatAmount(1234.567, 'CNY', 'en')).toBe('1,234.57');
    expect(formatAmount(1234.5, 'CNY', 'en')).toBe('1,234.5');
    expect(formatAmount(null, 'CNY', 'en')).toBe('');
  });

  test('top items: largest amounts first, ties in list order', () => {
    const items = [{ a: 5 }, { a: 9 }, { a: 5 }, { a: 1 }];
    expect(topItems(items, 'a', 2).map((x) => x.index)).toEqual([1, 0]);
    expect(topItems(items, undefined, 2).map((x) => x.index)).toEqual([0, 1]);
  });
});
