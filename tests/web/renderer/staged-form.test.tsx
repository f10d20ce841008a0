import { describe, expect, test } from 'vitest';
import { Profiler } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { screenfulFrom } from '../../../src/renderer/form/staged-fields';
import { renderWithHost } from '../test-host';
import { fieldModule } from './field-module';

const COUNT = 40;
const names = Array.from({ length: COUNT }, (_, i) => `f${String(i + 1).padStart(2, '0')}`);
const longModule = () =>
  fieldModule(
    Object.fromEntries(names.map((name) => [name, { type: ['string', 'null'] }])),
    Object.fromEntries(names.map((name) => [name, { 'ui:widget': 'text' }])),
    Object.fromEntries(names.map((name, i) => [name, { label: `Field ${i + 1}` }])),
  );
const fieldInputs = () => names.filter((_, i) => screen.queryByLabelText(`Field ${i + 1}`) !== null).length;

/** The number of the form's fields in the document at each commit. */
function renderCounting(staged: boolean) {
  const counts: number[] = [];
  const view = renderWithHost(
    <Profiler id="form" onRender={() => counts.push(fieldInputs())}>
      <ModuleForm module={longModule()} context={{ currencies: [], steps: [] }} onSubmit={async () => undefined} staged={staged} />
    </Profiler>,
  );
  return { ...view, counts };
}

describe('staged form (a form opened by a tap renders its first screen first)', () => {
  test('the first commit holds the first screen of fields, later commits add the rest in order, and every field ends up rendered', async () => {
    const { counts, user, container } = renderCounting(true);
    await waitFor(() => expect(container.querySelector('form')?.getAttribute('aria-busy')).toBeNull());
    expect(fieldInputs()).toBe(COUNT);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[0]).toBeLessThan(COUNT);
    expect(counts.at(-1)).toBe(COUNT);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]);
    // In UI-schema order, and usable: the last field takes input.
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, '').trim()).filter((text) => text?.startsWith('Field '));
    expect(labels).toEqual(names.map((_, i) => `Field ${i + 1}`));
    await user.type(screen.getByLabelText(`Field ${COUNT}`), 'last');
    expect((screen.getByLabelText(`Field ${COUNT}`) as HTMLInputElement).value).toBe('last');
  });

  test('without staging the first commit holds every field', () => {
    const { counts } = renderCounting(false);
    expect(counts[0]).toBe(COUNT);
  });

  test('a screenful: fields until the guessed heights fill the screen, at least one, none past the end', () => {
    expect(screenfulFrom([66, 66, 66, 66], 0, 150)).toBe(3);
    expect(screenfulFrom([66, 66, 66, 66], 3, 150)).toBe(4);
    expect(screenfulFrom([500, 66], 0, 150)).toBe(1);
    expect(screenfulFrom([0, 0, 66, 66], 0, 60)).toBe(3);
    expect(screenfulFrom([66], 1, 150)).toBe(1);
  });
});
