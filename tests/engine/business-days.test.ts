/**
 * The company calendar's business days (reminders and escalation, issue #20): weekends,
 * holidays, make-up working days, the year boundary and the company's time zone.
 */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, businessDaysWaited, isBusinessDay, localDate, type BusinessCalendar } from '../../src/engine';

// Japan 2026/2027 around the new year: 1 January is a holiday in both years.
const jp: BusinessCalendar = {
  weekendDays: [0, 6], timeZone: 'Asia/Tokyo',
  holidays: new Set(['2026-01-01', '2026-01-12', '2026-12-31', '2027-01-01', '2027-01-11']),
};
// China 2026: the Spring Festival 15–23 February, Saturday 14 and Saturday 28 February worked.
const cn: BusinessCalendar = {
  weekendDays: [0, 6], timeZone: 'Asia/Shanghai',
  holidays: new Set(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-23']),
  workdays: new Set(['2026-02-14', '2026-02-28']),
};
// A company that works Sunday to Thursday.
const friSat: BusinessCalendar = { weekendDays: [5, 6], timeZone: 'UTC', holidays: new Set() };

describe('isBusinessDay', () => {
  it('knows weekends, holidays and make-up working days', () => {
    expect(isBusinessDay('2026-11-27', jp)).toBe(true); // Friday
    expect(isBusinessDay('2026-11-28', jp)).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29', jp)).toBe(false); // Sunday
    expect(isBusinessDay('2026-01-12', jp)).toBe(false); // Coming of Age Day, a Monday
    expect(isBusinessDay('2026-02-14', cn)).toBe(true); // a Saturday worked for the Spring Festival
    expect(isBusinessDay('2026-02-16', cn)).toBe(false);
    expect(isBusinessDay('2026-11-27', friSat)).toBe(false);
    expect(isBusinessDay('2026-11-29', friSat)).toBe(true);
  });

  it('refuses what is not a date', () => {
    expect(() => isBusinessDay('27/11/2026', jp)).toThrow(RangeError);
  });
});

describe('businessDaysBetween', () => {
  it('counts the working days strictly between two dates, skipping the weekend', () => {
    // Thursday 26 → Tuesday 1 December: Friday 27 and Monday 30.
    expect(businessDaysBetween('2026-11-26', '2026-12-01', jp)).toBe(2);
    expect(businessDaysBetween('2026-11-26', '2026-11-27', jp)).toBe(0);
    expect(businessDaysBetween('2026-11-27', '2026-11-26', jp)).toBe(0);
  });

  it('skips holidays across the year boundary', () => {
    // Wednesday 30 December 2026 → Tuesday 5 January 2027: 31 Dec and 1 Jan are holidays,
    // 2–3 Jan the weekend; only Monday 4 January is worked.
    expect(businessDaysBetween('2026-12-30', '2027-01-05', jp)).toBe(1);
    expect(addBusinessDays('2026-12-30', 1, jp)).toBe('2027-01-04');
    expect(addBusinessDays('2026-12-30', 2, jp)).toBe('2027-01-05');
  });

  it('counts a worked Saturday and skips the Spring Festival', () => {
    // Friday 13 February → Tuesday 24 February: Saturday 14 worked, 16–20 and 23 holidays.
    expect(businessDaysBetween('2026-02-13', '2026-02-24', cn)).toBe(1);
    expect(addBusinessDays('2026-02-13', 2, cn)).toBe('2026-02-24');
  });

  it('follows the company weekend', () => {
    // Thursday 26 → Monday 30 November, Friday and Saturday off: Sunday 29 only.
    expect(businessDaysBetween('2026-11-26', '2026-11-30', friSat)).toBe(1);
  });

  it('adds nothing for n ≤ 0', () => {
    expect(addBusinessDays('2026-11-28', 0, jp)).toBe('2026-11-28');
  });
});

describe('businessDaysWaited', () => {
  it('counts the days in the company time zone', () => {
    // 23:30 UTC on Sunday 29 November is 08:30 on Monday 30 November in Tokyo.
    const filed = new Date('2026-11-29T23:30:00Z');
    expect(localDate(filed, 'Asia/Tokyo')).toBe('2026-11-30');
    expect(localDate(filed, 'UTC')).toBe('2026-11-29');
    // Thursday 3 December in Tokyo: Tuesday and Wednesday have passed.
    expect(businessDaysWaited(filed, new Date('2026-12-03T01:00:00Z'), jp)).toBe(2);
    expect(businessDaysWaited(filed, new Date('2026-12-02T14:59:00Z'), jp)).toBe(1);
    expect(businessDaysWaited(filed, new Date('2026-12-02T15:00:00Z'), jp)).toBe(2);
  });
});
