import { useQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../../renderer/host';
import { resourceKey } from '../../../../renderer/resource-key';

/** Filter values, buckets and the answer's shape: written once in src/wire/statistics.ts (the server serialises with it). */
export { BUCKETS, DATE_FILTERS } from '../../../../wire/projection-filters';
export type { DateFilter, Projection, ProjectionCard } from '../../../../wire/statistics';
import type { DateFilter, Projection, ProjectionQuery } from '../../../../wire/statistics';

/** The projection for a company and period as a query: loading, failed or the answer. */
export function useProjection(company: number | null, dateFilter: DateFilter): Projection | 'loading' | 'failed' {
  const host = useRendererHost();
  const params = { dateFilter, ...(company ? { company } : {}) } satisfies ProjectionQuery;
  const query = useQuery({
    queryKey: resourceKey('/payment_projections', params),
    queryFn: () => host.api.get<Projection>('/payment_projections', params),
  });
  return query.isPending ? 'loading' : query.isError ? 'failed' : query.data;
}
