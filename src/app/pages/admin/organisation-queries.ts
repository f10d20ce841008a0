import { queryOptions } from '@tanstack/react-query';
import { queryKeys, type ApiReader } from '../../api/queries';
import type { AdminCalendar, AdminPosition } from './admin-types';

/**
 * A company's positions, retired ones included (`GET /companies/{id}/positions?includeRetired=1`),
 * under the entity lists' key: a filed or approved organisation request invalidates it.
 */
export function positionsOptions(api: ApiReader, companyId: number) {
  const path = `/companies/${companyId}/positions`;
  const params = { includeRetired: 1 };
  return queryOptions({
    queryKey: queryKeys.entities.list(path, params),
    queryFn: async () => (await api.get<{ 'hydra:member': AdminPosition[] }>(path, params))['hydra:member'] ?? [],
  });
}

/** A company's calendar of one year (`GET /companies/{id}/calendar?year=`), under the entity lists' key. */
export function calendarOptions(api: ApiReader, companyId: number, year: number) {
  const path = `/companies/${companyId}/calendar`;
  const params = { year };
  return queryOptions({
    queryKey: queryKeys.entities.list(path, params),
    queryFn: () => api.get<AdminCalendar>(path, params),
  });
}
