/**
 * The query of the Statistic area's document search (spec 001 §3 "Document search filter", §7):
 * `GET /buffer/statistic_search` and `GET /buffer_files/statistic_search`, written once: the
 * routes' querystring schemas (and /api/docs), the server's filter code and the web app's search
 * requests take it from here. The period and amount texts are checked by the server's
 * `parsePeriod` / `parseAmount` (server/statistics/search-filter.ts), with the spec's messages.
 */
import { Type, type TProperties } from '@sinclair/typebox';

import { SortOrder, amount, paging, type Paged } from './common';

/** The dates a search period may be on (exactly one per search, `from~to`). */
export const SEARCH_PERIODS = ['createdAt', 'estPaymentDate', 'completionDate'] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];

const text = () => Type.Optional(Type.String({ maxLength: 100 }));
const order = () => Type.Optional(SortOrder);

/** The query with `amountInput` after `amount` (the documents' search takes an amount as number and condition too). */
const searchQuery = <P extends TProperties>(amountInput: P) => Type.Object({
  ...paging(5),
  createdAt: text(), estPaymentDate: text(), completionDate: text(),
  /** A company's id or name. */
  companyName: text(),
  currency: Type.Optional(Type.String({ maxLength: 16 })),
  /** `>=100`, `lte 5`, …: operator (default >=) and number. */
  amount: Type.Optional(Type.String({ maxLength: 40 })),
  ...amountInput,
  vendor: text(),
  /** 申請番号 / 決裁番号 (issue #36): part of the number, case-insensitive. */
  application_number: Type.Optional(Type.String({ maxLength: 64 })),
  decision_number: Type.Optional(Type.String({ maxLength: 64 })),
  moduleCode: Type.Optional(Type.String({ maxLength: 64 })),
  'sort[code]': order(), 'sort[createdAt]': order(), 'sort[updatedAt]': order(), 'sort[date]': order(), 'sort[amount]': order(),
}, { additionalProperties: false });

/** `GET /buffer_files/statistic_search`: the filter without inputAmount and condition. */
export const FileSearchQuery = searchQuery({});
export type FileSearchQuery = Paged<typeof FileSearchQuery>;

/** `GET /buffer/statistic_search`: the filter, the amount also as `inputAmount` and `condition` (gte, eq, lte or >=, =, <=). */
export const DocumentSearchQuery = searchQuery({
  inputAmount: Type.Optional(amount()),
  condition: Type.Optional(Type.String({ maxLength: 8 })),
});
/** What the server's search code reads (the file search's query is the same without the amount input). */
export type DocumentSearchQuery = Paged<typeof DocumentSearchQuery>;
