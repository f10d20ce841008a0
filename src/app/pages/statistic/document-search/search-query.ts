import dayjs from 'dayjs';
import type { QueryParams } from '../../../lib/query-string';
import { SEARCH_PERIODS, type DocumentSearchQuery, type FileSearchQuery, type SearchPeriod } from '../../../../wire/document-search';

/** The period types of the document search (spec 001 §9): those its query takes. */
export const PERIOD_TYPES = SEARCH_PERIODS;
export type PeriodType = SearchPeriod;
/** Amount operators (spec 001 §9: default greater-than-or-equal). */
export const OPERATORS = ['gte', 'eq', 'lte'] as const;
export type Operator = (typeof OPERATORS)[number];

/** What the filter sheet edits. */
export interface SearchFilter {
  periodType: PeriodType | '';
  from: string;
  to: string;
  operator: Operator;
  amount: string;
  currency: string;
  company: { id: number; name: string } | null;
  vendor: string;
  /** 申請番号 / 決裁番号, part of one (issue #36). */
  applicationNumber: string;
  decisionNumber: string;
}

/** Applications sort (the sort sheet) and files sort (date or amount). */
export interface SearchSort {
  field: 'code' | 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
}
export interface FileSort {
  field: 'date' | 'amount';
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: SearchSort = { field: 'createdAt', order: 'desc' };
export const DEFAULT_FILE_SORT: FileSort = { field: 'date', order: 'desc' };
/** Spec 001 §9: document search pages hold 5. */
export const SEARCH_PAGE_SIZE = 5;
/** Spec 001 §5: search inputs at most 20 characters; amounts 20. */
export const TEXT_MAX = 20;
/** A 申請番号 / 決裁番号 filter (the wire's limit). */
export const NUMBER_MAX = 64;

/** The default: today's submissions (spec 001 §2). */
export function defaultFilter(today: Date = new Date()): SearchFilter {
  const day = dayjs(today).format('YYYY-MM-DD');
  return { periodType: 'createdAt', from: day, to: day, operator: 'gte', amount: '', currency: '', company: null, vendor: '', applicationNumber: '', decisionNumber: '' };
}

/** The first problem of a filter as a translation key (spec 001 §5 order), or null. */
export function filterProblem(f: SearchFilter): string | null {
  if (!f.periodType) return 'statistic.search.alerts.periodType';
  if (!f.from || !f.to) return 'statistic.search.alerts.period';
  if (f.from > f.to) return 'statistic.search.alerts.badRange';
  if (f.amount.trim() !== '' && !/^-?\d+(\.\d+)?$/.test(f.amount.trim())) return 'statistic.search.alerts.badAmount';
  return null;
}

/**
 * Query parameters of `GET /buffer/statistic_search` or, with `files`, `/buffer_files/statistic_search`
 * (the amount as `amount=gte100`; the documents' search takes it as `inputAmount` and `condition`).
 */
export function searchParams(f: SearchFilter, sort: SearchSort | FileSort, files: boolean): QueryParams<FileSearchQuery> | QueryParams<DocumentSearchQuery> {
  const out: QueryParams<FileSearchQuery> = { itemsPerPage: SEARCH_PAGE_SIZE };
  if (f.periodType) out[f.periodType] = `${f.from}~${f.to}`;
  const amount = f.amount.trim();
  if (amount !== '' && files) out.amount = `${f.operator}${amount}`;
  if (f.currency) out.currency = f.currency;
  if (f.company) out.companyName = String(f.company.id);
  if (f.vendor.trim()) out.vendor = f.vendor.trim();
  if (f.applicationNumber.trim()) out.application_number = f.applicationNumber.trim();
  if (f.decisionNumber.trim()) out.decision_number = f.decisionNumber.trim();
  out[`sort[${sort.field}]`] = sort.order;
  if (files || amount === '') return out;
  return { ...out, inputAmount: Number(amount), condition: f.operator } satisfies QueryParams<DocumentSearchQuery>;
}
