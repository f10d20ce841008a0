import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { registerOperations } from '../../src/engine/rules/operations';

registerOperations();
const run = (logic: unknown, data: unknown = {}) => jsonLogic.apply(logic as never, data);

describe('date comparison operations', () => {
  it.each([
    [{ days_between: ['2026-01-30', '2026-02-02'] }, 3],
    [{ days_between: ['2026-02-02', '2026-01-30'] }, -3],
    [{ days_between: ['2026-03-28', '2026-03-30'] }, 2],
    [{ days_between: ['2026-02-30', '2026-03-01'] }, null],
    [{ days_between: [null, '2026-03-01'] }, null],
    [{ date_before: ['2026-01-01', '2026-01-02'] }, true],
    [{ date_before: ['2026-01-02', '2026-01-02'] }, false],
    [{ date_before: ['bad', '2026-01-02'] }, false],
    [{ date_after: ['2026-01-03', '2026-01-02'] }, true],
    [{ date_after: ['2026-01-01', '2026-01-02'] }, false],
  ])('%j → %j', (logic, expected) => {
    expect(run(logic)).toBe(expected);
  });

  it('compares fields of the form: a return date before the departure fails', () => {
    const failing = { date_before: [{ var: 'return_date' }, { var: 'departure_date' }] };
    expect(run(failing, { departure_date: '2026-05-10', return_date: '2026-05-08' })).toBe(true);
    expect(run(failing, { departure_date: '2026-05-10', return_date: '2026-05-12' })).toBe(false);
  });
});
