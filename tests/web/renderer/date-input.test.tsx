/**
 * One date input (spec: dates entered and shown YYYY/MM/DD in every language): `DateInput` shows
 * and takes `YYYY/MM/DD` in en, ja and zh, stores `YYYY-MM-DD`, and no screen renders the
 * browser's own date input (mm/dd/yyyy or another locale's order) as a text field.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DateInput } from '../../../src/renderer';
import { renderWithHost } from '../test-host';

function Harness({ start, changes }: { start: string; changes: Array<string | undefined> }) {
  const [value, setValue] = useState(start);
  return <DateInput label="Export from" value={value} onChange={(next) => { changes.push(next); setValue(next ?? ''); }} />;
}

describe('DateInput', () => {
  for (const language of ['en', 'ja', 'zh'] as const) {
    it(`shows and takes YYYY/MM/DD in ${language}, stores YYYY-MM-DD`, async () => {
      const changes: Array<string | undefined> = [];
      const { user } = renderWithHost(<Harness start="2026-11-01" changes={changes} />, { language });
      const box = screen.getByRole('textbox', { name: 'Export from' }) as HTMLInputElement;
      expect(box.value).toBe('2026/11/01');
      expect(box.placeholder).toBe('YYYY/MM/DD');
      await user.clear(box);
      await user.type(box, '2026/12/31');
      expect(changes.at(-1)).toBe('2026-12-31');
      expect(box.value).toBe('2026/12/31');
    });
  }

  it('has no calendar button when disabled', () => {
    renderWithHost(<DateInput label="From" value="2026-11-01" disabled onChange={() => undefined} />);
    expect((screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement).disabled).toBe(true);
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });
});

describe('the browser date input', () => {
  it('is used by DateInput alone (its calendar button), nowhere as a field of its own', () => {
    const root = join(__dirname, '../../../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const users = files.filter((file) => /type=["']date["']|type:\s*["']date["']/.test(readFileSync(file, 'utf8'))).map((file) => file.slice(root.length + 1));
    expect(users).toEqual(['renderer/theme/DateInput.tsx']);
  });
});
