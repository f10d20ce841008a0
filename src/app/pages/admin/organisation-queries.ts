import { queryOptions } from '@tanstack/react-query';
import type { ApiReader } from '../../api/queries';
import { resourceKey } from '../../../renderer/resource-key';
import type { CompanyCalendar, CompanyCalendarQuery, PositionCollection, PositionsQuery } from '../../../wire/organisation';
import type { CompanySignIn } from '../../../wire/sign-in';

/**
 * A company's positions, retired ones included (`GET /companies/{id}/positions?includeRetired=1`),
 * the same cache entry as the form's position select (the raw answer, its rows selected): a
 * filed or approved organisation request invalidates it (`/companies`).
 */
export function positionsOptions(api: ApiReader, companyId: number) {
  const path = `/companies/${companyId}/positions`;
  const params = { includeRetired: '1' } satisfies PositionsQuery;
  return queryOptions({
    queryKey: resourceKey(path, params),
    queryFn: () => api.get<PositionCollection>(path, params),
    select: (answer) => answer?.['hydra:member'] ?? [],
  });
}

/** A company's calendar of one year (`GET /companies/{id}/calendar?year=`). */
export function calendarOptions(api: ApiReader, companyId: number, year: number) {
  const path = `/companies/${companyId}/calendar`;
  const params = { year } satisfies CompanyCalendarQuery;
  return queryOptions({
    queryKey: resourceKey(path, params),
    queryFn: () => api.get<CompanyCalendar>(path, params),
  });
}

/** A company's sign-in settings (`GET /companies/{id}/sign_in`): the client secret only masked. */
export function signInOptions(api: ApiReader, companyId: number) {
  const path = `/companies/${companyId}/sign_in`;
  return queryOptions({
    queryKey: resourceKey(path, {}),
    queryFn: () => api.get<CompanySignIn>(path),
  });
}
