import { describe, expect, it } from 'vitest';
import {
  buildJournal, invoiceDeduction, isBalanced, fiscalPeriodOf, transitionalCapFor, valuesAt, type JournalContext, type JournalFacts, type JournalMapping,
} from '../../src/engine';

describe('invoiceDeduction (インボイス transitional measure, 令和8年度税制改正)', () => {
  it.each([
    ['2023-09-30', false, 'qualified'],
    ['2023-10-01', false, '80'],
    ['2026-09-30', false, '80'],
    ['2026-10-01', false, '70'],
    ['2028-09-30', false, '70'],
    ['2028-10-01', false, '50'],
    ['2029-10-01', false, '50'],
    ['2030-09-30', false, '50'],
    ['2030-10-01', false, '30'],
    ['2031-09-30', false, '30'],
    ['2031-10-01', false, 'none'],
    ['2026-10-01', true, 'qualified'],
    ['2031-10-01', true, 'qualified'],
  ] as const)('%s, registered %s → %s', (date, qualified, expected) => {
    expect(invoiceDeduction(date, qualified)).toBe(expected);
  });
});

describe('transitionalCapFor (cap per supplier for a tax period, by the day the period begins)', () => {
  it.each([
    ['2024-09-30', null],
    ['2024-10-01', 1_000_000_000],
    // A period begun on 2026-01-01 or 2026-09-30 keeps ¥1 bn for all its days (purchases after 2026-10-01 too).
    ['2026-01-01', 1_000_000_000],
    ['2026-09-30', 1_000_000_000],
    ['2026-10-01', 100_000_000],
    ['2027-01-01', 100_000_000],
  ] as const)('period from %s → %s', (from, cap) => expect(transitionalCapFor(from)).toBe(cap));
});

describe('fiscalPeriodOf (a company\'s tax period)', () => {
  it.each([
    ['2026-11-05', '01-01', { year: 2026, from: '2026-01-01', to: '2026-12-31' }],
    ['2027-03-31', '04-01', { year: 2026, from: '2026-04-01', to: '2027-03-31' }],
    ['2027-04-01', '04-01', { year: 2027, from: '2027-04-01', to: '2028-03-31' }],
    ['2026-09-30', '10-01', { year: 2025, from: '2025-10-01', to: '2026-09-30' }],
    ['2026-10-01', '10-01', { year: 2026, from: '2026-10-01', to: '2027-09-30' }],
    // A year starting on 1 March ends on 28 or 29 February.
    ['2028-02-29', '03-01', { year: 2027, from: '2027-03-01', to: '2028-02-29' }],
  ] as const)('%s, year from %s → %j', (day, start, period) => expect(fiscalPeriodOf(day, start)).toEqual(period));
});

describe('valuesAt', () => {
  it('walks dotted names and item arrays', () => {
    const data = { items: [{ a: { b: 1 } }, { a: { b: 2 } }, { a: null }], x: 3 };
    expect(valuesAt(data, 'items[].a.b')).toEqual([1, 2]);
    expect(valuesAt(data, 'x')).toEqual([3]);
    expect(valuesAt(data, 'missing.y')).toEqual([]);
  });
});

const facts: JournalFacts = {
  side: 'expense', date: ['paid_on'], amount: 'total', department: 'dept', paymentMethod: 'bank',
  lines: { items: 'items', amount: 'total', account: 'account', registrationNo: ['reg'], tax: { base10: 'b10', tax10: 't10' } },
};
const mapping: JournalMapping = { list: 'yayoi', modules: { m: { debit: { account: '雑費' }, credit: { account: '未払金' } } }, expense_accounts: { 7: { account: '会議費' } } };
const ctx: JournalContext = { departmentName: () => '営業部', qualified: (n) => n === 'T1', booking: () => ({ currency: 'JPY', amount: Math.round }) };
const source = (data: Record<string, unknown>) => ({ documentId: 1, code: 'M-1', moduleCode: 'm', data });

describe('buildJournal', () => {
  it('splits an item by its invoice breakdown and books the rest at the default rate, balanced', () => {
    const j = buildJournal(source({ paid_on: '2026-10-01', items: [{ total: 1500, account: 7, reg: 'T1', b10: 1000, t10: 100 }] }), facts, mapping, ctx);
    if (typeof j === 'string') throw new Error(j);
    expect(j.rows.map((r) => [r.debit?.account, r.debit?.amount, r.debit?.tax, r.debit?.deduction])).toEqual([['会議費', 1100, 100, 'qualified'], ['会議費', 400, 36, 'qualified']]);
    expect(j.rows[0].credit).toMatchObject({ account: '未払金', amount: 1500, taxClass: 'outside' });
    expect(isBalanced(j)).toBe(true);
  });
  it('an unregistered supplier deducts 80 % on 2026-09-30, 70 % from 2026-10-01, 50 % from 2028-10-01, 30 % from 2030-10-01, nothing from 2031-10-01', () => {
    for (const [date, deduction] of [
      ['2026-09-30', '80'], ['2026-10-01', '70'], ['2028-09-30', '70'], ['2028-10-01', '50'],
      ['2030-09-30', '50'], ['2030-10-01', '30'], ['2031-09-30', '30'], ['2031-10-01', 'none'],
    ]) {
      const j = buildJournal(source({ paid_on: date, items: [{ total: 110, reg: '' }] }), facts, mapping, ctx);
      if (typeof j === 'string') throw new Error(j);
      expect(j.rows[0].debit?.deduction).toBe(deduction);
    }
  });
  it('a breakdown larger than the item is ignored (the whole item at the default rate)', () => {
    const j = buildJournal(source({ paid_on: '2026-10-01', items: [{ total: 100, b10: 1000, t10: 100 }] }), facts, mapping, ctx);
    if (typeof j === 'string') throw new Error(j);
    expect(j.rows.map((r) => r.debit?.amount)).toEqual([100]);
  });
  it('names what stops a journal', () => {
    expect(buildJournal(source({ items: [{ total: 1 }] }), facts, mapping, ctx)).toBe('noDate');
    expect(buildJournal(source({ paid_on: '2026-01-01', items: [] }), facts, mapping, ctx)).toBe('noAmount');
    expect(buildJournal({ ...source({ paid_on: '2026-01-01', items: [{ total: 1 }] }), moduleCode: 'other' }, facts, mapping, ctx)).toBe('unmapped');
  });
});
