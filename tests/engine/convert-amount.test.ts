import { describe, expect, it } from 'vitest';
import { convertAmount, exchangeFields } from '../../src/engine';

describe('convertAmount', () => {
  it('multiplies exactly in decimal and rounds at the minor unit by the rule', () => {
    // 0.125 is a tie at 2 decimals: half-up away from zero, half-even to the even neighbour, down cuts.
    expect(convertAmount(1, 0.125, 2, 'half_up')).toBe(0.13);
    expect(convertAmount(1, 0.125, 2, 'half_even')).toBe(0.12);
    expect(convertAmount(1, 0.135, 2, 'half_even')).toBe(0.14);
    expect(convertAmount(1, 0.129, 2, 'down')).toBe(0.12);
    // Binary fractions do not leak in: 1.005 × 1 is a tie at 2 decimals, not 1.00499….
    expect(convertAmount(1.005, 1, 2, 'half_up')).toBe(1.01);
    expect(convertAmount(10_000_000, 150.2555, 0, 'half_up')).toBe(1_502_555_000);
    expect(convertAmount(1234.5, 150.2555, 0, 'half_up')).toBe(185490);
    expect(convertAmount(1234.5, 150.2555, 0, 'down')).toBe(185490);
    expect(convertAmount(3, 0.5, 0, 'half_up')).toBe(2);
    expect(convertAmount(3, 0.5, 0, 'half_even')).toBe(2);
    expect(convertAmount(5, 0.5, 0, 'half_even')).toBe(2);
    expect(convertAmount(5, 0.5, 0, 'down')).toBe(2);
  });

  it('rounds a negative amount symmetrically and answers null for what it cannot convert', () => {
    expect(convertAmount(-1, 0.125, 2, 'half_up')).toBe(-0.13);
    expect(convertAmount(-1, 0.129, 2, 'down')).toBe(-0.12);
    expect(convertAmount(Number.POSITIVE_INFINITY, 1, 2, 'half_up')).toBeNull();
    expect(convertAmount(1, Number.NaN, 2, 'half_up')).toBeNull();
  });
});

describe('exchangeFields', () => {
  it('reads the amount from the statistics facts and the currency from the records facts or currency_id', () => {
    expect(exchangeFields({ amount: 'total', records: { currency: 'currency_id' } }, [])).toEqual({ amount: 'total', currency: 'currency_id' });
    expect(exchangeFields({ amount: 'total_estimated' }, ['currency_id'])).toEqual({ amount: 'total_estimated', currency: 'currency_id' });
    expect(exchangeFields({ amount: 'total' }, ['total'])).toBeNull();
    expect(exchangeFields({ vendor: ['x'] }, ['currency_id'])).toBeNull();
  });
});
