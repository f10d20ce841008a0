import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { invalidateResources } from '../../../../renderer/resource-key';
import { useEntityRequest } from '../../admin/open-entity-form';

/**
 * How the finance account screens ask for a change: the request form of the account entity
 * module of `kind` (create, edit or delete); a filed request says so and asks `listPath` again
 * (filing through the form invalidates it too; the screen does not rely on it). When no module
 * of that kind is served (e.g. disabled), a toast says the change cannot be requested.
 */
export function useAccountRequest(kind: string, listPath: string, toastMs: number) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const queryClient = useQueryClient();
  const requestChange = useEntityRequest();
  return useCallback(async (titleKey: string, operation: 'create' | 'edit' | 'delete', targetId: number | undefined, initialData: Record<string, unknown>) => {
    let filed: unknown;
    try {
      filed = await requestChange(kind, titleKey, { operation, targetId, initialData });
    } catch {
      host.toast(t('statistic.accounts.unavailable'), 'error', 3000);
      return;
    }
    if (!filed) return;
    host.toast(t('statistic.accounts.filed'), 'success', toastMs);
    void invalidateResources(queryClient, [listPath]);
  }, [kind, listPath, toastMs, requestChange, host, t, queryClient]);
}
