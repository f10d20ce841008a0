import { useQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { pendingCountOptions } from '../../api/queries';

/**
 * The number of approvals waiting for the user (`/approvals/my?itemsPerPage=1` →
 * `hydra:totalItems`), fetched again whenever it is invalidated (an action on a document, Home
 * shown again); null until known.
 */
export function usePendingCount(): number | null {
  const host = useRendererHost();
  return useQuery(pendingCountOptions(host.api)).data ?? null;
}
