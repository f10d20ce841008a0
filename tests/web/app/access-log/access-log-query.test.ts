import { describe, expect, it } from 'vitest';
import { accessLogParams, localDayInstant, NO_FILTERS } from '../../../../src/app/pages/access-log/access-log-query';
import { retentionProblem } from '../../../../src/app/pages/access-log/RetentionCard';

describe('Access log screen: filters to query', () => {
  it('leaves out what is not chosen', () => {
    expect(accessLogParams(NO_FILTERS)).toEqual({});
  });
  it('sends the event, the user id and the local days as exact instants (start of the first, end of the last)', () => {
    const params = accessLogParams({ event: 'sign_in', user: { id: 7, name: 'Emi' }, from: '2026-04-01', to: '2026-04-30' });
    expect(params).toEqual({ event: 'sign_in', user: 7, from: localDayInstant('2026-04-01', false), to: localDayInstant('2026-04-30', true) });
    expect(new Date(params.from as string).getTime()).toBe(new Date(2026, 3, 1).getTime());
    expect(new Date(params.to as string).getTime()).toBe(new Date(2026, 4, 1).getTime() - 1);
  });
});

describe('Access log screen: retention input', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}:${options?.min}-${options?.max}`;
  it('takes whole days from 42 to 3653 and names the bounds otherwise', () => {
    expect(retentionProblem('42', t)).toBeUndefined();
    expect(retentionProblem('3653', t)).toBeUndefined();
    for (const bad of ['41', '3654', '', '90.5', '-1', 'abc']) expect(retentionProblem(bad, t), bad).toBe('app.accessLog.retentionRange:42-3653');
  });
});
