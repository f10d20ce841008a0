import type { RendererHost } from '../../host';
import { useResource, useResources } from '../../query';
import { fillEndpoint } from '../fill-endpoint';
import type { Collection } from '../../../wire/common';
import type { PickerItem } from './item-label';
import { fillParams, type PickerOptions } from './picker-options';

/** Page size used to find a name in a list when there is no by-id endpoint. */
const LOOKUP_PAGE_SIZE = 100;

/**
 * The records behind stored ids, for showing names instead of numbers. Uses the by-id
 * endpoint when configured (one cached query per id), else one cached page of the list.
 * `known` items (just picked) are used as they are, so choosing never costs a second request.
 */
export function useResolvedItems(
  host: RendererHost,
  options: PickerOptions,
  ids: number[],
  data: Record<string, unknown>,
  known: PickerItem[] = [],
): Map<number, PickerItem> {
  const knownMap = new Map(known.map((item) => [item.id, item]));
  const missing = ids.filter((id) => !knownMap.has(id));
  const byId = Boolean(options.itemEndpoint);
  const itemPaths = byId ? missing.map((id) => fillEndpoint(options.itemEndpoint as string, { ...data, id })) : [];
  const rows = useResources<PickerItem>(host, itemPaths);
  const listPath = !byId && missing.length > 0 ? fillEndpoint(options.endpoint, data) : null;
  const listParams = fillParams(options.extraParams, data);
  const list = useResource<Collection<PickerItem> | PickerItem[]>(
    host,
    listPath && listParams ? listPath : null,
    listParams ? { ...listParams, page: 1, itemsPerPage: LOOKUP_PAGE_SIZE } : undefined,
  );

  const found = new Map<number, PickerItem>();
  const fetched = byId ? rows : Array.isArray(list) ? list : (list?.['hydra:member'] ?? []);
  for (const row of fetched) if (row !== null && typeof row === 'object') found.set(Number(row.id), row);
  const result = new Map<number, PickerItem>();
  for (const id of ids) {
    const item = knownMap.get(id) ?? found.get(id);
    if (item) result.set(id, item);
  }
  return result;
}
