import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { pendingCountOptions } from '../../api/queries';

/**
 * The number of approvals waiting for the user (`/approvals/my?itemsPerPage=1` →
 * `hydra:totalItems`), fetched again whenever `refreshKey` changes and whenever an action
 * invalidates the documents; null until known.
 */
export function usePendingCount(refreshKey: number): number | null {
  const host = useRendererHost();
  const query = useQuery(pendingCountOptions(host.api));
  const { refetch } = query;
  const first = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey !== first.current) void refetch();
  }, [refreshKey, refetch]);
  return query.data ?? null;
}
