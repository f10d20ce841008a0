import { describe, expect, it } from 'vitest';
import { CUSTOM_OPERATIONS } from '../../src/engine';
import { evaluate } from '../../src/engine/rules/evaluate';

const steps = [{ id: 1, optional: false }, { id: 2, optional: true }, { id: 3, optional: false }];

describe('custom json-logic operations', () => {
  it.each([
    ['sum of numbers', { sum: [[1, 2, '3', 'x', null]] }, {}, 6],
    ['sum of a field', { sum: [{ var: 'items' }, 'total'] }, { items: [{ total: 1.5 }, { total: 2 }, {}] }, 3.5],
    ['sum of nothing', { sum: [{ var: 'missing' }, 'total'] }, {}, 0],
    ['round_currency by code', { round_currency: [10.555, 'CNY'] }, {}, 10.56],
    ['round_currency JPY', { round_currency: [10.5, 'JPY'] }, {}, 11],
    ['round_currency by id from context', { round_currency: [10.4, { var: 'currency_id' }] }, { currency_id: 7 }, 10],
    ['round_currency unknown id: 2 decimals', { round_currency: [10.444, 99] }, {}, 10.44],
    ['to_number', { to_number: ['12.5'] }, {}, 12.5],
    ['to_number of junk', { to_number: ['abc'] }, {}, 0],
    ['valid_date ok', { valid_date: ['2026-01-31'] }, {}, true],
    ['valid_date bad', { valid_date: ['2026-01-32'] }, {}, false],
    ['blank null', { blank: [null] }, {}, true],
    ['blank spaces', { blank: ['  '] }, {}, true],
    ['blank empty list', { blank: [[]] }, {}, true],
    ['blank zero is not blank', { blank: [0] }, {}, false],
    ['count', { count: [{ var: 'items' }] }, { items: [1, 2, 3] }, 3],
    ['count of nothing', { count: [{ var: 'items' }] }, {}, 0],
    ['length', { length: ['日本語'] }, {}, 3],
    ['length of null', { length: [null] }, {}, 0],
    ['with_field', { with_field: [{ var: 'items' }, 'company_id', 5] }, { items: [{ a: 1 }, {}] }, [{ a: 1, company_id: 5 }, { company_id: 5 }]],
    ['approvals complete', { approvals_complete: [{ var: 'approvals' }, false] }, { approvals: [{ approver_id: 4, master_process_id: 1 }, { approver_id: 5, master_process_id: 3 }] }, true],
    ['approvals missing a mandatory step', { approvals_complete: [{ var: 'approvals' }, false] }, { approvals: [{ approver_id: 4, master_process_id: 1 }, { approver_id: 5, master_process_id: 2 }] }, false],
    ['approvals with an empty approver', { approvals_complete: [{ var: 'approvals' }, false] }, { approvals: [{ approver_id: 4, master_process_id: 1 }, { approver_id: null, master_process_id: 3 }] }, false],
    ['approvals bypassed', { approvals_complete: [[], true] }, {}, true],
    ['account number of digits', { valid_account_number: [{ var: 'n' }] }, { n: '1234567' }, true],
    ['account number grouped by spaces and hyphens', { valid_account_number: [{ var: 'n' }] }, { n: '6222 0012-3456' }, true],
    ['account number with letters', { valid_account_number: [{ var: 'n' }] }, { n: '12AB567' }, false],
    ['account number too short', { valid_account_number: [{ var: 'n' }] }, { n: '123' }, false],
    ['account number with a doubled separator', { valid_account_number: [{ var: 'n' }] }, { n: '123--4567' }, false],
    ['currency code from an id', { currency_code: [{ var: 'c' }] }, { c: 7 }, 'JPY'],
    ['currency code of an unknown id', { currency_code: [{ var: 'c' }] }, { c: 8 }, null],
    ['account number not a string', { valid_account_number: [{ var: 'n' }] }, { n: 1234567 }, false],
  ])('%s', (_name, logic, data, expected) => {
    expect(evaluate(logic, data, { steps, currencies: [{ id: 7, code: 'JPY' }] })).toEqual(expected);
  });

  it('without known steps requires at least one approver', () => {
    expect(evaluate({ approvals_complete: [{ var: 'approvals' }, false] }, { approvals: [] })).toBe(false);
    expect(evaluate({ approvals_complete: [{ var: 'approvals' }, false] }, { approvals: [{ approver_id: 1, master_process_id: null }] })).toBe(true);
  });

  it('lists every custom operation it registers', () => {
    expect(Object.keys(CUSTOM_OPERATIONS).sort()).toEqual(['approvals_complete', 'blank', 'count', 'currency_code', 'date_after', 'date_before', 'days_between', 'digit_count', 'invoice_registration_problem', 'length', 'round_currency', 'sum', 'to_number', 'valid_account_number', 'valid_date', 'valid_email', 'valid_month_day', 'with_field']);
  });
});
