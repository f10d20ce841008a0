import type { ListKind } from './types';
import type { QueryParams } from '../../lib/query-string';
import { LIST_STATUSES, type ListQuery } from '../../../wire/list-query';

/** Spec 000 §9: approval lists load 5 per page; search at most 20 characters after an 800 ms pause. */
export const LIST_PAGE_SIZE = 5;
export const SEARCH_MAX = 20;
export const SEARCH_DEBOUNCE_MS = 800;

export type SortField = 'code' | 'createdAt' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';

/** The sort sheet's choice; default created at, descending. */
export interface ListSort {
  field: SortField;
  order: SortOrder;
}

export const DEFAULT_SORT: ListSort = { field: 'createdAt', order: 'desc' };

/** Filterable document statuses, in the sheet's order (spec 000 §4): those the list query takes. */
export const FILTER_STATUSES = LIST_STATUSES;

/** The filter sheet's choice. `period` is a closed range of API dates on the creation date. */
export interface ListFilter {
  company: { id: number; name: string } | null;
  /** Requesters chosen in the user multi-select (spec 000 §2 "filter by requester"); none = anyone. */
  requesters: Array<{ id: number; name: string }>;
  stampNo: string;
  statuses: number[];
  modules: string[];
  period: { preset: string; from: string; to: string } | null;
}

export const EMPTY_FILTER: ListFilter = { company: null, requesters: [], stampNo: '', statuses: [], modules: [], period: null };

const PATHS: Record<ListKind, string> = {
  pending: '/approvals/my',
  done: '/approvals/my',
  initiated: '/my-buffers',
  forwarded: '/buffer/forwarded',
};

/** Number of active filter criteria (shown on the filter button). */
export function activeFilterCount(filter: ListFilter): number {
  return (filter.company ? 1 : 0) + (filter.requesters?.length ? 1 : 0) + (filter.stampNo.trim() ? 1 : 0) + filter.statuses.length + filter.modules.length + (filter.period ? 1 : 0);
}

/**
 * The request of one page of a list: path and query (server/workflow/README.md "List query").
 * Pending and done share `/approvals/my`; done adds `isDone=1`.
 */
export function listRequest(kind: ListKind, page: number, search: string, sort: ListSort, filter: ListFilter): { path: string; params: QueryParams<ListQuery> } {
  const params: QueryParams<ListQuery> = { page, itemsPerPage: LIST_PAGE_SIZE };
  params[`sort[${sort.field}]`] = sort.order;
  if (kind === 'done') params.isDone = '1';
  const text = search.trim().slice(0, SEARCH_MAX);
  if (text) params.search = text;
  if (filter.company) params['company.id'] = filter.company.id;
  // Spec 000 §3 filter key `requester.id`: every chosen requester (the array goes as `requester.id[]`).
  if (filter.requesters?.length) params['requester.id'] = filter.requesters.map((u) => u.id);
  if (filter.stampNo.trim()) params.stamp_no = filter.stampNo.trim();
  if (filter.statuses.length) params.status = [...filter.statuses];
  if (filter.modules.length) params['module.code'] = [...filter.modules];
  if (filter.period) {
    params['createdAt[after]'] = filter.period.from;
    params['createdAt[before]'] = filter.period.to;
  }
  return { path: PATHS[kind], params };
}
