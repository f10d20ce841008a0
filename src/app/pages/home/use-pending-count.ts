import { useEffect, useState } from 'react';
import { useRendererHost } from '../../../renderer/host';

/**
 * The number of approvals waiting for the user (`/approvals/my?itemsPerPage=1` →
 * `hydra:totalItems`), fetched again whenever `refreshKey` changes; null until known.
 */
export function usePendingCount(refreshKey: number): number | null {
  const host = useRendererHost();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    host.api.get<{ 'hydra:totalItems'?: number }>('/approvals/my', { itemsPerPage: 1 })
      .then((reply) => live && setCount(typeof reply['hydra:totalItems'] === 'number' ? reply['hydra:totalItems'] : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [host, refreshKey]);
  return count;
}
