import { useEffect, useState } from 'react';
import { useRendererHost } from '../../../../renderer/host';

/** Filter values, buckets and the answer's shape: written once in src/wire/statistics.ts (the server serialises with it). */
export { BUCKETS, DATE_FILTERS } from '../../../../wire/projection-filters';
export type { DateFilter, Projection, ProjectionCard } from '../../../../wire/statistics';
import type { DateFilter, Projection } from '../../../../wire/statistics';

/** Loads the projection for a company and period; `state` is loading, failed or the answer. */
export function useProjection(company: number | null, dateFilter: DateFilter) {
  const host = useRendererHost();
  const [state, setState] = useState<Projection | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    host.api.get<Projection>('/payment_projections', { dateFilter, ...(company ? { company } : {}) })
      .then((answer) => live && setState(answer))
      .catch(() => live && setState('failed'));
    return () => { live = false; };
  }, [host, company, dateFilter]);
  return state;
}
