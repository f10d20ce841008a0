import { describe, expect, it } from 'vitest';
import { invoiceRegistrationProblem } from '../../src/engine';
import { evaluate } from '../../src/engine/rules/evaluate';

/**
 * Published corporate numbers (国税庁 法人番号公表サイト): Toyota Motor Corporation, the National
 * Tax Agency itself, Sony Group Corporation.
 */
const PUBLISHED = ['1180301018771', '7000012050002', '5010401067252'];

/** The digit at the front changed to every other value: always a wrong check digit. */
const otherCheckDigits = (number: string) => [...'0123456789'].filter((d) => d !== number[0]).map((d) => `T${d}${number.slice(1)}`);

describe('qualified-invoice registration numbers', () => {
  it.each(PUBLISHED)('accepts T + the published corporate number %s', (number) => {
    expect(invoiceRegistrationProblem(`T${number}`)).toBeNull();
    expect(evaluate({ invoice_registration_problem: [{ var: 'no' }] }, { no: `T${number}` })).toBeNull();
  });

  it.each(PUBLISHED)('refuses every other check digit in front of %s', (number) => {
    for (const wrong of otherCheckDigits(number)) expect(invoiceRegistrationProblem(wrong)).toBe('checkDigit');
  });

  it('computes a check digit of 9 when the weighted sum is a multiple of 9 (remainder 0)', () => {
    // 000000000009: P1 = 9, weight 1, sum 9 → 9 − 0 = 9.
    expect(invoiceRegistrationProblem('T9000000000009')).toBeNull();
    expect(invoiceRegistrationProblem('T0000000000009')).toBe('checkDigit');
  });

  it.each([
    ['without T', '1180301018771'], ['lower-case t', 't1180301018771'], ['12 digits', 'T118030101877'],
    ['14 digits', 'T11803010187710'], ['a space', 'T1180301018771 '], ['a hyphen', 'T1-180301018771'],
    ['full-width digits', 'T１１８０３０１０１８７７１'], ['empty', ''], ['null', null], ['a number', 1180301018771],
  ])('refuses %s as a format problem', (_label, value) => {
    expect(invoiceRegistrationProblem(value)).toBe('format');
  });

  it('tells the currency code of an id from the rule context, or passes a code through', () => {
    expect(evaluate({ currency_code: ['CNY'] }, {})).toBe('CNY');
    expect(evaluate({ currency_code: [99] }, {})).toBeNull();
  });
});
