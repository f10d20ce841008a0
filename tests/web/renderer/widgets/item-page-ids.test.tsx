import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileModules, type CompiledModule, type DefinitionFiles } from '../../../../src/engine';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { createTestHost, Providers } from './widget-host';

// Issue 31 item 12: an item page opens over its parent form, which stays mounted. Both forms
// here have a `note` field (as a purchase and its goods both have fields alike).
const en = {
  orders: { title: 'Orders', note: { label: 'Order note' }, lines: { label: 'Lines', itemTitle: 'Line {{n}}' } },
  'order-line': { title: 'Order line', note: { label: 'Line note' }, lines: { label: 'Sub-lines' } },
};

function ordersModule(): CompiledModule {
  const files: DefinitionFiles = {
    schemas: {
      orders: {
        $id: 'orders',
        type: 'object',
        properties: { note: { type: ['string', 'null'] }, lines: { type: 'array', default: [], items: { $ref: 'order-line' } } },
      },
      'order-line': { $id: 'order-line', type: 'object', properties: { index: { type: 'integer' }, note: { type: ['string', 'null'] } } },
    },
    uiSchemas: {
      orders: {
        'ui:module': { kind: 'module', title: 'orders.title', submitPath: '/buffer/orders', editable: false, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] } },
        'ui:order': ['note', 'lines'],
        note: { 'ui:widget': 'text' },
        lines: { 'ui:field': 'ItemList', 'ui:options': { subForm: 'order-line', itemTitle: 'orders.lines.itemTitle', summary: [{ label: 'order-line.note.label', field: 'note', format: 'text' }] } },
      },
      'order-line': {
        'ui:module': { kind: 'subform', title: 'order-line.title', detailCard: { sections: [] } },
        'ui:order': ['note', 'index'],
        note: { 'ui:widget': 'text' },
        index: { 'ui:widget': 'hidden' },
      },
    },
    rules: {},
    locales: { en, ja: en, zh: en },
  };
  const { modules, problems } = compileModules(files);
  if (!modules.orders) throw new Error(`orders did not compile: ${JSON.stringify(problems)}`);
  return modules.orders;
}

function duplicateIds(): string[] {
  const ids = [...document.querySelectorAll('[id]')].map((node) => node.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

describe('an item page over its form', () => {
  it('names its inputs by its own labels, and no id is in the document twice', async () => {
    const host = createTestHost(() => undefined);
    render(
      <Providers host={host}>
        <ModuleForm module={ordersModule()} onSubmit={async () => undefined} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add more' }));
    const page = await screen.findByRole('region', { name: 'page: Line 1' });

    const input = within(page).getByLabelText('Line note');
    expect(page.contains(input)).toBe(true);
    expect(within(page).getByRole('textbox', { name: 'Line note' })).toBe(input);
    await user.type(input, 'blue');
    expect((input as HTMLInputElement).value).toBe('blue');
    // The form behind keeps its own field, empty and named by its own label.
    expect((screen.getByLabelText('Order note') as HTMLInputElement).value).toBe('');
    expect(duplicateIds()).toEqual([]);
  });
});
