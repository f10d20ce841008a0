import { useEffect, useState } from 'react';
import type { RendererHost } from '../../host';
import { fillEndpoint } from '../fill-endpoint';
import type { HydraCollection } from '../fetch-members';
import { cachedGet } from '../use-cached-get';
import type { PickerItem } from './item-label';
import { fillParams, type PickerOptions } from './picker-options';

/** Page size used to find a name in a list when there is no by-id endpoint. */
const LOOKUP_PAGE_SIZE = 100;

/**
 * The records behind stored ids, for showing names instead of numbers. Uses the by-id
 * endpoint when configured, else one cached page of the list. `known` items (just picked)
 * are used as they are, so choosing never costs a second request.
 */
export function useResolvedItems(
  host: RendererHost,
  options: PickerOptions,
  ids: number[],
  data: Record<string, unknown>,
  known: PickerItem[] = [],
): Map<number, PickerItem> {
  const [found, setFound] = useState<Map<number, PickerItem>>(new Map());
  const knownMap = new Map(known.map((item) => [item.id, item]));
  const missing = ids.filter((id) => !knownMap.has(id));
  const missingKey = missing.join(',');
  const listPath = options.itemEndpoint ? null : fillEndpoint(options.endpoint, data);
  const listParams = fillParams(options.extraParams, data);
  const itemPaths = options.itemEndpoint ? missing.map((id) => fillEndpoint(options.itemEndpoint as string, { ...data, id })) : [];
  const requestKey = JSON.stringify([listPath, listParams, itemPaths]);

  useEffect(() => {
    if (missing.length === 0) return undefined;
    let live = true;
    const load = async (): Promise<PickerItem[]> => {
      if (options.itemEndpoint) {
        const rows = await Promise.all(itemPaths.map((path) => (path ? cachedGet<PickerItem>(host, path).catch(() => null) : null)));
        return rows.filter((row): row is PickerItem => row !== null && typeof row === 'object');
      }
      if (!listPath || !listParams) return [];
      const body = await cachedGet<HydraCollection<PickerItem> | PickerItem[]>(host, listPath, { ...listParams, page: 1, itemsPerPage: LOOKUP_PAGE_SIZE });
      return Array.isArray(body) ? body : (body?.['hydra:member'] ?? []);
    };
    load().then(
      (rows) => live && setFound(new Map(rows.map((row) => [Number(row.id), row]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the request is fully described by requestKey and missingKey
  }, [host, requestKey, missingKey]);

  const result = new Map<number, PickerItem>();
  for (const id of ids) {
    const item = knownMap.get(id) ?? found.get(id);
    if (item) result.set(id, item);
  }
  return result;
}
