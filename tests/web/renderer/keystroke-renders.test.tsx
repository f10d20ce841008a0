import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { compileModules, type CompiledModule, type DefinitionFiles } from '../../../src/engine';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost } from '../test-host';

/** Renders of the theme's text widget, by input id (every render of the widget counts). */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../../src/renderer/theme/text-widgets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/renderer/theme/text-widgets')>();
  return {
    ...original,
    TextWidget: (props: Parameters<typeof original.TextWidget>[0]) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return original.TextWidget(props);
    },
  };
});

/** A module with an inline list of rows (name, price) and a computed total of the prices. */
function listModule(): CompiledModule {
  const files: DefinitionFiles = {
    schemas: {
      rows: {
        $id: 'rows', type: 'object',
        properties: {
          title: { type: 'string' },
          total: { type: 'number' },
          rows: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } } },
        },
      },
    },
    uiSchemas: {
      rows: {
        'ui:module': { kind: 'module', title: 'rows.title', editable: true, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] } },
        title: { 'ui:widget': 'text' },
        total: { 'ui:widget': 'text', 'ui:readonly': true },
        rows: { items: { name: { 'ui:widget': 'text' }, price: { 'ui:widget': 'number' } } },
      },
    },
    rules: { rows: { validations: [], visibility: {}, effects: [], computed: [{ field: 'total', value: { sum: [{ var: 'rows' }, 'price'] } }] } },
    locales: { en: { rows: { title: 'Rows' } }, ja: { rows: { title: 'Rows' } }, zh: { rows: { title: 'Rows' } } },
  };
  const { modules, problems } = compileModules(files);
  if (!modules.rows) throw new Error(JSON.stringify(problems));
  return modules.rows;
}

const initial = { title: 'T', rows: [{ name: 'a', price: 1 }, { name: 'b', price: 2 }, { name: 'c', price: 3 }] };

describe('a keystroke renders the field typed into', () => {
  test('typing into row 1 re-renders row 1 only: not row 2, not the title, not the total it does not change', () => {
    renderWithHost(<ModuleForm module={listModule()} initialData={initial} onSubmit={async () => undefined} />);
    const first = screen.getByDisplayValue('a') as HTMLInputElement;
    expect(first.id).toBe('root_rows_0_name');
    renders.clear();
    fireEvent.change(first, { target: { value: 'ab' } });
    fireEvent.change(first, { target: { value: 'abc' } });
    expect(first.value).toBe('abc');
    expect(renders.get('root_rows_0_name')).toBe(2);
    expect(renders.get('root_rows_1_name')).toBeUndefined();
    expect(renders.get('root_rows_2_name')).toBeUndefined();
    expect(renders.get('root_title')).toBeUndefined();
    expect(renders.get('root_total')).toBeUndefined();
  });

  test('a price change re-renders the total that shows it, and still not the other rows', () => {
    renderWithHost(<ModuleForm module={listModule()} initialData={initial} onSubmit={async () => undefined} />);
    expect((document.getElementById('root_total') as HTMLInputElement).value).toBe('6');
    renders.clear();
    fireEvent.change(document.getElementById('root_rows_0_price') as HTMLInputElement, { target: { value: '10' } });
    expect((document.getElementById('root_total') as HTMLInputElement).value).toBe('15');
    expect(renders.get('root_total')).toBe(1);
    expect(renders.get('root_rows_1_name')).toBeUndefined();
    expect(renders.get('root_rows_0_name')).toBeUndefined();
    expect(renders.get('root_title')).toBeUndefined();
  });
});
