import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { addField, addValidation, blankModule, type ModuleSource } from '../../../src/engine';
import { meaningDiff } from '../../../src/app/pages/studio/meaning-diff';
import { plainMessage, plainWhere } from '../../../src/app/pages/studio/plain-problem';
import { fieldRows, specOfField } from '../../../src/app/pages/studio/builder/field-rows';

const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });
const ok = (r: { source: ModuleSource } | { refused: string }) => {
  if (!('source' in r)) throw new Error(r.refused);
  return r.source;
};
/** A t that shows the key and its values, to see which sentence was chosen. */
const t = ((key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`) as unknown as TFunction;

describe('the diff of meaning', () => {
  const base = blankModule('trip', tri('Trip'));
  it('ignores key order and formatting', () => {
    const reordered = JSON.parse(JSON.stringify(base, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) as ModuleSource;
    expect(meaningDiff(base, reordered)).toEqual([]);
  });
  it('names fields, rules and texts added, steps changed', () => {
    let after = ok(addField(base, { name: 'purpose', type: 'text', labels: tri('Purpose'), required: true, requiredMessages: tri('Enter the purpose') }));
    after = ok(addValidation(after, { field: 'purpose', when: { kind: 'longerThan', field: 'purpose', value: 5 }, name: 'purposeShort', messages: tri('Shorter') }));
    after = { ...after, process: { steps: [{ ...after.process!.steps[0], optional: true }] } };
    const changes = meaningDiff(base, after);
    expect(changes).toEqual(expect.arrayContaining([
      { area: 'fields', change: 'added', name: 'purpose' },
      { area: 'rules', change: 'added', name: 'validation trip.messages.purpose_required' },
      { area: 'rules', change: 'added', name: 'validation trip.messages.purposeShort' },
      { area: 'steps', change: 'changed', name: 'p-manager' },
      { area: 'texts', change: 'added', name: 'ja: purpose.label' },
    ]));
    expect(changes.filter((c) => c.change === 'removed')).toEqual([]);
  });
});

describe('plain-language checker messages', () => {
  it.each([
    ['must match pattern "^[a-z][a-z0-9-]{0,63}$"', 'studio.plain.code{"max":64}'],
    ['must be equal to one of the allowed values (authorizer, finance)', 'studio.plain.enum{"allowed":"authorizer, finance"}'],
    ["must have required property 'names'", 'studio.plain.required{"name":"names"}'],
    ['must be integer', 'studio.plain.type{"type":"studio.plain.types.integer"}'],
    ['"x" is not a field of the schema', '"x" is not a field of the schema'],
  ])('%s → %s', (raw, plain) => {
    expect(plainMessage(t, raw)).toBe(plain);
  });
  it('says where, step by number', () => {
    expect(plainWhere(t, '/process/steps/0/roles/1')).toBe('studio.parts.process{"defaultValue":"process"} › studio.plain.step{"n":1} › roles › 2');
  });
});

describe('builder field rows', () => {
  it('fold a date range into one row and read a field back as the spec that made it', () => {
    const spec = { name: 'trip', type: 'dateRange' as const, labels: tri('Trip'), required: true, requiredMessages: tri('Dates'), rangeMessages: tri('End after start') };
    const source = ok(addField(blankModule('bt', tri('Trip')), spec));
    const row = fieldRows(source).find((r) => r.name === 'trip')!;
    expect(row).toMatchObject({ type: 'dateRange', required: true, labels: tri('Trip') });
    expect(specOfField(source, row)).toMatchObject({ name: 'trip', type: 'dateRange', labels: tri('Trip'), requiredMessages: tri('Dates'), rangeMessages: tri('End after start') });
  });
});
