import { expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../server/lib/dependency-unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('database errors that mean "unreachable now" are told apart from the request\'s own faults (503 vs 400/500)', () => {
  for (const error of [
    withCode('57P01', 'terminating connection due to administrator command'), withCode('57P03'), withCode('08006'), withCode('53300'),
    withCode('ECONNREFUSED'), withCode('ECONNRESET'), withCode('ETIMEDOUT'),
    new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect'),
    new AggregateError([withCode('ECONNREFUSED')], ''),
  ]) expect(isDatabaseUnavailable(error), String((error as { code?: string }).code ?? error.message)).toBe(true);
  for (const error of [withCode('23505'), withCode('22P02'), withCode('42P01'), new Error('boom'), new TypeError('x'), null, 'text']) {
    expect(isDatabaseUnavailable(error)).toBe(false);
  }
});
