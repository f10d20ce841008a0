/**
 * Issue 32 item 7: an item list made in the builder showed two totals — the list's own and the
 * form's computed total field right after it. The builder's list shows no total of its own (its
 * rows keep their amounts); a list without that option (the demo modules') still shows its total.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { addField, addItemList, blankModule, type ModuleSource } from '../../../src/engine';
import { createTestHost, renderForm } from '../renderer/widgets/widget-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });

function tripWithLegs(): ModuleSource {
  const withCurrency = addField(blankModule('trip', tri('Trip')), { name: 'currency_id', type: 'picker', picker: 'CurrencyPicker', labels: tri('Currency') });
  if (!('source' in withCurrency)) throw new Error(withCurrency.refused);
  const result = addItemList(withCurrency.source, {
    name: 'travel_legs', labels: tri('Legs'), itemTitles: tri('Leg {{n}}'),
    fields: [{ name: 'route', type: 'text', labels: tri('Route') }],
    itemTotal: { name: 'fare', labels: tri('Fare') },
    formTotal: { name: 'total_fare', labels: tri('Total fare') },
  });
  if (!('source' in result)) throw new Error(result.refused);
  return result.source.source;
}

const schema: RJSFSchema = { type: 'object', properties: { travel_legs: { type: 'array', items: { type: 'object', properties: { route: { type: 'string' }, fare: { type: 'number' } } } } } };
const legs = [{ route: 'Tokyo – Osaka', fare: 14000 }, { route: 'Osaka – Tokyo', fare: 14000 }];

describe('an item list shows one total', () => {
  it('the builder\'s list leaves the total to the form\'s total field (rows keep their amounts)', () => {
    const ui = tripWithLegs().uiSchema.travel_legs as { 'ui:options': Record<string, unknown> };
    expect(ui['ui:options'].showTotal).toBe(false);
    renderForm(createTestHost(() => undefined), schema, { travel_legs: { 'ui:field': 'ItemList', 'ui:options': { ...ui['ui:options'], subForm: 'trip-travel-legs' } } }, { travel_legs: legs });
    expect(screen.queryByTestId('root_travel_legs-total')).toBeNull();
    expect(screen.getAllByText('14,000', { exact: false }).length).toBeGreaterThanOrEqual(2);
  });

  it('a list without the option keeps its own total', () => {
    renderForm(createTestHost(() => undefined), schema, { travel_legs: { 'ui:field': 'ItemList', 'ui:options': { subForm: 'trip-travel-legs', totalField: 'fare', summary: [] } } }, { travel_legs: legs });
    expect(screen.getByTestId('root_travel_legs-total').textContent).toContain('28,000');
  });
});
