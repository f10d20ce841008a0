/**
 * The builder's suggested texts (issue #32, the ≤ 60-action trial): what the analyst typed writes
 * the rest — data names, required and range messages, a picker's label, an item list's texts — and
 * each follows its source only until the analyst edits it.
 */
import { describe, expect, it } from 'vitest';
import { askMessages, follow, followTexts, itemListTexts, nameFromLabel, stepCodeFromName, suggestField, widgetValue, SERVER_PICKERS, type FieldSpec } from '../../src/engine';

const empty = { en: '', ja: '', zh: '' };
const spec = (change: Partial<FieldSpec> = {}): FieldSpec => ({ name: '', type: 'text', labels: { ...empty }, requiredMessages: { ...empty }, ...change });

describe('names and codes from labels', () => {
  it('makes a data name of the English label\'s words', () => {
    expect(nameFromLabel('Itinerary (PDF)')).toBe('itinerary_pdf');
    expect(nameFromLabel('  Travel legs ')).toBe('travel_legs');
    expect(nameFromLabel('Café déjà vu')).toBe('cafe_deja_vu');
    expect(nameFromLabel('2nd stop')).toBe('nd_stop');
    expect(nameFromLabel('出張')).toBe('');
  });
  it('makes a step code of the English step name', () => {
    expect(stepCodeFromName('Director approval')).toBe('p-director-approval');
    expect(stepCodeFromName('')).toBe('');
  });
});

describe('messages in each language from the label in that language', () => {
  it('asks to enter, select, attach or add, keeping acronyms', () => {
    expect(askMessages('enter', { en: 'Trip', ja: '出張期間', zh: '出差期间' })).toEqual({ en: 'Please enter trip', ja: '出張期間を入力してください', zh: '请输入出差期间' });
    expect(askMessages('attach', { en: 'PDF itinerary', ja: '', zh: '行程单' })).toEqual({ en: 'Please attach PDF itinerary', ja: '', zh: '请附上行程单' });
  });
  it('writes an item list\'s texts from its label', () => {
    expect(itemListTexts({ en: 'Travel legs', ja: '移動', zh: '行程' })).toEqual({
      itemTitles: { en: 'Travel legs {{n}}', ja: '移動 {{n}}', zh: '行程 {{n}}' },
      amount: { en: 'Amount', ja: '金額', zh: '金额' },
      total: { en: 'Travel legs total', ja: '移動合計', zh: '行程合计' },
      requiredMessages: { en: 'Please add travel legs', ja: '移動を追加してください', zh: '请添加行程' },
    });
  });
});

describe('suggestions follow their source until edited', () => {
  it('follow replaces a still-suggested value, never an edited (or emptied) one', () => {
    expect(follow('', '', 'b')).toBe('b');
    expect(follow('', 'a', 'b')).toBe('');
    expect(follow('a', 'a', 'b')).toBe('b');
    expect(follow('mine', 'a', 'b')).toBe('mine');
  });

  it('followTexts follows each language on its own', () => {
    expect(followTexts({ en: 'mine', ja: 'a', zh: '' }, { en: 'a', ja: 'a', zh: 'a' }, { en: 'b', ja: 'b', zh: 'b' })).toEqual({ en: 'mine', ja: 'b', zh: '' });
  });

  it('a new field\'s name and required message follow the label; an edited message stays', () => {
    let s = spec({ required: true });
    s = suggestField(s, { ...s, labels: { en: 'Trip', ja: '', zh: '' } }, true);
    expect(s.name).toBe('trip');
    expect(s.requiredMessages?.en).toBe('Please enter trip');
    s = suggestField(s, { ...s, labels: { ...s.labels, en: 'Trip dates' } }, true);
    expect([s.name, s.requiredMessages?.en]).toEqual(['trip_dates', 'Please enter trip dates']);
    s = suggestField(s, { ...s, requiredMessages: { ...s.requiredMessages!, en: 'When do you travel?' } }, true);
    s = suggestField(s, { ...s, labels: { ...s.labels, en: 'Travel dates' } }, true);
    expect([s.name, s.requiredMessages?.en]).toEqual(['travel_dates', 'When do you travel?']);
  });

  it('an existing field keeps its name', () => {
    const s = spec({ name: 'trip', labels: { en: 'Trip', ja: 'x', zh: 'y' } });
    expect(suggestField(s, { ...s, labels: { ...s.labels, en: 'Journey' } }, false).name).toBe('trip');
  });

  it('a picker takes its list\'s label; choosing another list changes it until the label is edited', () => {
    const currency = SERVER_PICKERS.find((p) => widgetValue(p)?.labels?.en === 'Currency')!;
    const other = SERVER_PICKERS.find((p) => p !== currency)!;
    let s = spec({ required: true });
    s = suggestField(s, { ...s, type: 'picker', picker: other }, true);
    expect(s.labels).toEqual(widgetValue(other)!.labels);
    s = suggestField(s, { ...s, picker: currency }, true);
    expect(s.labels).toEqual({ en: 'Currency', ja: '通貨', zh: '币种' });
    expect([s.name, s.requiredMessages?.ja]).toEqual(['currency', '通貨を選択してください']);
    s = suggestField(s, { ...s, labels: { ...s.labels, en: 'Paid in' } }, true);
    s = suggestField(s, { ...s, picker: other }, true);
    expect(s.labels.en).toBe('Paid in');
  });

  it('every builder picker has a label in every language', () => {
    for (const picker of SERVER_PICKERS) expect(Object.values(widgetValue(picker)?.labels ?? {}).filter(Boolean), picker).toHaveLength(3);
  });

  it('a date range\'s message and an upload\'s document type follow too', () => {
    let s = spec({ type: 'dateRange' });
    s = suggestField(s, { ...s, labels: { en: 'Trip', ja: '出張', zh: '出差' } }, true);
    expect(s.rangeMessages).toEqual({ en: 'Trip: the end must not be before the start', ja: '出張の終了日は開始日以降にしてください', zh: '出差的结束日期不能早于开始日期' });
    let u = spec({ type: 'upload' });
    u = suggestField(u, { ...u, labels: { en: 'Itinerary', ja: '', zh: '' } }, true);
    expect(u.upload).toEqual({ documentType: 'itinerary', accept: ['pdf'], maxFiles: 1 });
    expect(u.requiredMessages?.en).toBe('Please attach itinerary');
  });
});
