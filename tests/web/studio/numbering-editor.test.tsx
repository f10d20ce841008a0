import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { NumberingEditor, numberingOf } from '../../../src/app/pages/studio/NumberingEditor';
import type { ModuleNumbering, ModuleSource } from '../../../src/engine';
import { renderWithHost } from '../test-host';

const source = (numbering?: ModuleNumbering): ModuleSource => ({
  code: 'trip', schema: { type: 'object', properties: {} }, uiSchema: { 'ui:module': { kind: 'module', title: 'trip.title', codePrefix: 'TRP', ...(numbering ? { numbering } : {}) } },
  rules: {}, locales: { en: {}, ja: {}, zh: {} }, process: null, attachments: null,
} as unknown as ModuleSource);

function Harness({ start, seen }: { start: ModuleSource; seen: Array<ModuleNumbering | undefined> }) {
  const [draft, setDraft] = useState(start);
  return <NumberingEditor source={draft} onChange={(numbering) => { seen.push(numbering); setDraft(source(numbering)); }} />;
}

/** Issue #36 item 1: the studio edits `ui:module.numbering` in a form, with an example or the reason a format cannot be used. */
describe('the studio\'s numbering form', () => {
  it('writes a format, shows what it gives, and refuses one without {seq}', () => {
    const seen: Array<ModuleNumbering | undefined> = [];
    renderWithHost(<Harness start={source()} seen={seen} />);
    const application = document.querySelector('[data-numbering-format="application"]') as HTMLInputElement;
    fireEvent.change(application, { target: { value: '{company}-{fy}-{module}-{seq:5}' } });
    expect(seen.at(-1)).toEqual({ application: { format: '{company}-{fy}-{module}-{seq:5}' } });
    expect(screen.getByText('Example: RH-2026-TRP-00001')).toBeTruthy();

    fireEvent.change(document.querySelector('[data-numbering-sequence="application"]')!, { target: { value: 'shared' } });
    expect(seen.at(-1)).toEqual({ application: { format: '{company}-{fy}-{module}-{seq:5}', sequence: 'shared' } });

    fireEvent.change(application, { target: { value: '{company}-{fy}' } });
    expect(screen.getByText(/This format cannot be used/)).toBeTruthy();
    // Emptied: the number is removed, and with it the whole block.
    fireEvent.change(application, { target: { value: '' } });
    expect(seen.at(-1)).toBeUndefined();
  });

  it('reads the rules a definition has', () => {
    expect(numberingOf(source({ decision: { format: 'D{seq}' } }))).toEqual({ decision: { format: 'D{seq}' } });
    expect(numberingOf(source())).toEqual({});
  });
});
