import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, blankModule, type BuilderResult, type ModuleSource } from '../../../src/engine';
import { BuilderPanel } from '../../../src/app/pages/studio/builder/BuilderPanel';
import { dropIndex } from '../../../src/app/pages/studio/builder/use-drag-reorder';
import { createTestI18n } from '../test-host';

// Issue #21: a validation's place in the ordered list (and a field's place in the form) is set by
// dragging its handle — with a mouse, a pen or a finger — or by the arrow keys on the handle.

const tri = (en: string) => ({ en, ja: en, zh: en });
const ok = (r: BuilderResult<ModuleSource>): ModuleSource => {
  if ('refused' in r) throw new Error(r.refused);
  return r.source;
};

function module(): ModuleSource {
  let source = blankModule('trip', tri('Trip'));
  for (const name of ['purpose', 'destination', 'notes']) {
    source = ok(addField(source, { name, type: 'text', labels: tri(name[0].toUpperCase() + name.slice(1)), required: true, requiredMessages: tri(`Enter the ${name}`) }));
  }
  return source;
}

function Host({ initial }: { initial: ModuleSource }) {
  const [source, setSource] = useState(initial);
  return <BuilderPanel forms={[source]} onChange={setSource} onCreateSubForm={() => undefined} />;
}

function renderPanel(initial = module()) {
  return render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <FluentProvider theme={webLightTheme}><Host initial={initial} /></FluentProvider>
    </I18nextProvider>,
  );
}

/** jsdom lays nothing out: give each row of `list` a 40 px box, one under the other. */
function layOut(list: HTMLElement) {
  Array.from(list.children).forEach((row, i) => {
    (row as HTMLElement).getBoundingClientRect = () => ({ top: i * 40, bottom: i * 40 + 40, left: 0, right: 300, width: 300, height: 40, x: 0, y: i * 40, toJSON: () => ({}) });
  });
}


describe('dropIndex', () => {
  const rows = [0, 1, 2, 3].map((i) => ({ top: i * 40, bottom: i * 40 + 40 }));
  it('counts the other rows whose middle is above the pointer', () => {
    expect(dropIndex(0, 10, rows)).toBe(0);
    expect(dropIndex(0, 65, rows)).toBe(1);
    expect(dropIndex(0, 159, rows)).toBe(3);
    expect(dropIndex(3, 0, rows)).toBe(0);
    expect(dropIndex(3, 61, rows)).toBe(2);
    expect(dropIndex(1, 50, rows)).toBe(1);
  });
});

/** The row texts of a list, and the index of the row holding `text`. */
const rowsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').map((row) => row.textContent ?? '');
const indexOf = (list: HTMLElement, text: string) => rowsOf(list).findIndex((row) => row.includes(text));

/** Drags the handle of row `from` of `list` to the viewport height `y` (rows are 40 px, see layOut). */
function drag(list: HTMLElement, from: number, y: number) {
  layOut(list);
  const handle = within(list).getAllByRole('button', { name: /^Drag / })[from];
  fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: from * 40 + 20 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: y });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: y });
}

describe('drag to reorder in the builder', () => {
  it('dragging a validation above another puts it there; the list is the rules file order', () => {
    renderPanel();
    const list = screen.getByRole('list', { name: 'Checks' });
    const purpose = indexOf(list, 'Enter the purpose');
    const notes = indexOf(list, 'Enter the notes');
    expect(purpose).toBeGreaterThanOrEqual(0);
    expect(notes).toBeGreaterThan(purpose);
    drag(list, notes, purpose * 40 + 5);
    expect(indexOf(list, 'Enter the notes')).toBe(purpose);
    expect(indexOf(list, 'Enter the purpose')).toBe(purpose + 1);
  });

  it('a release where it started moves nothing', () => {
    renderPanel();
    const list = screen.getByRole('list', { name: 'Checks' });
    const before = rowsOf(list);
    drag(list, indexOf(list, 'Enter the destination'), indexOf(list, 'Enter the destination') * 40 + 22);
    expect(rowsOf(list)).toEqual(before);
  });

  it('the arrow keys on a handle move a field down and up', () => {
    renderPanel();
    const fields = screen.getByRole('list', { name: 'Fields' });
    const start = indexOf(fields, 'Purpose');
    fireEvent.keyDown(within(fields).getByRole('button', { name: /^Drag Purpose/ }), { key: 'ArrowDown' });
    expect(indexOf(fields, 'Purpose')).toBe(start + 1);
    expect(indexOf(fields, 'Destination')).toBe(start);
    fireEvent.keyDown(within(fields).getByRole('button', { name: /^Drag Purpose/ }), { key: 'ArrowUp' });
    expect(indexOf(fields, 'Purpose')).toBe(start);
  });

  it('dragging a field below the last one places it last', () => {
    renderPanel();
    const fields = screen.getByRole('list', { name: 'Fields' });
    const count = rowsOf(fields).length;
    drag(fields, indexOf(fields, 'Purpose'), count * 40 - 5);
    expect(indexOf(fields, 'Purpose')).toBe(count - 1);
    expect(rowsOf(fields)).toHaveLength(count);
  });
});
