/**
 * The query of the approval lists (`GET /approvals/my`, `/my-buffers`, `/buffer/forwarded`; spec
 * 000 §2, §3 filter keys, §7), written once: the routes' querystring schema (and /api/docs), the
 * server's filter and order code and the web app's list requests take it from here.
 */
import { Type, type TOptional, type TString } from '@sinclair/typebox';

import { QueryFlag, SortOrder, cursor, day, dbId, paging, type Paged } from './common';

/** The period filters: submission, last change, completion; each `[after]` / `[before]` (inclusive days). */
/**
 * `hydra:totalItems` of `/approvals/my` (pending and done) counts at most this many: a busy
 * approver has handled tens of thousands of documents, and may be left tens of thousands to decide
 * (a migration, a long absence); counting them all was most of the list's cost (the decade bench's
 * approver with 56,058 pending: 16 ms a count). Past it the count means "this many or more" (Home
 * says so), and the lists page on by `nextCursor`.
 */
export const APPROVAL_LIST_COUNT_CAP = 1000;

export const LIST_PERIODS = ['createdAt', 'updatedAt', 'completionDate'] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];
type PeriodKey = `${ListPeriod}[${'after' | 'before'}]`;

const periodFilters = Object.fromEntries(LIST_PERIODS.flatMap((period) => [
  [`${period}[after]`, Type.Optional(day())], [`${period}[before]`, Type.Optional(day())],
])) as Record<PeriodKey, TOptional<TString>>;

/** The document statuses a list filters by (spec 000 §4). */
export const LIST_STATUSES = [0, 2, 3, 10] as const;

const ids = () => Type.Optional(Type.Array(dbId(), { maxItems: 100 }));
const codes = () => Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }));
const statuses = () => Type.Optional(Type.Array(Type.Integer({ enum: [...LIST_STATUSES] }), { maxItems: 4 }));

/**
 * Bracketed keys arrive literally (`sort[code]`, `amount[lte]`); repeated keys and `key[]` both
 * give arrays (the route's Ajv wraps a single value). Page size 5 by default (spec 000 §9).
 */
export const ListQuery = Type.Object({
  ...paging(5),
  /** Keyset paging: `nextCursor` of the previous page (then `page` is not used). */
  cursor: Type.Optional(cursor(400)),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  isDone: Type.Optional(QueryFlag),
  'module.code': codes(), 'module.code[]': codes(),
  status: statuses(), 'status[]': statuses(),
  'company.id': ids(), 'requester.id': ids(), 'requester.id[]': ids(), 'applicant.id': ids(), 'contract_party.id': ids(),
  stamp_no: Type.Optional(Type.String({ maxLength: 100 })),
  currency: Type.Optional(Type.String({ maxLength: 16 })),
  'amount[lte]': Type.Optional(Type.Number()), 'amount[gte]': Type.Optional(Type.Number()),
  'sort[code]': Type.Optional(SortOrder), 'sort[createdAt]': Type.Optional(SortOrder), 'sort[updatedAt]': Type.Optional(SortOrder),
  ...periodFilters,
});
export type ListQuery = Paged<typeof ListQuery>;
