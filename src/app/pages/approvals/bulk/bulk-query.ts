import type { QueryParams } from '../../../lib/query-string';
import type { ListQuery } from '../../../../wire/list-query';
import { BULK_APPROVE_MAX } from '../../../../wire/bulk-approvals';

/** The bulk screen's filters (issue #33 item 4): module, company, requester, amount range (text as typed). */
export interface BulkFilter {
  module: string;
  companyId: number | null;
  requester: { id: number; name: string } | null;
  amountMin: string;
  amountMax: string;
}

export const EMPTY_BULK_FILTER: BulkFilter = { module: '', companyId: null, requester: null, amountMin: '', amountMax: '' };

const AMOUNT = /^\d+(\.\d+)?$/;

/** The amounts as numbers, or `null` when one is not a number or the lower is above the upper. */
export function amountRange(filter: BulkFilter): { min?: number; max?: number } | null {
  const min = filter.amountMin.trim();
  const max = filter.amountMax.trim();
  if ((min && !AMOUNT.test(min)) || (max && !AMOUNT.test(max))) return null;
  if (min && max && Number(min) > Number(max)) return null;
  return { ...(min ? { min: Number(min) } : {}), ...(max ? { max: Number(max) } : {}) };
}

/**
 * The pending list's query of the bulk screen: one screen of up to 100 (what one request may
 * approve), filtered on the server by the list query's own keys (server/workflow/README.md "List query").
 */
export function bulkListParams(filter: BulkFilter): QueryParams<ListQuery> {
  const params: QueryParams<ListQuery> = { page: 1, itemsPerPage: BULK_APPROVE_MAX, 'sort[createdAt]': 'desc' };
  if (filter.module) params['module.code'] = [filter.module];
  if (filter.companyId !== null) params['company.id'] = filter.companyId;
  if (filter.requester) params['requester.id'] = filter.requester.id;
  const range = amountRange(filter);
  if (range?.min !== undefined) params['amount[gte]'] = range.min;
  if (range?.max !== undefined) params['amount[lte]'] = range.max;
  return params;
}
