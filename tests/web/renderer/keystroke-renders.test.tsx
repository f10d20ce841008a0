import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { compileModules, type CompiledModule, type DefinitionFiles } from '../../../src/engine';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost } from '../test-host';

/** Renders of the theme's text widget, by input id (every render of the widget counts). */
const renders = vi.hoisted(() => new Map<string, number>());

/** Renders of the form's top-level fields by name (the item list's own field among them). */
const fieldRenders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../../src/renderer/form/PropertyField', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/renderer/form/PropertyField')>();
  return {
    ...original,
    PropertyField: (props: Parameters<typeof original.PropertyField>[0]) => {
      const key = props.path.join('.');
      fieldRenders.set(key, (fieldRenders.get(key) ?? 0) + 1);
      return original.PropertyField(props);
    },
  };
});

/** Renders of field templates (label, error, help around a widget), by field id. */
const templateRenders = vi.hoisted(() => new Map<string, number>());

/** Renders of object fields (an array row's cells), by path. */
const objectRenders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../../src/renderer/theme/FieldTemplate', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/renderer/theme/FieldTemplate')>();
  return {
    ...original,
    FieldTemplate: (props: Parameters<typeof original.FieldTemplate>[0]) => {
      templateRenders.set(props.id, (templateRenders.get(props.id) ?? 0) + 1);
      return original.FieldTemplate(props);
    },
  };
});

vi.mock('../../../src/renderer/form/ObjectFields', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/renderer/form/ObjectFields')>();
  return {
    ...original,
    ObjectFields: (props: Parameters<typeof original.ObjectFields>[0]) => {
      const key = props.path.join('.');
      objectRenders.set(key, (objectRenders.get(key) ?? 0) + 1);
      return original.ObjectFields(props);
    },
  };
});

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
    fieldRenders.clear();
    fireEvent.change(first, { target: { value: 'ab' } });
    fireEvent.change(first, { target: { value: 'abc' } });
    expect(first.value).toBe('abc');
    expect(renders.get('root_rows_0_name')).toBe(2);
    expect(renders.get('root_rows_1_name')).toBeUndefined();
    expect(renders.get('root_rows_2_name')).toBeUndefined();
    expect(renders.get('root_title')).toBeUndefined();
    expect(renders.get('root_total')).toBeUndefined();
    // The list around the row does no work either: each row follows its own item.
    expect(fieldRenders.get('rows')).toBeUndefined();
  });

  test('typing into a cell renders its widget only: not the row, the row’s other cell or the cell’s label and template', () => {
    renderWithHost(<ModuleForm module={listModule()} initialData={initial} onSubmit={async () => undefined} />);
    const first = document.getElementById('root_rows_0_name') as HTMLInputElement;
    expect(objectRenders.get('rows.0')).toBeGreaterThan(0);
    expect(templateRenders.get('root_rows_0_name')).toBeGreaterThan(0);
    renders.clear();
    templateRenders.clear();
    objectRenders.clear();
    fireEvent.change(first, { target: { value: 'ab' } });
    expect(first.value).toBe('ab');
    expect(renders.get('root_rows_0_name')).toBe(1);
    expect(objectRenders.size).toBe(0);
    // (A widget that reads the whole form, such as the approver flow, follows every change by design.)
    expect([...templateRenders.keys()].filter((id) => id.startsWith('root_rows'))).toEqual([]);
    // A price renders the total, and still no row template.
    fireEvent.change(document.getElementById('root_rows_1_price') as HTMLInputElement, { target: { value: '20' } });
    expect((document.getElementById('root_total') as HTMLInputElement).value).toBe('24');
    expect(templateRenders.get('root_rows_0_name')).toBeUndefined();
    expect(templateRenders.get('root_rows_1_name')).toBeUndefined();
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

  test('in a long (windowed) list too: a row edit renders that row and the total, adding a row renders the list', () => {
    const many = { title: 'T', rows: Array.from({ length: 200 }, (_, i) => ({ name: `n${i}`, price: 1 })) };
    renderWithHost(<ModuleForm module={listModule()} initialData={many} onSubmit={async () => undefined} />);
    expect(document.querySelector('[data-virtual-rows="200"]')).not.toBeNull();
    // It opens with a phone screen of rows (two stacked fields, ~141 px each) and half a screen more, not 200.
    const opened = document.querySelectorAll('[data-row]').length;
    expect(opened).toBeGreaterThanOrEqual(Math.ceil(844 / 141));
    expect(opened).toBeLessThanOrEqual(Math.ceil(844 / 141) + Math.ceil(844 / 2 / 141));
    expect((document.getElementById('root_total') as HTMLInputElement).value).toBe('200');
    renders.clear();
    fieldRenders.clear();
    fireEvent.change(document.getElementById('root_rows_0_name') as HTMLInputElement, { target: { value: 'renamed' } });
    fireEvent.change(document.getElementById('root_rows_1_price') as HTMLInputElement, { target: { value: '11' } });
    expect((document.getElementById('root_rows_0_name') as HTMLInputElement).value).toBe('renamed');
    expect((document.getElementById('root_total') as HTMLInputElement).value).toBe('210');
    expect(renders.get('root_rows_0_name')).toBe(1);
    expect(renders.get('root_rows_1_name')).toBeUndefined();
    expect(renders.get('root_rows_2_name')).toBeUndefined();
    expect(renders.get('root_total')).toBe(1);
    expect(fieldRenders.get('rows')).toBeUndefined();
    // Add renders the list (its length changed): the new row is there.
    fireEvent.click(screen.getByRole('button', { name: /add/i }));
    expect(document.querySelector('[data-virtual-rows="201"]')).not.toBeNull();
  });
});
