import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { describe, expect, it } from 'vitest';
import { formatMoney, isValidDate, roundByCurrency, toApiDate, toDisplayDate, toDisplayTimestamp } from '../../src/engine';

describe('roundByCurrency', () => {
  it.each([
    [1.005, 'CNY', 1.01], [2.345, 'USD', 2.35], [10.4, 'JPY', 10], [10.5, 'JPY', 11], [99.5, 'OTHER', 100],
    [-1.005, 'CNY', -1.01], [-0.4, 'JPY', 0], [1 / 3, 'CNY', 0.33], [Number.NaN, 'CNY', 0], [12.345, null, 12.35],
  ])('%s in %s → %s', (amount, code, expected) => {
    expect(roundByCurrency(amount, code)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    [1234.5, 'CNY', 'en', '1,234.5'], [1234.567, 'USD', 'en', '1,234.57'], [1234.5, 'JPY', 'ja', '1,235'],
    [1000, 'CNY', 'zh', '1,000'], [0, 'OTHER', 'en', '0'], [null, 'CNY', 'en', '0'], ['12.3', 'CNY', 'en', '12.3'], ['abc', 'CNY', 'en', '0'],
  ] as const)('%s %s in %s → %s', (amount, code, lang, expected) => {
    expect(formatMoney(amount, code, lang)).toBe(expected);
  });
});

describe('dates', () => {
  it.each([
    ['2026-02-28', true], ['2026-02-30', false], ['2026-2-3', false], ['', false], [null, false], [20260101, false], ['2024-02-29', true],
  ])('isValidDate(%s) → %s', (value, expected) => {
    expect(isValidDate(value)).toBe(expected);
  });

  it('isValidDate answers as dayjs strict YYYY-MM-DD parsing does (leap years, years before 0100, day 0/32, month 0/13)', () => {
    dayjs.extend(customParseFormat);
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    let compared = 0;
    for (const year of [0, 1, 4, 99, 100, 104, 400, 1600, 1700, 1900, 1970, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isValidDate(text), text).toBe(dayjs(text, 'YYYY-MM-DD', true).isValid());
          compared++;
        }
      }
    }
    expect(compared).toBe(16 * 14 * 33);
  });

  it('writes API dates as YYYY-MM-DD and empty as null', () => {
    expect(toApiDate('2026/03/04')).toBe('2026-03-04');
    expect(toApiDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(toApiDate('')).toBeNull();
    expect(toApiDate('not a date')).toBeNull();
  });

  it('shows dates as YYYY/MM/DD and timestamps as YYYY/MM/DD HH:mm', () => {
    expect(toDisplayDate('2026-03-04')).toBe('2026/03/04');
    expect(toDisplayDate(null)).toBe('');
    expect(toDisplayTimestamp(new Date(2026, 2, 4, 9, 5))).toBe('2026/03/04 09:05');
    expect(toDisplayTimestamp('garbage')).toBe('');
  });
});
