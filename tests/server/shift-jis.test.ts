import { describe, expect, it } from 'vitest';
import { decodeShiftJis, encodeShiftJis } from '../../server/records/shift-jis';

const hex = (text: string) => encodeShiftJis(text).bytes.toString('hex');

describe('Shift_JIS (CP932) as Windows writes it', () => {
  it('writes the IBM extension code for NEC-selected IBM duplicates (as Windows does)', () => {
    expect(hex('纊')).toBe('fa5c');
    expect(hex('ⅰ')).toBe('fa40');
    expect(hex('￤')).toBe('fa55');
    expect(hex('髙')).toBe('fbfc');
    expect(hex('﨑')).toBe('fab1');
  });
  it('writes the JIS X 0208 code for NEC row 13 duplicates, and row 13 for its own characters', () => {
    expect(hex('∵')).toBe('81e6');
    expect(hex('≒')).toBe('81e0');
    expect(hex('￢')).toBe('81ca');
    expect(hex('Ⅰ')).toBe('8754');
    expect(hex('①')).toBe('8740');
    expect(hex('㈱')).toBe('878a');
  });
  it('counts characters CP932 lacks, written as ?', () => {
    const out = encodeShiftJis('a😀b−c');
    expect(out.unmappable).toBe(2);
    expect(decodeShiftJis(out.bytes)).toBe('a?b?c');
  });
  it('reads back what it wrote', () => {
    const text = '旅費交通費,㈱ニッポン,髙橋\r\n';
    expect(decodeShiftJis(encodeShiftJis(text).bytes)).toBe(text);
  });
});
